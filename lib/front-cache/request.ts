import type { IncomingMessage } from "node:http";
import { locationValue } from "../http/location";
import { parseHost } from "../tenancy/host";
import { keptBeforeLookup } from "../tenancy/decide";
import { KEY } from "../tenancy/route-class";
import { planRequest, type TenancyConfig } from "../tenancy/route";

/** Request headers that make Next answer something other than the page's HTML (RSC payloads, actions). */
const NEXT_VARIANT_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action", "next-url"];

/**
 * Whether a request may be answered from (and fill) the cache. Anything else goes to Next untouched:
 * other methods, Next's own assets, RSC and prefetch requests, and requests carrying credentials
 * other than cookies (a cookie alone cannot make a response shareable: only the tags header does).
 */
export function isCandidate(req: IncomingMessage): boolean {
  const m = req.method;
  if (m !== "GET" && m !== "HEAD") return false;
  const url = req.url ?? "/";
  if (url.startsWith("/_next/")) return false;
  if (req.headers.authorization !== undefined) return false;
  return !isNextVariant(req);
}

/** An RSC payload or prefetch request: its answer differs from the page's HTML at the same URL. */
export function isNextVariant(req: IncomingMessage): boolean {
  if ((req.url ?? "").includes("_rsc=")) return true;
  const h = req.headers;
  for (const name of NEXT_VARIANT_HEADERS) if (h[name] !== undefined) return true;
  return false;
}

export type TargetProblem = { status: 400 } | { status: 308; location: string };

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Brings the request target to the one form the app and the cache key understand: an absolute-form target's authority
 * replaces Host (RFC 9112 §3.2.2; unknown: 404); dot segments, also percent-encoded, redirect to the path they stand
 * for (else each `/x/%2e%2e/<slug>` is a new cache key). Two Hosts or other target forms: 400. Null when fine.
 */
export function normalizeTarget(req: IncomingMessage): TargetProblem | null {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].length === 4 && req.rawHeaders[i].toLowerCase() === "host") hosts++;
  if (hosts > 1) return { status: 400 };
  let url = req.url ?? "";
  if (!url.startsWith("/")) {
    if (!/^https?:\/\//i.test(url)) return { status: 400 };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { status: 400 };
    }
    if (target.username || target.password || !target.host) return { status: 400 };
    req.headers.host = target.host;
    url = req.url = `${target.pathname}${target.search}`;
  }
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  // A dot segment needs a "." or its escape: most paths have neither and are not split (every request comes here).
  if (!path.includes(".") && !path.includes("%")) return null;
  const segments = path.split("/");
  if (!segments.some((s) => DOT_SEGMENT.test(s))) return null;
  const out: string[] = [];
  for (const seg of segments.slice(1)) {
    if (!DOT_SEGMENT.test(seg)) out.push(seg);
    else if (seg.replace(/%2e/gi, ".") === "..") out.pop();
  }
  // Never a scheme-relative "//host" or "/\\host" that a browser would read as another site.
  const clean = `/${out.join("/")}`.replace(/^\/+/, "/").replace(/\\/g, "%5C");
  return { status: 308, location: locationValue(`${clean}${q < 0 ? "" : url.slice(q)}`) };
}

/**
 * The cache key: host name (lower case, no port or trailing dot; the host the app itself resolves, so X-Forwarded-Host only when
 * the server trusts its proxy), path and the query with its parameters in a stable order.
 */
export function cacheKey(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const raw = trustProxy ? firstValue(req.headers["x-forwarded-host"]) ?? req.headers.host : req.headers.host;
  // Keyed on the host name as routing reads it: a port, a trailing dot or odd case must not add a key.
  const host = parseHost(raw)?.hostname;
  if (!host) return undefined;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  if (q < 0) return `${host}${url}`;
  return `${host}${url.slice(0, q)}?${normalizeQuery(url.slice(q + 1))}`;
}

function firstValue(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined) return undefined;
  const comma = s.indexOf(",");
  return (comma < 0 ? s : s.slice(0, comma)).trim() || undefined;
}

/**
 * `key` is read by private pages' routes only: not part of the key. A request carrying it is never answered
 * from a stored private copy (lib/front-cache/private.ts mayServe): the app exchanges it.
 */
export function normalizeQuery(query: string): string {
  if (query === "") return "";
  const params = new URLSearchParams(query);
  params.delete(KEY);
  params.sort();
  return params.toString();
}

/**
 * Drops from a cacheable request's URL the query parameters its route never reads (lib/tenancy/decide.ts
 * keptBeforeLookup), so `og.png?x=<random>` is answered from the one cached copy instead of forcing a render.
 */
export function dropStrayQuery(req: IncomingMessage, tenancy: TenancyConfig): void {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  if (q < 0) return;
  const pathname = url.slice(0, q);
  const plan = planRequest({ host: req.headers.host ?? null, forwardedHost: firstValue(req.headers["x-forwarded-host"]) ?? null, pathname, search: url.slice(q) }, tenancy);
  const kept = keptBeforeLookup(plan, url.slice(q));
  if (kept !== null) req.url = `${pathname}${kept}`;
}

export type Encoding = "br" | "gzip" | "identity";

const encodingMemo = new Map<string, Encoding>();

/** The best stored representation for an Accept-Encoding header (memoized: browsers send a handful of values). */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const memo = encodingMemo.get(header);
  if (memo) return memo;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k === "q") q = Number(v);
    }
    if (name) accepted.set(name, Number.isFinite(q) ? q : 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  const result: Encoding = ok("br") ? "br" : ok("gzip") ? "gzip" : "identity";
  if (encodingMemo.size < 256) encodingMemo.set(header, result);
  return result;
}

/** RFC 9110 If-None-Match uses weak comparison: W/"x" matches "x". */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.includes(etag);
}
