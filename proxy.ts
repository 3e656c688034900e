import { NextResponse, type NextRequest } from "next/server";
import { accessCookieFor, checkPageAccess, matchKey, pageCredentials } from "@/lib/access";
import { PRIVATE_HEADERS, privateCacheHeaders, publicCacheHeaders } from "@/lib/cache/headers";
import { pageTag } from "@/lib/cache/tags";
import { getReadyDb } from "@/lib/db";
import { incidentOnPage } from "@/lib/public-page/on-page";
import { maintenanceOnPage } from "@/lib/public-page/maintenance";
import { historyPageOf } from "@/lib/public-page/view";
import { findPageById } from "@/lib/status-pages/queries";
import { tenancyConfig } from "@/lib/tenancy/config";
import { BASE_HEADER, DOMAIN_BASE, LOCALE_HEADER, QUERY_HEADER, TENANCY_HEADERS } from "@/lib/tenancy/headers";
import { tenantByDomain, tenantBySlug, type TenantPage } from "@/lib/tenancy/lookup";
import { LANG, routeClassOf, strayQuery, visitorLocale, type RouteClass } from "@/lib/tenancy/route-class";
import { internalPath, NOT_FOUND_PATH, planRequest, type TenancyConfig } from "@/lib/tenancy/route";
import { UNAVAILABLE_HEADERS, UNAVAILABLE_HTML, UNKNOWN_HOST_HEADERS, UNKNOWN_HOST_HTML } from "@/lib/tenancy/unknown-host";
import { log } from "@/lib/log";

/**
 * Thin dispatcher over lib/tenancy: resolves the Host to the primary host or a page's custom domain,
 * routes to /<slug>/…, marks responses public (shared-cacheable, tagged) or private, and decides the
 * status of page routes (401 locked, 404 missing): Next 16 renders an empty body when a page calls
 * notFound() or unauthorized(), so pages render those screens themselves under the status set here.
 * Pages check access again; this is never the only guard.
 */
const tenancy: TenancyConfig = tenancyConfig();

function withHeaders(res: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

/**
 * The status a page route answers with: 401 for a locked private page, 404 for a missing incident or history
 * page; for a private page that lets the visitor in, also the credentials that open it (for the front cache).
 */
async function routeStatus(request: NextRequest, tenant: TenantPage, route: RouteClass, rest: string): Promise<{ status?: number; credentials?: string[] }> {
  if (!route.lockable) return {};
  const db = await getReadyDb();
  let credentials: string[] | undefined;
  if (tenant.isPrivate) {
    const page = await findPageById(db, tenant.id);
    const input = { cookieHeader: request.headers.get("cookie"), authorization: request.headers.get("authorization"), keyParam: null };
    if (!page || !(await checkPageAccess(db, page, input))) return { status: 401 };
    credentials = await pageCredentials(db, page);
  }
  if (route.name === "incident" && !(await incidentOnPage(db, tenant, rest.slice("/incidents/".length)))) return { status: 404 };
  if (route.name === "maintenance" && !(await maintenanceOnPage(db, tenant, rest.slice("/maintenance/".length)))) return { status: 404 };
  if (route.name === "history" && historyPageOf(request.nextUrl.searchParams) === null) return { status: 404 };
  return { credentials };
}

async function site(request: NextRequest, tenant: TenantPage, rest: string, base: string, forwarded: Headers, rewrite: boolean) {
  const route = routeClassOf(rest);
  const url = request.nextUrl;
  // An empty header value would not reach the page, hence a word for "served at the custom domain's root".
  forwarded.set(BASE_HEADER, base === "" ? DOMAIN_BASE : base);
  forwarded.set(LOCALE_HEADER, visitorLocale(url.searchParams, tenant.locale));
  const kept = new URLSearchParams(url.searchParams);
  kept.delete(LANG);
  if (kept.size > 0) forwarded.set(QUERY_HEADER, kept.toString());

  if (tenant.isPrivate && route.keyExchange && request.method === "GET" && url.searchParams.has("key")) {
    // A shared link with ?key=: remember it in the access cookie and drop it from the address bar.
    const db = await getReadyDb();
    const credential = await matchKey(db, tenant.id, url.searchParams.get("key") ?? "");
    if (credential) {
      const clean = new URL(url);
      clean.searchParams.delete("key");
      // Absolute for NextResponse; Next turns a same-origin Location back into a relative one.
      const res = NextResponse.redirect(new URL(`${`${base}${rest}` || "/"}${clean.search}`, request.url), 303);
      res.headers.append("Set-Cookie", await accessCookieFor(db, tenant.id, credential));
      return withHeaders(res, PRIVATE_HEADERS);
    }
  }

  // Private pages are left alone here: their stray parameters (and `key`, exchanged for a cookie by the
  // app) are dropped by the front cache, which serves a stored private copy only after its own cookie check.
  const stray = !tenant.isPrivate && (request.method === "GET" || request.method === "HEAD") ? strayQuery(route, url.searchParams) : null;
  if (stray !== null) {
    // Cross-origin readers (dashboards fetching the JSON) follow a redirect only if it passes CORS too.
    const res = NextResponse.redirect(new URL(`${`${base}${rest}` || "/"}${stray}`, request.url), 308);
    return withHeaders(res, { "Access-Control-Allow-Origin": "*" });
  }

  const { status, credentials } = await routeStatus(request, tenant, route, rest);
  const init = { request: { headers: forwarded }, status };
  const res = rewrite ? NextResponse.rewrite(new URL(`${internalPath(tenant.slug, rest)}${url.search}`, request.url), init) : NextResponse.next(init);
  if (tenant.isPrivate) {
    // The page as every visitor it lets in sees it: the front cache may keep it and check the cookie itself.
    const shareable = credentials !== undefined && route.sharedHtml && (request.method === "GET" || request.method === "HEAD");
    return withHeaders(res, shareable ? privateCacheHeaders(tenant.id, [pageTag(tenant.id)], credentials) : PRIVATE_HEADERS);
  }
  // Only the HTML pages are marked here; other routes under a page (feeds, forms) decide for themselves.
  if (route.sharedHtml && (request.method === "GET" || request.method === "HEAD")) return withHeaders(res, publicCacheHeaders([pageTag(tenant.id)]));
  return res;
}

function notFound(request: NextRequest, forwarded: Headers): NextResponse {
  return NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url), { request: { headers: forwarded } });
}

/** The store is unreachable: a 503 the front cache answers with its last good copy (stale-if-error). */
function unavailable(): NextResponse {
  return new NextResponse(UNAVAILABLE_HTML, { status: 503, headers: UNAVAILABLE_HEADERS });
}

export async function proxy(request: NextRequest) {
  try {
    return await dispatch(request);
  } catch (err) {
    log.error({ err: (err as Error)?.message, path: request.nextUrl.pathname }, "status page routing failed");
    return unavailable();
  }
}

async function dispatch(request: NextRequest) {
  const url = request.nextUrl;
  const forwarded = new Headers(request.headers);
  for (const h of TENANCY_HEADERS) forwarded.delete(h);
  const plan = planRequest(
    { host: request.headers.get("host"), forwardedHost: request.headers.get("x-forwarded-host"), pathname: url.pathname, search: url.search },
    tenancy,
  );
  switch (plan.action) {
    case "pass":
      return NextResponse.next({ request: { headers: forwarded } });
    case "redirect":
      return NextResponse.redirect(plan.location, plan.permanent ? 308 : 307);
    case "unknown-host":
      return new NextResponse(UNKNOWN_HOST_HTML, { status: 404, headers: UNKNOWN_HOST_HEADERS });
    case "not-found":
      return notFound(request, forwarded);
    case "slug": {
      const tenant = await tenantBySlug(plan.slug);
      // A badge sits in an <img>: its own route answers an unknown page with a grey "not found" badge, not HTML.
      if (!tenant) return routeClassOf(plan.rest).name === "badge" ? NextResponse.next({ request: { headers: forwarded } }) : notFound(request, forwarded);
      if (plan.canonicalPath) return NextResponse.redirect(new URL(`${plan.canonicalPath}${url.search}`, request.url), 308);
      return site(request, tenant, plan.rest, `/${tenant.slug}`, forwarded, false);
    }
    case "domain": {
      const tenant = await tenantByDomain(plan.hostname);
      if (tenant) return site(request, tenant, plan.rest, "", forwarded, true);
      const bare = plan.wwwOf ? await tenantByDomain(plan.wwwOf) : null;
      if (bare) return NextResponse.redirect(`${new URL(tenancy.publicOrigin).protocol}//${plan.wwwOf}${url.pathname}${url.search}`, 308);
      return new NextResponse(UNKNOWN_HOST_HTML, { status: 404, headers: UNKNOWN_HOST_HEADERS });
    }
  }
}

export const config = {
  // Static assets and the management API never depend on the Host.
  matcher: ["/((?!_next/static|_next/image|v1/|openapi\\.json).*)"],
};
