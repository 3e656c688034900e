import { NextResponse, type NextRequest } from "next/server";
import { accessCookieFor, matchKey } from "@/lib/access";
import { getReadyDb } from "@/lib/db";
import { PRIVATE_HEADERS, publicCacheHeaders } from "@/lib/cache/headers";
import { pageTag } from "@/lib/cache/tags";
import { tenancyConfig } from "@/lib/tenancy/config";
import { BASE_HEADER, PAGE_ID_HEADER, SUBPATH_HEADER, TENANCY_HEADERS } from "@/lib/tenancy/headers";
import { tenantByDomain, tenantBySlug, type TenantPage } from "@/lib/tenancy/lookup";
import { internalPath, pageRouteOf, planRequest, type TenancyConfig } from "@/lib/tenancy/route";
import { UNKNOWN_HOST_HEADERS, UNKNOWN_HOST_HTML } from "@/lib/tenancy/unknown-host";

/**
 * Thin dispatcher over lib/tenancy: resolves the Host to the primary host or a page's custom domain,
 * routes to /<slug>/…, and marks responses public (shared-cacheable, tagged) or private. Pages and
 * routes check access again themselves.
 */
const tenancy: TenancyConfig = tenancyConfig();

function withHeaders(res: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

async function site(request: NextRequest, tenant: TenantPage, rest: string, base: string, forwarded: Headers, rewrite: boolean) {
  const route = pageRouteOf(rest);
  const url = request.nextUrl;
  forwarded.set(BASE_HEADER, base);
  forwarded.set(PAGE_ID_HEADER, tenant.id);
  forwarded.set(SUBPATH_HEADER, `${rest}${url.search}`);

  if (tenant.isPrivate && route !== "other" && request.method === "GET" && url.searchParams.has("key")) {
    // A shared link with ?key=: remember it in the access cookie and drop it from the address bar.
    const db = await getReadyDb();
    const credential = await matchKey(db, tenant.id, url.searchParams.get("key") ?? "");
    if (credential) {
      const clean = new URL(url);
      clean.searchParams.delete("key");
      const location = `${`${base}${rest}` || "/"}${clean.search}`;
      const res = new NextResponse(null, { status: 303, headers: { Location: location } });
      res.headers.append("Set-Cookie", await accessCookieFor(db, tenant.id, credential));
      return withHeaders(res, PRIVATE_HEADERS);
    }
  }

  const res = rewrite
    ? NextResponse.rewrite(new URL(`${internalPath(tenant.slug, rest)}${url.search}`, request.url), { request: { headers: forwarded } })
    : NextResponse.next({ request: { headers: forwarded } });
  if (tenant.isPrivate) return withHeaders(res, PRIVATE_HEADERS);
  // Only the HTML pages are marked here; other routes under a page (feeds, forms) decide for themselves.
  if (route !== "other" && (request.method === "GET" || request.method === "HEAD")) return withHeaders(res, publicCacheHeaders([pageTag(tenant.id)]));
  return res;
}

export async function proxy(request: NextRequest) {
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
    case "slug": {
      const tenant = await tenantBySlug(plan.slug);
      // No such page: Next answers 404 (or a top-level route like /v1 serves itself).
      if (!tenant) return NextResponse.next({ request: { headers: forwarded } });
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
