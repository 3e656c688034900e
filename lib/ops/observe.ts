/** Request metrics of the server layer, and the front cache's counters exposed at scrape time. */
import type { IncomingMessage, ServerResponse } from "node:http";
import client from "prom-client";
import { metrics, registerCollected } from "../metrics/registry";
import { routeClass, type RouteClass } from "../metrics/route-class";
import type { FrontCache } from "../front-cache/front-cache";

/*
 * A route class by request line, kept: classifying a path (a split and up to six regular expressions) was a
 * measurable part of a cached badge's ~30 µs. Bounded: cleared whole when full (a scan can vary the paths).
 */
const CLASS_MEMO_MAX = 10_000;
const classes = new Map<string, RouteClass>();

function classOf(method: string, url: string, privateResponse: boolean): RouteClass {
  const key = `${privateResponse ? "p" : "s"}${method} ${url}`;
  let cls = classes.get(key);
  if (cls === undefined) {
    if (classes.size >= CLASS_MEMO_MAX) classes.clear();
    classes.set(key, (cls = routeClass(method, url, privateResponse)));
  }
  return cls;
}

/** Counts the request and its latency by route class once its response is done (or abandoned). */
export function observeRequest(req: IncomingMessage, res: ServerResponse, start = process.hrtime.bigint()): void {
  res.once("close", () => countAnswered(req, res, start, res.getHeader("cache-control")));
}

/** Counts a request whose response is sent (a front cache hit, sent with a header list getHeader cannot read). */
export function countAnswered(req: IncomingMessage, res: ServerResponse, start: bigint, cacheControl: unknown): void {
  const privateResponse = cacheControl !== undefined && /\bprivate\b/.test(String(cacheControl));
  metrics().requests.add(classOf(req.method ?? "GET", req.url ?? "/", privateResponse), res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
}

/** Times a render behind the front cache (the handler's promise settles when the response is written). */
export function timeRender<T>(work: Promise<T>): Promise<T> {
  const end = metrics().renderSeconds.startTimer();
  return work.finally(() => end());
}

const COUNTERS = [
  ["hits", "Front cache answers from a stored entry (fresh or stale while refreshing)"],
  ["misses", "Front cache lookups that had to render"],
  ["renders", "Renders run by the front cache (misses and refreshes)"],
  ["failures", "Front cache renders that failed (served the last good copy when there was one)"],
  ["bypass", "Requests the front cache passed straight to the app (not cacheable)"],
] as const;

export function exposeFrontCache(cache: FrontCache): void {
  for (const [stat, help] of COUNTERS) {
    registerCollected(`heliograph_front_cache_${stat}_total`, (registry) =>
      new client.Counter({
        name: `heliograph_front_cache_${stat}_total`,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(cache.stats[stat]);
        },
      }),
    );
  }
  registerCollected("heliograph_front_cache_bytes", (registry) =>
    new client.Gauge({ name: "heliograph_front_cache_bytes", help: "Bytes held by the front cache", registers: [registry], collect() { this.set(cache.lru.bytes); } }),
  );
}
