/**
 * How a response tells the front cache (lib/front-cache) that it may be shared, and on which tags it
 * depends. Nothing without this header is ever stored; the front cache strips it before sending.
 */
export const CACHE_TAGS_HEADER = "x-heliograph-cache-tags";

/** What a CDN may do with public responses: keep briefly, serve stale while refreshing or while we are down. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30, stale-if-error=86400";

export function publicCacheHeaders(tags: readonly string[]): Record<string, string> {
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, [CACHE_TAGS_HEADER]: tags.join(",") };
}

/** Private pages and everything under them. */
export const PRIVATE_HEADERS: Record<string, string> = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
