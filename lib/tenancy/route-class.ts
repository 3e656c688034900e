import { parseHistoryPage } from "@/lib/public-page/view";
import { isPageLocale, type PageLocale } from "@/lib/time/locale";

/**
 * Every route under a status page by class, with what the public door (./decide.ts) needs: whether a locked private
 * page answers it with 401 and the unlock form, whether a `?key=` link opens it, whether it is shared-cacheable there,
 * and which query parameters it reads. One table, so a new route cannot forget any of these.
 */
export type RouteClassName =
  | "page" | "incident" | "maintenance" | "history" | "uptime" | "subscribe" | "manage" | "confirm"
  | "badge" | "bars" | "widget" | "script" | "json" | "feed" | "calendar" | "image" | "other";

export interface RouteClass {
  name: RouteClassName;
  /** HTML page: 401 + unlock form on a locked private page */
  lockable: boolean;
  /** a shared link with ?key= sets the access cookie and is redirected without it */
  keyExchange: boolean;
  /** the public door marks it shared-cacheable on a public page (other routes mark themselves) */
  sharedHtml: boolean;
  /**
   * What the route reads from the query on a public page; others are redirected away, so strangers cannot
   * multiply the front cache's keys (every class the front cache stores has a list). null: not stored, left alone.
   */
  params: readonly string[] | null;
}

const BADGE = ["style", "theme", "label"] as const;
/** The visitor's language choice on the HTML pages (lib/i18n). */
export const LANG = "lang";
/** The unlock form's "wrong key" state (lib/access/form.ts): read on a locked private page only. */
const DENIED = "denied";
/** A private page's key in a shared link: exchanged for the access cookie, never part of a cache key. */
export const KEY = "key";
const row = (name: RouteClassName, flags: Partial<Omit<RouteClass, "name">>): RouteClass => ({ name, lockable: false, keyExchange: false, sharedHtml: false, params: [], ...flags });
const htmlPage = { lockable: true, keyExchange: true, sharedHtml: true } as const;

// `_rsc` is Next's own for client navigation between HTML pages; `lang` picks the page's language (an
// allow-listed value only: strayQuery drops any other, so `?lang=zz` never becomes a cache key of its own).
const RULES: readonly (readonly [RegExp, RouteClass])[] = [
  [/^\/?$/, row("page", { ...htmlPage, params: [DENIED, "_rsc", LANG] })],
  [/^\/history$/, row("history", { ...htmlPage, params: ["page", DENIED, "_rsc", LANG] })],
  [/^\/incidents\/[^/]+$/, row("incident", { ...htmlPage, params: [DENIED, "_rsc", LANG] })],
  [/^\/maintenance\/[^/]+$/, row("maintenance", { ...htmlPage, params: [DENIED, "_rsc", LANG] })],
  [/^\/uptime$/, row("uptime", { ...htmlPage, params: [DENIED, "_rsc", LANG] })],
  [/^\/subscribe$/, row("subscribe", { lockable: true, keyExchange: true, params: null })],
  // The signed token in the link is the credential: no unlock form, but a ?key= link still opens the page.
  [/^\/manage$/, row("manage", { keyExchange: true, params: null })],
  [/^\/confirm$/, row("confirm", { keyExchange: true, params: null })],
  // /components/<id>/… is the documented name of a component's badges, /services/<id>/… the v1 one.
  [/^(?:\/(?:components|services)\/[^/]+(?:\/uptime\/[^/]+)?)?\/badge\.(?:svg|json)$/, row("badge", { params: BADGE })],
  // A component's uptime bars with what each day was, fetched by the page's islands when a visitor reaches them.
  [/^\/components\/[^/]+\/bars$/, row("bars", { params: [LANG] })],
  [/^\/embed$/, row("widget", { params: ["theme", LANG] })],
  [/^\/embed\.js$/, row("script", {})],
  [/^\/api\/v2\/[a-z/-]+\.json$/, row("json", {})],
  [/^\/(?:feed|history)\.(?:rss|atom)$/, row("feed", {})],
  [/^\/maintenance\.ics$/, row("calendar", {})],
  [/^(?:\/incidents\/[^/]+)?\/og\.png$/, row("image", {})],
];

const OTHER = row("other", { params: null });

/** The class of a path below a page ("" is the page itself). */
export function routeClassOf(rest: string): RouteClass {
  for (const [pattern, cls] of RULES) if (pattern.test(rest)) return cls;
  return OTHER;
}

/**
 * The values a route reads, where not every value is one: each such parameter is kept only once and only as
 * a value it reads, written as the route writes it (history page 1 is the history without `page`).
 */
const VALUES: Readonly<Record<string, (v: string) => boolean>> = {
  [LANG]: isPageLocale,
  [DENIED]: (v) => v === "1",
  page: (v) => (parseHistoryPage(v) ?? 1) > 1,
};

/**
 * A URL with parameters its route never reads (tracking tags, `?x=<random>` to dodge the front cache) redirects to the
 * same URL without them, answered from the one cached copy instead of forcing a render. Returns the cleaned search, or
 * null. `denied` is read on private pages only: the front cache, keying before it knows the page, passes `mayBePrivate`.
 */
export function strayQuery(cls: RouteClass, params: URLSearchParams, opts: { mayBePrivate?: boolean } = {}): string | null {
  const keep = cls.params;
  if (keep === null) return null;
  const all = [...params];
  const reads = (k: string, v: string) => {
    if (!keep.includes(k) || (k === DENIED && !opts.mayBePrivate)) return false;
    const valid = VALUES[k];
    return valid === undefined || (params.getAll(k).length === 1 && valid(v));
  };
  const kept = all.filter(([k, v]) => reads(k, v));
  if (kept.length === all.length) return null;
  const search = new URLSearchParams(kept).toString();
  return search ? `?${search}` : "";
}

/** The history page a query names (page 1 without `page`), or null when none: a repeated `page` names none. */
export function historyPageOf(params: URLSearchParams): number | null {
  const all = params.getAll("page");
  return parseHistoryPage(all.length === 0 ? undefined : all.length === 1 ? all[0] : all);
}

/** The language a page route renders in: the visitor's allow-listed `?lang=` (exactly one), else the page's own. */
export function visitorLocale(params: URLSearchParams, pageLocale: PageLocale): PageLocale {
  const langs = params.getAll(LANG);
  return langs.length === 1 && isPageLocale(langs[0]) ? langs[0] : pageLocale;
}
