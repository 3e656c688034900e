import { createHash } from "node:crypto";
import { PRIVATE_HEADERS, publicCacheHeaders } from "@/lib/cache/headers";
import { pageTag } from "@/lib/cache/tags";
import { BADGE_CSP, WIDGET_CSP } from "@/lib/http/security-headers.mjs";

/** What an embed route produces; the wrapper adds caching, privacy, CORS and validators. */
export interface EmbedBody {
  body: string | Uint8Array;
  contentType: string;
  headers?: Record<string, string>;
}

/**
 * json/script/feed/calendar are read cross-origin by dashboards, readers and other sites, so they
 * carry CORS `*`. That never exposes a private page: browsers refuse credentialed reads under `*`,
 * so a cookie cannot ride along; a page key in the URL or header is the caller's own.
 */
export type EmbedKind = "json" | "badge" | "feed" | "calendar" | "image" | "html" | "script";

const CORS_KINDS = new Set<EmbedKind>(["json", "badge", "feed", "calendar", "script"]);
export const CORS_HEADERS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "ETag" };

// Other sites load these as subresources, also from pages that require Cross-Origin-Resource-Policy.
const CROSS_ORIGIN_KINDS = new Set<EmbedKind>(["badge", "image", "script"]);

export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 weak comparison: `*`, a list, and W/ prefixes all count. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const v = t.trim();
    return v === "*" || v.replace(/^W\//, "") === bare;
  });
}

export function kindHeaders(kind: EmbedKind): Record<string, string> {
  const h: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (CORS_KINDS.has(kind)) Object.assign(h, CORS_HEADERS);
  if (kind === "badge") h["Content-Security-Policy"] = BADGE_CSP;
  if (kind === "html") h["Content-Security-Policy"] = WIDGET_CSP;
  if (CROSS_ORIGIN_KINDS.has(kind)) h["Cross-Origin-Resource-Policy"] = "cross-origin";
  if (kind === "json") h["Vary"] = "Accept-Encoding";
  return h;
}

/** Public pages may be shared-cached under their page tag; private ones never leave the browser's memory. */
export function cacheHeaders(page: { id: string; is_private: number }): Record<string, string> {
  return page.is_private ? { ...PRIVATE_HEADERS } : publicCacheHeaders([pageTag(page.id)]);
}

export function buildResponse(request: Request, out: EmbedBody, kind: EmbedKind, cache: Record<string, string>): Response {
  const etag = etagOf(out.body);
  const headers: Record<string, string> = { ...kindHeaders(kind), ...cache, ETag: etag, ...out.headers };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers["Content-Type"] = out.contentType;
  return new Response(out.body as BodyInit, { status: 200, headers });
}

/** Answer to a CORS preflight (a dashboard sending `Authorization: Bearer <page key>`). */
export function corsPreflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "Authorization, If-None-Match",
      "Access-Control-Max-Age": "86400",
    },
  });
}
