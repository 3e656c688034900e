import { PRIVATE_HEADERS, privateCacheHeaders, publicCacheHeaders } from "@/lib/cache/headers";
import { pageTag } from "@/lib/cache/tags";
import type { PageLocale } from "@/lib/time/locale";
import type { SiteBase } from "./address";
import { BASE_HEADER, DOMAIN_BASE, LOCALE_HEADER, QUERY_HEADER } from "./headers";
import type { TenantPage } from "./lookup";
import { historyPageOf, KEY, LANG, routeClassOf, strayQuery, visitorLocale } from "./route-class";
import type { RouteClassName } from "./route-class";
import { internalPath, type RequestPlan } from "./route";

/**
 * The public door: what every request a host plan routes gets, decided once. Pure and total: the callers (the
 * front door in lib/static-pages/answer.ts, proxy.ts for what goes through Next) look up only what it asks for,
 * through lib/public-page/door.ts, and carry out the action it ends with.
 */
export interface PublicRequest {
  method: string;
  pathname: string;
  /** "" or "?…", as received */
  search: string;
}

/** What was looked up, each fact only once asked for (undefined: not asked yet). */
export interface PublicFacts {
  /** the page the plan names, by slug or custom domain; null when there is none */
  tenant?: TenantPage | null;
  /** whether the domain without its `www.` is a page's */
  bareDomain?: boolean;
  /** the credential a private page's `?key=` stands for; null when it matches none of its keys */
  key?: string | null;
  /** whether the visitor may read the private page, and the credentials that open it now */
  access?: { open: boolean; credentials: readonly string[] };
  /** whether the incident or maintenance the path names is the page's */
  target?: boolean;
}

export interface PublicInput {
  plan: RequestPlan;
  request: PublicRequest;
  /** origin of HELIOGRAPH_PUBLIC_URL: custom domains are served on its scheme */
  publicOrigin: string;
  facts: PublicFacts;
}

/** A lookup the decision waits for. `mayBePage`: the answer may still be the page's home (the front door's to give). */
export type PublicNeed = { kind: "need"; mayBePage: boolean } & (
  | { need: "tenant"; by: "slug" | "domain"; name: string }
  | { need: "bareDomain"; hostname: string }
  | { need: "key"; pageId: string; key: string }
  | { need: "access"; pageId: string }
  | { need: "target"; route: "incident" | "maintenance"; page: Pick<TenantPage, "id" | "accountId">; id: string }
);

/** A page's route, served as decided: by the front door (the home) or by Next's route for it. */
export interface Served {
  pageId: string;
  route: RouteClassName;
  /** the status the route renders under (the unlock form, "not found"); none: the route's own */
  status?: 401 | 404;
  /** response headers: shared-cacheable and tagged, private, or none (the route marks itself) */
  headers: Readonly<Record<string, string>>;
  /** Next serves the path as asked (null) or this internal path (a custom domain's) */
  rewrite: string | null;
  /** the request headers the page's route reads (lib/tenancy/headers.ts) */
  forward: Readonly<Record<string, string>>;
  base: SiteBase;
  locale: PageLocale;
  /** the query without `lang`, for links that switch language and stay on this view ("" past 2048 characters) */
  query: string;
}

export type PublicAction =
  /** not a page's: Next answers as it is (API, global files, the landing page, an unknown page's badge) */
  | { kind: "pass" }
  /** `location` is absolute or a path on the request's origin; `grant`: set the access cookie for this credential */
  | { kind: "redirect"; status: 303 | 307 | 308; location: string; headers: Readonly<Record<string, string>>; grant?: { pageId: string; credential: string } }
  /** a host that is neither this server nor a page's domain: 404, never cached */
  | { kind: "unknown-host" }
  /** no page here: Next renders its 404 page */
  | { kind: "not-found" }
  /** the page's home, a GET or HEAD: the front door renders it (app/(status)/[site]/route.ts when Next has it) */
  | ({ kind: "page" } & Served)
  /** any other route under a page: Next's, with these headers */
  | ({ kind: "route" } & Served);

const PASS: PublicAction = { kind: "pass" };
const NOT_FOUND: PublicAction = { kind: "not-found" };
const UNKNOWN_HOST: PublicAction = { kind: "unknown-host" };
const NONE: Readonly<Record<string, string>> = Object.freeze({});
/** Cross-origin readers (dashboards fetching the JSON) follow a redirect only if it passes CORS too. */
const CORS: Readonly<Record<string, string>> = Object.freeze({ "Access-Control-Allow-Origin": "*" });
const MAX_QUERY = 2048;

const isRead = (method: string) => method === "GET" || method === "HEAD";
const withSearch = (params: URLSearchParams) => {
  const s = params.toString();
  return s ? `?${s}` : "";
};

export function decidePublic(input: PublicInput): PublicAction | PublicNeed {
  const { plan, request, facts } = input;
  switch (plan.action) {
    case "pass":
      return PASS;
    case "redirect":
      return { kind: "redirect", status: plan.permanent ? 308 : 307, location: plan.location, headers: NONE };
    case "unknown-host":
      return UNKNOWN_HOST;
    case "not-found":
      return NOT_FOUND;
    case "slug": {
      const home = plan.canonicalPath === null && asksForHome(plan.rest, request.method);
      if (facts.tenant === undefined) return { kind: "need", mayBePage: home, need: "tenant", by: "slug", name: plan.slug };
      // A badge sits in an <img>: its own route answers an unknown page with a grey "not found" badge, not HTML.
      if (facts.tenant === null) return routeClassOf(plan.rest).name === "badge" ? PASS : NOT_FOUND;
      if (plan.canonicalPath !== null) return { kind: "redirect", status: 308, location: `${plan.canonicalPath}${request.search}`, headers: NONE };
      return site(input, facts.tenant, plan.rest, `/${facts.tenant.slug}`);
    }
    case "domain": {
      if (facts.tenant === undefined) return { kind: "need", mayBePage: asksForHome(plan.rest, request.method), need: "tenant", by: "domain", name: plan.hostname };
      if (facts.tenant !== null) return site(input, facts.tenant, plan.rest, "");
      if (plan.wwwOf === null) return UNKNOWN_HOST;
      if (facts.bareDomain === undefined) return { kind: "need", mayBePage: false, need: "bareDomain", hostname: plan.wwwOf };
      if (!facts.bareDomain) return UNKNOWN_HOST;
      const scheme = input.publicOrigin.slice(0, input.publicOrigin.indexOf(":") + 1) || "https:";
      return { kind: "redirect", status: 308, location: `${scheme}//${plan.wwwOf}${request.pathname}${request.search}`, headers: NONE };
    }
  }
}

const asksForHome = (rest: string, method: string) => isRead(method) && routeClassOf(rest).name === "page";

/** A request for one of the page's routes: a key link, stray parameters, access, existence, then the headers. */
function site(input: PublicInput, tenant: TenantPage, rest: string, base: SiteBase): PublicAction | PublicNeed {
  const { request, facts } = input;
  const route = routeClassOf(rest);
  const params = new URLSearchParams(request.search);
  const read = isRead(request.method);
  const home = read && route.name === "page";
  const here = `${base}${rest}` || "/";

  if (tenant.isPrivate && route.keyExchange && request.method === "GET" && params.has(KEY)) {
    if (facts.key === undefined) return { kind: "need", mayBePage: home, need: "key", pageId: tenant.id, key: params.get(KEY) ?? "" };
    if (facts.key !== null) {
      // A shared link with ?key=: remember it in the access cookie and drop it from the address bar.
      const clean = new URLSearchParams(params);
      clean.delete(KEY);
      return { kind: "redirect", status: 303, location: `${here}${withSearch(clean)}`, headers: PRIVATE_HEADERS, grant: { pageId: tenant.id, credential: facts.key } };
    }
  }
  // Private pages are never shared, so their URLs are left alone (the front cache drops their stray parameters itself).
  const stray = !tenant.isPrivate && read ? strayQuery(route, params) : null;
  if (stray !== null) return { kind: "redirect", status: 308, location: `${here}${stray}`, headers: CORS };

  let status: 401 | 404 | undefined;
  let credentials: readonly string[] | undefined;
  if (route.lockable) {
    if (tenant.isPrivate) {
      if (facts.access === undefined) return { kind: "need", mayBePage: home, need: "access", pageId: tenant.id };
      if (facts.access.open) credentials = facts.access.credentials;
      else status = 401;
    }
    if (status === undefined && (route.name === "incident" || route.name === "maintenance")) {
      if (facts.target === undefined) {
        const id = rest.slice(route.name === "incident" ? "/incidents/".length : "/maintenance/".length);
        return { kind: "need", mayBePage: false, need: "target", route: route.name, page: { id: tenant.id, accountId: tenant.accountId }, id };
      }
      if (!facts.target) status = 404;
    }
    if (status === undefined && route.name === "history" && historyPageOf(params) === null) status = 404;
  }

  let headers = NONE;
  // The page as every visitor it lets in sees it: the front cache may keep it and check the cookie itself.
  if (tenant.isPrivate) headers = status === undefined && credentials !== undefined && route.sharedHtml && read ? privateCacheHeaders(tenant.id, [pageTag(tenant.id)], credentials) : PRIVATE_HEADERS;
  // Only the HTML pages are marked here; other routes under a page (feeds, forms) decide for themselves.
  else if (route.sharedHtml && read) headers = publicCacheHeaders([pageTag(tenant.id)]);

  const locale = visitorLocale(params, tenant.locale);
  const kept = new URLSearchParams(params);
  kept.delete(LANG);
  const query = kept.toString().length > MAX_QUERY ? "" : kept.toString();
  // An empty header value would not reach the page, hence a word for "served at the custom domain's root".
  const forward: Record<string, string> = { [BASE_HEADER]: base === "" ? DOMAIN_BASE : base, [LOCALE_HEADER]: locale };
  if (query !== "") forward[QUERY_HEADER] = query;
  const served: Served = {
    pageId: tenant.id,
    route: route.name,
    status,
    headers,
    rewrite: base === "" ? `${internalPath(tenant.slug, rest)}${request.search}` : null,
    forward,
    base,
    locale,
    query,
  };
  return home ? { kind: "page", ...served } : { kind: "route", ...served };
}

/**
 * The search a request is kept under before its page is known (the front cache keys it so: a hit waits on no
 * lookup): what its route reads, `denied=1` while the page may be private, and every `key` (exchanged by the
 * app, left out of the cache key). null when nothing is dropped; routes no page serves are left alone.
 */
export function keptBeforeLookup(plan: RequestPlan, search: string): string | null {
  if (plan.action !== "slug" && plan.action !== "domain") return null;
  const params = new URLSearchParams(search);
  const keys = params.getAll(KEY);
  params.delete(KEY);
  const kept = strayQuery(routeClassOf(plan.rest), params, { mayBePrivate: true });
  if (kept === null) return null;
  const out = new URLSearchParams(kept);
  for (const k of keys) out.append(KEY, k);
  return withSearch(out);
}
