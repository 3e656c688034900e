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

/** Internal: on a private page's render, the page and the credentials that open it now (see privateCacheHeaders). */
export const CACHE_ACCESS_HEADER = "x-heliograph-cache-access";

/**
 * A private page's HTML as rendered for a visitor it lets in: the same for every such visitor, so the front
 * cache may keep it and serve it to a request whose access cookie it has checked against `credentials`
 * (lib/front-cache/private.ts). Still `private, no-store` for browsers and proxies.
 */
export function privateCacheHeaders(pageId: string, tags: readonly string[], credentials: readonly string[]): Record<string, string> {
  return { ...PRIVATE_HEADERS, [CACHE_TAGS_HEADER]: tags.join(","), [CACHE_ACCESS_HEADER]: [pageId, ...credentials].join(" ") };
}
