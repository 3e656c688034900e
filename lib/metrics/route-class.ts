/** The route classes of the request metrics: a small fixed set, so labels never grow with paths. */
export type RouteClass = "page" | "private_page" | "api" | "embed" | "form" | "asset" | "ops" | "other";

// Machine-readable outputs of a page: widget, embed script, badges, JSON, feeds, calendar, images.
const EMBED = /(?:^|\/)(?:embed|embed\.js|badge\.svg|badge\.json|feed\.rss|feed\.atom|history\.rss|history\.atom|maintenance\.ics|og\.png)$|(?:^|\/)api\/v2\/.+\.json$/;
const PAGE = /^(?:\/[^/]+)?(?:\/|\/history|\/subscribe|\/manage|\/confirm|\/incidents\/[^/]+)?$/;
const ASSET = /^\/(?:_next\/|favicon\.ico$|icon|apple-icon|[^/]+\.(?:svg|png|ico|jpe?g|webp|woff2?|css|js|txt|webmanifest)$)/;

/**
 * Classifies a request by method and path alone (pure). `privateResponse` (the response was not
 * shareable: a private page) turns a page into a private page.
 */
export function routeClass(method: string, rawPath: string, privateResponse = false): RouteClass {
  const path = rawPath.split("?")[0];
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return "ops";
  if (path === "/openapi.json" || /^\/(?:v1|v2|v3|next)(?:\/|$)/.test(path)) return "api";
  if (path === "/robots.txt" || path === "/sitemap.xml") return "other";
  if (EMBED.test(path)) return "embed";
  if (ASSET.test(path)) return "asset";
  // The unlock form, one-click unsubscribe, and the server actions of subscribe/manage/confirm pages.
  if (/(?:^|\/)(?:access|manage\/unsubscribe)$/.test(path) || (method === "POST" && PAGE.test(path))) return "form";
  if ((method === "GET" || method === "HEAD") && PAGE.test(path)) return privateResponse ? "private_page" : "page";
  return "other";
}
