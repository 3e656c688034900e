import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { isNextVariant } from "./request";

/**
 * The last word on every response: headers meant for the server (`x-heliograph-*`, Next's `x-middleware-*`) never reach
 * a client, except `x-heliograph-cache` (HIT, MISS …), and an RSC or prefetch answer is never shared-cacheable (Next may
 * send one with the page's public cache headers). A cache hit skips it: entry.ts filtered its headers when built.
 */
export function isInternal(name: string): boolean {
  const n = name.toLowerCase();
  return (n.startsWith("x-heliograph-") && n !== "x-heliograph-cache") || n.startsWith("x-middleware-");
}

export const RSC_VARY = "RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch, Accept-Encoding";
const RSC_OVERRIDES = new Set(["cache-control", "vary", "expires", "cdn-cache-control"]);

type HeadArg = OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;

function cleanArg(headers: HeadArg, rsc: boolean): HeadArg {
  if (!headers) return headers;
  const drop = (name: string) => isInternal(name) || (rsc && RSC_OVERRIDES.has(name.toLowerCase()));
  if (Array.isArray(headers)) {
    let found = false;
    for (let i = 0; i < headers.length; i += 2) if (drop(String(headers[i]))) found = true;
    if (!found) return headers;
    const out: OutgoingHttpHeader[] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) if (!drop(String(headers[i]))) out.push(headers[i], headers[i + 1]);
    return out;
  }
  const names = Object.keys(headers);
  if (!names.some(drop)) return headers;
  return Object.fromEntries(names.filter((n) => !drop(n)).map((n) => [n, headers[n]]));
}

const GUARDED = Symbol("heliograph.guarded");

/** Installs the guard on `res` (once: a request passed on after a miss reaches this twice). */
export function guardResponse(req: IncomingMessage, res: ServerResponse & { [GUARDED]?: true }): void {
  if (res[GUARDED]) return;
  res[GUARDED] = true;
  const rsc = isNextVariant(req);
  const writeHead = res.writeHead;
  res.writeHead = function guardedWriteHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    for (const name of this.getHeaderNames()) if (isInternal(name)) this.removeHeader(name);
    if (rsc) {
      for (const name of RSC_OVERRIDES) this.removeHeader(name);
      this.setHeader("cache-control", "private, no-store");
      this.setHeader("vary", RSC_VARY);
    }
    // writeHead(status, headers) or writeHead(status, message, headers); Next passes an undefined message.
    const at = rest.length > 1 ? 1 : 0;
    rest[at] = cleanArg(rest[at] as HeadArg, rsc);
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse["writeHead"];
}
