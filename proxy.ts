import { NextResponse, type NextRequest } from "next/server";
import { accessCookieFor } from "@/lib/access";
import { getReadyDb } from "@/lib/db";
import { resolvePublic } from "@/lib/public-page/door";
import { tenancyConfig } from "@/lib/tenancy/config";
import { TENANCY_HEADERS } from "@/lib/tenancy/headers";
import { NOT_FOUND_PATH, type TenancyConfig } from "@/lib/tenancy/route";
import { UNAVAILABLE_HEADERS, UNAVAILABLE_HTML, UNKNOWN_HOST_HEADERS, UNKNOWN_HOST_HTML } from "@/lib/tenancy/unknown-host";
import { log } from "@/lib/log";

/**
 * Carries out the public door's decision (lib/tenancy/decide.ts) for what reaches Next: redirects, 404s, and the
 * page's routes with the status they render under (Next 16 leaves the body empty when a page calls notFound() or
 * unauthorized()) and their cache headers. Pages check access again; this is never the only guard.
 */
const tenancy: TenancyConfig = tenancyConfig();

function withHeaders(res: NextResponse, headers: Readonly<Record<string, string>>): NextResponse {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
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

async function dispatch(request: NextRequest): Promise<NextResponse> {
  const url = request.nextUrl;
  const h = request.headers;
  const forwarded = new Headers(h);
  for (const name of TENANCY_HEADERS) forwarded.delete(name);
  const { action } = await resolvePublic(
    { method: request.method, host: h.get("host"), forwardedHost: h.get("x-forwarded-host"), pathname: url.pathname, search: url.search, cookie: h.get("cookie"), authorization: h.get("authorization") },
    tenancy,
  );
  switch (action.kind) {
    case "pass":
      return NextResponse.next({ request: { headers: forwarded } });
    case "unknown-host":
      return new NextResponse(UNKNOWN_HOST_HTML, { status: 404, headers: UNKNOWN_HOST_HEADERS });
    case "not-found":
      // A path no route matches, so Next renders app/not-found.tsx into the HTML.
      return NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url), { request: { headers: forwarded } });
    case "redirect": {
      // Absolute for NextResponse; Next turns a same-origin Location back into a relative one.
      const res = withHeaders(NextResponse.redirect(new URL(action.location, request.url), action.status), action.headers);
      if (action.grant) res.headers.append("Set-Cookie", await accessCookieFor(await getReadyDb(), action.grant.pageId, action.grant.credential));
      return res;
    }
    case "page":
    case "route": {
      for (const [name, value] of Object.entries(action.forward)) forwarded.set(name, value);
      const init = { request: { headers: forwarded }, status: action.status };
      const res = action.rewrite === null ? NextResponse.next(init) : NextResponse.rewrite(new URL(action.rewrite, request.url), init);
      return withHeaders(res, action.headers);
    }
  }
}

export const config = {
  // Static assets and the management API never depend on the Host.
  matcher: ["/((?!_next/static|_next/image|v1/|openapi\\.json).*)"],
};
