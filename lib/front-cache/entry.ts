import { createHash } from "node:crypto";
import { isInternal } from "./guard";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { OutgoingHttpHeader } from "node:http";
import type { Encoding } from "./request";
import type { EntryAccess } from "./private";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);
const inflate = promisify(zlib.inflate);

/** One stored encoding of a response: its bytes and the exact header lists to send, built once. */
export interface Representation {
  /** null only for an entry's identity while it is not kept (see identityBody) */
  body: Buffer | null;
  etag: string;
  /** flat [name, value, ...] for writeHead on 200 */
  head: string[];
  /** head plus the cache-state header of a plain hit (the hot path allocates nothing) */
  headHit: string[];
  /** flat header list for 304 */
  notModified: string[];
}

export interface Entry {
  key: string;
  tags: readonly string[];
  /** generation sequence noted before the render started */
  seq: number;
  status: number;
  storedAt: number;
  freshUntil: number;
  /** after this a stale entry is no longer served while a refresh runs (only as the last good copy in an outage) */
  staleUntil: number;
  identity: Representation;
  gzip?: Representation;
  br?: Representation;
  bytes: number;
  contentType: string;
  /** its cache-control, for the request metrics (a hit's header list is not readable from the response) */
  cacheControl?: string;
  /** the last failed refresh (database down): serve this entry as stale for a while without retrying */
  failedAt: number;
  /** the "may be out of date" variant, built the first time it is needed */
  outage?: Promise<Entry>;
  /** bytes added after the entry was stored (its outage variant, its identity body restored), counted against the bound */
  laterBytes?: number;
  /** hits so far (the LRU re-orders on some of them) */
  hits?: number;
  /** a private page's render: served only to requests this rule lets in (lib/front-cache/private.ts) */
  access?: EntryAccess;
}

/** Upstream headers that never go into an entry: hop-by-hop, recomputed per entry, or internal. */
const DROP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "date", "etag", "age", "warning", "last-modified", "x-heliograph-cache-tags", "x-heliograph-cache-access", "x-heliograph-cache"]);

/** Vary values the cache already accounts for: the encoding it chooses itself, and Next's RSC headers (such requests bypass it). */
const VARY_OK = new Set(["accept-encoding", "rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"]);

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|rss\+xml|atom\+xml|feed\+json|manifest\+json|ld\+json)|image\/svg\+xml)/i;
const MIN_COMPRESS = 256;

/** Whether a response varies on something the key does not hold (then it must not be stored). */
export function varyIsCovered(vary: OutgoingHttpHeader | undefined): boolean {
  if (vary === undefined) return true;
  const list = Array.isArray(vary) ? vary.join(",") : String(vary);
  for (const v of list.split(",")) {
    const name = v.trim().toLowerCase();
    if (name !== "" && !VARY_OK.has(name)) return false;
  }
  return true;
}

/** Undoes a content-encoding Next applied (its compression middleware runs when the visitor accepts gzip). */
export async function decode(body: Buffer, encoding: OutgoingHttpHeader | undefined): Promise<Buffer> {
  const e = String(encoding ?? "identity").toLowerCase();
  if (e === "gzip" || e === "x-gzip") return gunzip(body);
  if (e === "br") return unbrotli(body);
  if (e === "deflate") return inflate(body);
  return body;
}

export interface BuildInput {
  key: string;
  tags: readonly string[];
  seq: number;
  status: number;
  headers: Record<string, OutgoingHttpHeader>;
  body: Buffer;
  now: number;
  freshUntil: number;
  staleUntil: number;
  /** false for a render that will not be stored (an update overtook it): its few waiters get it uncompressed */
  compress?: boolean;
  access?: EntryAccess;
}

/**
 * A body kept for as long as its entry, in memory of its own: zlib's output is a view into a 16 KB chunk and a small
 * Buffer.from one into an 8 KB slab, and a kept view pins the whole block (bench:goals' mixed load: 4,130 chunks,
 * 65 MB, for 2,600 entries the bound counted as 39 MB).
 */
export function ownBytes(buf: Buffer): Buffer {
  if (buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength) return buf;
  const own = Buffer.allocUnsafeSlow(buf.length);
  buf.copy(own);
  return own;
}

/** Builds an entry: compresses once, hashes once, prepares the header lists every hit will send. */
export async function buildEntry(input: BuildInput): Promise<Entry> {
  const body = ownBytes(input.body);
  const base: string[] = [];
  let contentType = "";
  let vary = "";
  for (const [name, value] of Object.entries(input.headers)) {
    // What guardResponse would strip from a response: a hit is sent without it (lib/front-cache/front-cache.ts).
    if (DROP.has(name) || isInternal(name)) continue;
    if (name === "vary") {
      vary = Array.isArray(value) ? value.join(", ") : String(value);
      continue;
    }
    if (name === "content-type") contentType = String(value);
    for (const v of Array.isArray(value) ? value : [value]) base.push(name, String(v));
  }
  const compressible = COMPRESSIBLE.test(contentType) && body.length >= MIN_COMPRESS;
  if (compressible && !/accept-encoding/i.test(vary)) vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  if (vary) base.push("vary", vary);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const cc = base.indexOf("cache-control");
  const cacheControl = cc < 0 ? undefined : base[cc + 1];
  const rep = (body: Buffer, etag: string, encoding?: string): Representation => {
    const head = [...base, "etag", etag, "content-length", String(body.length)];
    if (encoding) head.push("content-encoding", encoding);
    const notModified = ["etag", etag];
    if (cacheControl !== undefined) notModified.push("cache-control", cacheControl);
    if (vary) notModified.push("vary", vary);
    return { body, etag, head, headHit: [...head, "x-heliograph-cache", "HIT"], notModified };
  };
  const entry: Entry = {
    key: input.key,
    tags: input.tags,
    seq: input.seq,
    status: input.status,
    storedAt: input.now,
    freshUntil: input.freshUntil,
    staleUntil: input.staleUntil,
    identity: rep(body, `"${hash}"`),
    bytes: body.length,
    contentType,
    cacheControl,
    failedAt: 0,
    access: input.access,
  };
  if (compressible && input.compress !== false) {
    const [gz, br] = await Promise.all([
      // Measured on a 540 KB page: gzip 6 and brotli 5 take ~5 ms each (in the thread pool) and come within 5 %
      // of gzip 9 / brotli 9, which take 13 and 37 ms; a render waits for this, so freshness wins.
      gzip(body, { level: 6 }),
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    ]);
    entry.gzip = rep(ownBytes(gz), `"${hash}-gz"`, "gzip");
    entry.br = rep(ownBytes(br), `"${hash}-br"`, "br");
    // The uncompressed body is not kept beside its compressed copies: it was three quarters of the cache's bytes,
    // for the few clients that accept no encoding. The first of them restores it (identityBody).
    entry.identity.body = null;
    entry.bytes += gz.length + br.length - body.length;
  }
  entry.bytes += 512 + input.key.length;
  return entry;
}

export function representation(entry: Entry, enc: Encoding): Representation {
  return (enc === "br" ? entry.br : enc === "gzip" ? entry.gzip : undefined) ?? entry.identity;
}

/** The uncompressed body, decoded from the gzip copy when it is not kept (a fraction of a millisecond for a page). */
export function decodedIdentity(entry: Entry): Buffer {
  return entry.identity.body ?? ownBytes(zlib.gunzipSync(entry.gzip!.body!));
}

/**
 * The uncompressed body for a client that accepts no encoding, kept from then on: returns it and the bytes the
 * entry now holds in addition (0 when it was already kept), for the cache's bound.
 */
export function identityBody(entry: Entry): { body: Buffer; added: number } {
  if (entry.identity.body) return { body: entry.identity.body, added: 0 };
  const body = decodedIdentity(entry);
  entry.identity.body = body;
  return { body, added: body.length };
}

/** Where a page may place the note itself; otherwise it goes right after <body>. */
export const STALE_NOTE_MARKER = "<!--heliograph:stale-note-->";

/** The outage copy of an entry: same body with a visible note (HTML only), rebuilt once per entry. */
export function outageVariant(entry: Entry): Promise<Entry> {
  entry.outage ??= (async () => {
    if (!/^text\/html/i.test(entry.contentType)) return entry;
    const html = decodedIdentity(entry).toString("utf8");
    const when = new Date(entry.storedAt).toISOString();
    const saved = `${when.slice(0, 16).replace("T", " ")} UTC`;
    const text = `Status may be out of date: this copy was saved at ${saved} and could not be refreshed.`;
    const look = "margin:0;padding:8px 16px;background:#fff4ce;color:#3d2e00;border-bottom:1px solid #d9b100;font:14px/1.4 system-ui,sans-serif;text-align:center";
    const note = `<div role="status" data-heliograph-stale="" style="${look}">Status may be out of date: this copy was saved at <time datetime="${when}">${saved}</time> and could not be refreshed.</div>`;
    // React's hydration may drop markup it did not render; a style in <head> survives it and shows the same words
    // (only when the element is gone, where :has is supported).
    const style = `<style data-heliograph-stale="">body:not(:has(div[data-heliograph-stale]))::before{content:"${text}";display:block;${look}}</style>`;
    let out = html;
    const head = out.search(/<\/head>/i);
    if (head >= 0) out = out.slice(0, head) + style + out.slice(head);
    if (out.includes(STALE_NOTE_MARKER)) out = out.replace(STALE_NOTE_MARKER, note);
    else {
      const m = /<body[^>]*>/i.exec(out);
      out = m ? out.slice(0, m.index + m[0].length) + note + out.slice(m.index + m[0].length) : note + out;
    }
    const headers: Record<string, string> = {};
    const base = entry.identity.head;
    for (let i = 0; i < base.length; i += 2) if (!DROP.has(base[i]) && base[i] !== "vary") headers[base[i]] = base[i + 1];
    const vary = base[base.indexOf("vary") + 1];
    if (base.includes("vary")) headers.vary = vary;
    return buildEntry({ ...entry, headers, body: Buffer.from(out, "utf8"), now: entry.storedAt });
  })();
  return entry.outage;
}
