import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_ACCESS_HEADER, CACHE_TAGS_HEADER } from "../cache/headers";
import { getGenerations, type GenerationStore } from "../cache/generations";
import { TENANCY_TAG } from "../cache/tags";
import { CaptureResponse, type HeadDecision } from "./capture";
import { buildEntry, decode, decodedIdentity, identityBody, outageVariant, representation, varyIsCovered, type Entry } from "./entry";
import { EntryLru } from "./lru";
import { BASE_SECURITY_HEADERS, RESOURCE_CSP } from "../http/security-headers.mjs";
import { guardResponse } from "./guard";
import { mayServe, parseAccess } from "./private";
import { loadedServerSecret } from "../secrets/loaded-secret";
import { cacheKey, chooseEncoding, dropStrayQuery, isCandidate, matchesEtag, normalizeTarget, type TargetProblem } from "./request";
import type { TenancyConfig } from "../tenancy/route";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface FrontCacheOptions {
  /** Next's request handler (or any handler honouring the cache-tags contract). */
  handler: RequestHandler;
  maxBytes: number;
  /** key on X-Forwarded-Host, as the app does when it trusts its proxy */
  trustProxy?: boolean;
  /** routing as proxy.ts does it: query parameters a route never reads are dropped before keying (off when unset) */
  tenancy?: TenancyConfig;
  /** time-based expiry (also capped at the next UTC quarter hour, when some page's day may roll over) */
  ttlMs?: number;
  /** how long past expiry an unchanged entry is still served while one refresh runs */
  staleMs?: number;
  /** expiry while the generation store cannot hear other instances (Redis down) */
  degradedTtlMs?: number;
  /** after a failed render (database down), serve the last good copy without retrying for this long */
  failureBackoffMs?: number;
  /** a render slower than this answers with the last good copy (when there is one) */
  slowRenderMs?: number;
  generations?: () => GenerationStore;
  /** the key private pages' access cookies are signed with, once the app loaded it (private entries need it) */
  serverSecret?: () => string | undefined;
  /** answer GET <statsPath> from loopback with the counters (benchmarks); off when unset */
  statsPath?: string;
  onError?: (err: unknown, where: string) => void;
}

type FlightResult = { kind: "entry"; entry: Entry } | { kind: "failed" } | { kind: "forwarded" } | { kind: "uncacheable" };

interface Flight {
  snapshot: number;
  promise: Promise<FlightResult>;
  /** whether the leader's own response may still be written by the render (forward mode) */
  leaderRes?: ServerResponse;
}

const isLoopback = (req: IncomingMessage) => {
  const a = req.socket.remoteAddress ?? "";
  return a === "127.0.0.1" || a === "::1" || a === "::ffff:127.0.0.1";
};

const STALE_HEADERS = ["warning", '110 - "Response is Stale"', "x-heliograph-cache", "STALE"];
const QUARTER_HOUR = 900_000;
// Next replaces Date once it loads (its prerenders treat reading the clock as I/O: two async-context lookups per
// call); the cache reads the clock on every request outside any render, so it keeps the function Node gave it.
const wallClock = Date.now;

export class FrontCache {
  readonly lru: EntryLru;
  readonly stats = { hits: 0, misses: 0, stale: 0, renders: 0, stored: 0, discardedRaces: 0, failures: 0, bypass: 0 };
  private readonly flights = new Map<string, Flight>();
  private readonly opts: Required<Omit<FrontCacheOptions, "onError" | "statsPath" | "tenancy">> & Pick<FrontCacheOptions, "onError" | "statsPath" | "tenancy">;

  constructor(options: FrontCacheOptions) {
    this.opts = {
      trustProxy: false,
      ttlMs: 60_000,
      staleMs: 60_000,
      degradedTtlMs: 1_000,
      failureBackoffMs: 2_000,
      slowRenderMs: 3_000,
      generations: getGenerations,
      serverSecret: loadedServerSecret,
      ...options,
    };
    this.lru = new EntryLru(options.maxBytes);
    // An address or access change (slug, domain, privacy) must not leave even a last good copy behind.
    this.opts.generations().subscribe((tags) => {
      if (tags.includes(TENANCY_TAG)) this.dropTagged(tags);
    });
  }

  private dropTagged(tags: readonly string[]): void {
    const moved = new Set(tags);
    for (const e of [...this.lru.values()]) if (e.tags.some((t) => moved.has(t))) this.lru.delete(e.key);
  }

  /**
   * The busiest answer, tried before anything else the server does for a request: a fresh entry for an origin-form
   * target without a query, sent at once. Returns it, or undefined having changed nothing (then call handle).
   */
  answerHit(req: IncomingMessage, res: ServerResponse): Entry | undefined {
    const url = req.url;
    if (this.opts.maxBytes <= 0 || url === undefined || url.charCodeAt(0) !== 47 || url.includes("?") || url === this.opts.statsPath) return undefined;
    if (normalizeTarget(req) !== null || !isCandidate(req)) return undefined;
    const key = cacheKey(req, this.opts.trustProxy);
    const entry = key === undefined ? undefined : this.lru.peek(key);
    if (entry === undefined || !this.fresh(entry, wallClock())) return undefined;
    if (entry.access && !mayServe(entry.access, req, this.opts.serverSecret())) return undefined;
    this.stats.hits++;
    this.lru.touch(entry);
    this.send(entry, req, res, "HIT");
    return entry;
  }

  /** Unchanged since it was rendered (no tag bumped) and within its expiry, shortened while Redis is unreachable. */
  private fresh(entry: Entry, now: number): boolean {
    const gens = this.opts.generations();
    if (gens.latest(entry.tags) > entry.seq) return false;
    return now < (gens.healthy?.() === false ? Math.min(entry.freshUntil, entry.storedAt + this.opts.degradedTtlMs) : entry.freshUntil);
  }

  /**
   * The http.Server request listener. Every response but a hit goes out through guardResponse; a hit sends headers
   * that were cleaned when its entry was built (buildEntry drops what the guard would), so the busiest path skips it.
   */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    const problem = normalizeTarget(req);
    if (problem) return this.refuse(res, problem);
    if (this.opts.statsPath !== undefined && req.url === this.opts.statsPath && isLoopback(req)) return this.sendStats(res);
    if (this.opts.maxBytes <= 0 || !isCandidate(req)) return this.pass(req, res);
    if (this.opts.tenancy) dropStrayQuery(req, this.opts.tenancy);
    const key = cacheKey(req, this.opts.trustProxy);
    if (key === undefined) return this.pass(req, res);
    const entry = this.lru.peek(key);
    // A private page's copy is never even a stale answer for a visitor it does not let in: the app answers them.
    if (entry?.access && !mayServe(entry.access, req, this.opts.serverSecret())) return this.pass(req, res);
    if (entry !== undefined) {
      const now = wallClock();
      if (this.fresh(entry, now)) {
        this.stats.hits++;
        this.lru.touch(entry);
        return this.send(entry, req, res, "HIT");
      }
      const valid = this.opts.generations().latest(entry.tags) <= entry.seq;
      if (now - entry.failedAt < this.opts.failureBackoffMs) return void this.sendStale(entry, req, res);
      if (valid && now < entry.staleUntil) {
        this.stats.hits++;
        this.send(entry, req, res, "HIT-STALE");
        return this.refresh(key, req);
      }
    }
    if (req.method === "HEAD") return this.pass(req, res);
    guardResponse(req, res);
    void this.fill(key, req, res);
  };

  /** Entries and flights are dropped (tests, memory pressure); last good copies go too. */
  clear(): void {
    this.lru.clear();
  }

  private pass(req: IncomingMessage, res: ServerResponse): void {
    this.stats.bypass++;
    guardResponse(req, res);
    try {
      const r = this.opts.handler(req, res) as Promise<unknown> | undefined;
      if (r && typeof r.catch === "function") r.catch((err) => this.fail(err, "handler", res));
    } catch (err) {
      this.fail(err, "handler", res);
    }
  }

  private async fill(key: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.stats.misses++;
    const snapshot = this.opts.generations().current();
    let flight = this.flights.get(key);
    // Join a render in progress only if nothing was invalidated since it started.
    if (flight === undefined || flight.snapshot !== snapshot) flight = this.startFlight(key, req, snapshot, res);
    const lastGood = this.lru.peek(key);
    let result: FlightResult | "slow";
    if (lastGood === undefined) result = await flight.promise;
    else {
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<"slow">((resolve) => (timer = setTimeout(resolve, this.opts.slowRenderMs, "slow")));
      result = await Promise.race([flight.promise, slow]);
      clearTimeout(timer);
    }
    if (result === "slow") {
      if (flight.leaderRes === res) flight.leaderRes = undefined;
      return this.sendStale(this.lru.peek(key) ?? lastGood!, req, res);
    }
    // The leader's render was checked by the app for this very request; anyone who joined it is checked here.
    if (result.kind === "entry") return flight.leaderRes === res || this.permits(result.entry, req) ? this.send(result.entry, req, res, "MISS") : this.pass(req, res);
    if (result.kind === "failed") {
      const good = this.lru.peek(key);
      if (good) return this.sendStale(good, req, res);
      if (!res.headersSent) return this.pass(req, res);
      return;
    }
    // Not cacheable: the leader already got its answer (forwarded); everyone else asks Next themselves.
    if (!(result.kind === "forwarded" && flight.leaderRes === res) && !res.headersSent) this.pass(req, res);
  }

  /** Background refresh of an expired but unchanged entry (stale-while-revalidate). */
  private refresh(key: string, req: IncomingMessage): void {
    const snapshot = this.opts.generations().current();
    const flight = this.flights.get(key);
    if (flight !== undefined && flight.snapshot === snapshot) return;
    this.startFlight(key, req, snapshot, undefined);
  }

  private startFlight(key: string, req: IncomingMessage, snapshot: number, leaderRes: ServerResponse | undefined): Flight {
    const flight: Flight = { snapshot, leaderRes, promise: undefined as unknown as Promise<FlightResult> };
    flight.promise = this.render(key, req, flight).finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    this.flights.set(key, flight);
    return flight;
  }

  private async render(key: string, req: IncomingMessage, flight: Flight): Promise<FlightResult> {
    this.stats.renders++;
    let tags: string[] = [];
    let access: ReturnType<typeof parseAccess>;
    // A forwarded answer may stream for long (or forever); the others waiting need not wait for its end.
    let forwarded!: (r: FlightResult) => void;
    const forwardedEarly = new Promise<FlightResult>((resolve) => (forwarded = resolve));
    const decide = (cap: CaptureResponse): HeadDecision => {
      const raw = cap.getHeader(CACHE_TAGS_HEADER);
      cap.removeHeader(CACHE_TAGS_HEADER);
      tags = raw === undefined ? [] : String(raw).split(",").map((t) => t.trim()).filter(Boolean);
      access = parseAccess(cap.getHeader(CACHE_ACCESS_HEADER));
      cap.removeHeader(CACHE_ACCESS_HEADER);
      const status = cap.statusCode;
      const storable =
        tags.length > 0 && req.method === "GET" && (status === 200 || status === 404) && !cap.hasHeader("set-cookie") && varyIsCovered(cap.getHeader("vary"));
      if (storable) return "buffer";
      if (status >= 500 && this.lru.peek(key) !== undefined) return "discard";
      if (!flight.leaderRes || flight.leaderRes.headersSent) return "discard";
      forwarded({ kind: "forwarded" });
      return "forward";
    };
    const cap = new CaptureResponse(req, decide, flight.leaderRes);
    const run = (async () => {
      await this.opts.handler(req, cap as unknown as ServerResponse);
      await cap.done;
    })();
    try {
      if ((await Promise.race([run.then(() => undefined), forwardedEarly])) !== undefined) {
        run.catch((err) => this.opts.onError?.(err, "render"));
        return { kind: "forwarded" };
      }
    } catch (err) {
      this.opts.onError?.(err, "render");
      if (!cap.headersSent) return this.failed(key);
      if (!cap.finished) cap.destroy();
    }
    if (cap.mode === "forward") return { kind: "forwarded" };
    if (cap.mode === "discard" && cap.statusCode < 500) {
      this.lru.delete(key);
      return { kind: "uncacheable" };
    }
    if (cap.mode !== "buffer" || !cap.finished) return this.failed(key);
    const now = wallClock();
    // Pages roll their days over at midnight in their own zone, and every zone's midnight is a UTC quarter hour.
    const freshUntil = Math.min(now + this.opts.ttlMs, (Math.floor(now / QUARTER_HOUR) + 1) * QUARTER_HOUR);
    const overtaken = () => this.opts.generations().latest(tags) > flight.snapshot;
    const entry = await buildEntry({
      compress: !overtaken(),
      key,
      tags,
      seq: flight.snapshot,
      status: cap.statusCode,
      headers: cap.getHeaders() as Record<string, string | string[]>,
      body: await decode(cap.body(), cap.getHeader("content-encoding")),
      now,
      freshUntil,
      staleUntil: freshUntil + this.opts.staleMs,
      access,
    });
    // Version-safe: a render that began before one of its tags was bumped is never stored.
    const current = this.lru.peek(key);
    if (overtaken()) this.stats.discardedRaces++;
    else if (current === undefined || current.seq <= flight.snapshot) {
      if (this.lru.set(entry)) this.stats.stored++;
    }
    return { kind: "entry", entry };
  }

  private failed(key: string): FlightResult {
    this.stats.failures++;
    const good = this.lru.peek(key);
    if (good) good.failedAt = wallClock();
    return { kind: "failed" };
  }

  private send(entry: Entry, req: IncomingMessage, res: ServerResponse, state: string, extra?: string[]): void {
    const rep = representation(entry, chooseEncoding(req.headers["accept-encoding"]));
    const inm = req.headers["if-none-match"];
    if (inm !== undefined && matchesEtag(inm, rep.etag)) {
      res.writeHead(304, extra ? [...rep.notModified, ...extra] : rep.notModified);
      res.end();
      return;
    }
    const head = state === "HIT" && !extra ? rep.headHit : [...rep.head, ...(extra ?? ["x-heliograph-cache", state])];
    res.writeHead(entry.status, head);
    res.end(req.method === "HEAD" ? undefined : (rep.body ?? this.restoredIdentity(entry)));
  }

  /** The uncompressed body, not kept with the entry: kept from now on (and counted) if the entry is stored. */
  private restoredIdentity(entry: Entry): Buffer {
    if (this.lru.peek(entry.key) !== entry) return decodedIdentity(entry);
    const { body, added } = identityBody(entry);
    this.lru.grow(entry, added);
    return body;
  }

  /** Public entries go to anyone; a private one only while unchanged and to a request its rule lets in. */
  private permits(entry: Entry, req: IncomingMessage): boolean {
    if (entry.access === undefined) return true;
    return this.opts.generations().latest(entry.tags) <= entry.seq && mayServe(entry.access, req, this.opts.serverSecret());
  }

  /** The last good copy while the origin cannot render: 200, marked stale, with a visible note in HTML. */
  private async sendStale(entry: Entry, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.permits(entry, req)) return res.headersSent ? undefined : this.pass(req, res);
    this.stats.stale++;
    try {
      const hadVariant = entry.outage !== undefined;
      const variant = await outageVariant(entry);
      if (!hadVariant && variant !== entry) this.lru.grow(entry, variant.bytes);
      const age = String(Math.max(0, Math.floor((wallClock() - entry.storedAt) / 1000)));
      if (!res.headersSent) this.send(variant, req, res, "STALE", [...STALE_HEADERS, "age", age]);
    } catch (err) {
      this.fail(err, "stale", res);
    }
  }

  /** A request target or Host the server will not guess at (400), or a path with dot segments (308). */
  private refuse(res: ServerResponse, problem: TargetProblem): void {
    const common = { ...BASE_SECURITY_HEADERS, "content-security-policy": RESOURCE_CSP, "cache-control": "no-store" };
    if (problem.status === 308) res.writeHead(308, { ...common, location: problem.location, "content-length": "0" });
    else res.writeHead(400, { ...common, "content-type": "text/plain; charset=utf-8", connection: "close" });
    res.end(problem.status === 400 ? "Bad request\n" : undefined);
  }

  private sendStats(res: ServerResponse): void {
    const body = JSON.stringify({ ...this.stats, entries: this.lru.size, bytes: this.lru.bytes, flights: this.flights.size });
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(body);
  }

  private fail(err: unknown, where: string, res: ServerResponse): void {
    this.opts.onError?.(err, where);
    if (!res.headersSent) {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "5" });
      res.end("Service temporarily unavailable\n");
    } else if (!res.writableEnded) res.destroy();
  }
}
