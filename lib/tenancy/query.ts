import type { PageRoute } from "./route";

/** The query parameters each page route reads; `_rsc` is Next's own for client navigation. */
const KEEP: Record<Exclude<PageRoute, "other">, readonly string[]> = {
  page: ["denied", "_rsc"],
  incident: ["denied", "_rsc"],
  history: ["page", "denied", "_rsc"],
};

/**
 * A page URL carrying parameters the page never reads (tracking tags, or `?x=<random>` sent to dodge the
 * front cache) is redirected to the same URL without them, so every such request is answered from the
 * one cached copy instead of forcing a render. Returns the cleaned search ("" or "?…"), or null when
 * there is nothing to drop.
 */
export function strayQueryRedirect(route: PageRoute, params: URLSearchParams): string | null {
  if (route === "other") return null;
  const keep = KEEP[route];
  const kept = [...params].filter(([k]) => keep.includes(k));
  if (kept.length === [...params].length) return null;
  const search = new URLSearchParams(kept).toString();
  return search ? `?${search}` : "";
}
