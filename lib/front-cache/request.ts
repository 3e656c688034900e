import type { IncomingMessage } from "node:http";

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
  if (url.includes("_rsc=")) return false;
  const h = req.headers;
  if (h.authorization !== undefined) return false;
  for (const name of NEXT_VARIANT_HEADERS) if (h[name] !== undefined) return false;
  return true;
}

/**
 * The cache key: host (lower case; the host the app itself resolves, so X-Forwarded-Host only when
 * the server trusts its proxy), path and the query with its parameters in a stable order.
 */
export function cacheKey(req: IncomingMessage, trustProxy: boolean): string | undefined {
  let host = trustProxy ? firstValue(req.headers["x-forwarded-host"]) ?? req.headers.host : req.headers.host;
  if (!host) return undefined;
  host = host.toLowerCase();
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

export function normalizeQuery(query: string): string {
  if (query === "") return "";
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
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
