/**
 * The status page's own front door: a GET or HEAD of a page's home (/<slug>, or / on its custom domain) is
 * answered by Heliograph's server without going through Next. Routing is lib/tenancy's (as proxy.ts does it),
 * access is checked here, the page is rendered by the installed static renderer, and the answer carries the
 * headers proxy.ts, the route and next.config.mjs would have given it. Next's request pipeline (proxy, route
 * module, headers) cost more than the page's own render (issue 15), and a new process answers the page before
 * Next has loaded.
 *
 * Anything else is left to Next (the answer is false): other routes, unknown pages, and every request that
 * proxy.ts answers with a redirect (a slug in other letter case, stray query parameters, a private page's
 * `?key=` link). app/(status)/[site]/route.ts renders the same page from the same renderer for those it is
 * handed; under `npm start` and `npm run dev` that is only a private page's unmatched `?key=`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { checkPageAccess, pageCredentials } from "../access";
import { PRIVATE_HEADERS, privateCacheHeaders, publicCacheHeaders } from "../cache/headers";
import { pageTag } from "../cache/tags";
import { getReadyDb } from "../db";
import { env } from "../env";
import { BASE_SECURITY_HEADERS, PAGE_CSP } from "../http/security-headers.mjs";
import { log } from "../log";
import { loadRecentSnapshot } from "../public-page/load";
import type { Site } from "../public-page/site";
import { findPageById } from "../status-pages/queries";
import { pageAddress } from "../tenancy/address";
import { tenantByDomain, tenantBySlug } from "../tenancy/lookup";
import { planRequest, type TenancyConfig } from "../tenancy/route";
import { LANG, routeClassOf, strayQuery, visitorLocale } from "../tenancy/route-class";
import { UNAVAILABLE_HEADERS, UNAVAILABLE_HTML } from "../tenancy/unknown-host";
import { RSC_VARY } from "../front-cache/guard";
import { isNextVariant } from "../front-cache/request";
import { staticPages } from "./registry";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A direct answer is compressed once per request, in its latency: fast settings (brotli quality 1, gzip level 3)
 * cost ~1 ms on the 500 KB scale page where the defaults cost 3–4 ms, for ~12 % more bytes. What the front cache
 * keeps it compresses once, at full quality (lib/front-cache/entry.ts).
 */
async function compressForVisitor(body: Buffer, acceptEncoding: string): Promise<{ body: Buffer; encoding?: string }> {
  if (/\bbr\b/.test(acceptEncoding)) return { body: await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }), encoding: "br" };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: await gzipAsync(body, { level: 3 }), encoding: "gzip" };
  return { body };
}

/**
 * next.config.mjs's headers for an HTML page (every path but the widget and badges), and the Vary Next sends:
 * an RSC request for the same URL is Next's to answer, differently, so a shared cache must key on those headers.
 */
const PAGE_HEADERS: Record<string, string> = {
  ...BASE_SECURITY_HEADERS,
  "Content-Security-Policy": PAGE_CSP,
  "X-Frame-Options": "DENY",
  "Content-Type": "text/html; charset=utf-8",
  Vary: RSC_VARY,
};

const header = (req: IncomingMessage, name: string): string | null => {
  const v = req.headers[name];
  return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
};

export interface AnswerOptions {
  tenancy: TenancyConfig;
  /**
   * Whether the answer goes straight to the visitor (the front cache is off, or does not keep this request):
   * then it is compressed (brotli or gzip) for a client that accepts it, as Next compresses its own answers.
   * The front cache compresses what it stores itself.
   */
  direct: boolean;
}

/** True when the request was answered here; false when it is Next's to answer (nothing was written). */
export async function answerStatusPage(req: IncomingMessage, res: ServerResponse, o: AnswerOptions): Promise<boolean> {
  const pages = staticPages();
  // An RSC or prefetch request is Next's business (guardResponse marks its answer private).
  if (!pages || (req.method !== "GET" && req.method !== "HEAD") || isNextVariant(req)) return false;
  const url = new URL(req.url ?? "/", "http://heliograph.invalid");
  const plan = planRequest({ host: header(req, "host"), forwardedHost: header(req, "x-forwarded-host"), pathname: url.pathname, search: url.search }, o.tenancy);
  // A page's own address only: a slug in other letter case is redirected by proxy.ts.
  const routed = plan.action === "domain" || (plan.action === "slug" && plan.canonicalPath === null);
  if (!routed) return false;
  const route = routeClassOf(plan.rest);
  if (route.name !== "page") return false;

  let status = 200;
  let headers: Record<string, string>;
  let body: Buffer;
  try {
    const tenant = plan.action === "slug" ? await tenantBySlug(plan.slug) : await tenantByDomain(plan.hostname);
    if (!tenant) return false;
    if (tenant.isPrivate ? url.searchParams.has("key") : strayQuery(route, url.searchParams) !== null) return false;
    const db = await getReadyDb();
    const page = await findPageById(db, tenant.id);
    if (!page) return false;
    const access = await checkPageAccess(db, page, { cookieHeader: header(req, "cookie"), authorization: header(req, "authorization"), keyParam: null });
    // As proxy.ts hands them to the route (lib/public-page/site.ts's siteQuery): without `lang`, bounded.
    const query = new URLSearchParams(url.searchParams);
    query.delete(LANG);
    const kept = query.toString();
    const site: Site = {
      page,
      base: plan.action === "slug" ? `/${tenant.slug}` : "",
      address: pageAddress(page, env.HELIOGRAPH_PUBLIC_URL),
      access,
      locale: visitorLocale(url.searchParams, tenant.locale),
      query: kept.length > 2048 ? "" : kept,
    };
    if (!access) {
      status = 401;
      headers = PRIVATE_HEADERS;
      body = pages.locked(site, Object.fromEntries(url.searchParams));
    } else {
      headers = tenant.isPrivate ? privateCacheHeaders(tenant.id, [pageTag(tenant.id)], await pageCredentials(db, page)) : publicCacheHeaders([pageTag(tenant.id)]);
      body = pages.home(site, await loadRecentSnapshot(db, page));
    }
  } catch (err) {
    // Mostly the store being unreachable: a 503 the front cache answers with its last good copy (stale-if-error).
    log.error({ err }, "status page render failed");
    res.writeHead(503, UNAVAILABLE_HEADERS).end(req.method === "HEAD" ? undefined : UNAVAILABLE_HTML);
    return true;
  }
  const out: Record<string, string> = { ...PAGE_HEADERS, ...headers };
  if (o.direct) {
    const packed = await compressForVisitor(body, header(req, "accept-encoding") ?? "");
    body = packed.body;
    if (packed.encoding) out["Content-Encoding"] = packed.encoding;
  }
  out["Content-Length"] = String(body.length);
  res.writeHead(status, out).end(req.method === "HEAD" ? undefined : body);
  return true;
}
