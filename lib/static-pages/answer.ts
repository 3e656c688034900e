/**
 * The status page's own front door: a GET or HEAD of a page's home whose public decision (lib/tenancy/decide.ts) is the
 * page is answered without Next (whose pipeline cost more than the render), with the decision's status and headers.
 * Anything else, and RSC requests, are Next's: false, nothing written; app/(status)/[site]/route.ts renders those.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { getReadyDb } from "../db";
import { env } from "../env";
import { BASE_SECURITY_HEADERS, PAGE_CSP } from "../http/security-headers.mjs";
import { log } from "../log";
import { resolvePage } from "../public-page/door";
import { loadRecentSnapshot } from "../public-page/load";
import type { Site } from "../public-page/site";
import { findPageById } from "../status-pages/queries";
import { pageAddress } from "../tenancy/address";
import type { TenancyConfig } from "../tenancy/route";
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
  if (!pages || isNextVariant(req)) return false;
  const url = new URL(req.url ?? "/", "http://heliograph.invalid");
  let status: number;
  let headers: Readonly<Record<string, string>>;
  let body: Buffer;
  try {
    const request = { method: req.method ?? "GET", host: header(req, "host"), forwardedHost: header(req, "x-forwarded-host"), pathname: url.pathname, search: url.search };
    const resolved = await resolvePage({ ...request, cookie: header(req, "cookie"), authorization: header(req, "authorization") }, o.tenancy);
    if (!resolved) return false;
    const { action } = resolved;
    const db = await getReadyDb();
    // A private page's row was read to check access; one deleted in between is Next's to answer (404).
    const page = resolved.page ?? (await findPageById(db, action.pageId));
    if (!page) return false;
    const access = action.status !== 401;
    const site: Site = { page, base: action.base, address: pageAddress(page, env.HELIOGRAPH_PUBLIC_URL), access, locale: action.locale, query: action.query };
    status = action.status ?? 200;
    headers = action.headers;
    body = access ? pages.home(site, await loadRecentSnapshot(db, page)) : pages.locked(site, Object.fromEntries(url.searchParams));
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
