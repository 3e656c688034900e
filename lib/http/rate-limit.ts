import "server-only";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { countRefusal } from "@/lib/metrics/registry";
import { processSlot } from "@/lib/runtime/process-state";

export type RateLimitStore = "memory" | "redis" | "postgres";

export interface RateLimitOptions {
  points: number;
  durationSeconds: number;
  store: RateLimitStore;
  /** Store address; defaults to REDIS_URL / DATABASE_URL. */
  storeUrl?: string;
}

export interface RateLimitResult {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterSeconds: number;
}

const slot = processSlot<{ opts: RateLimitOptions; limiter: Promise<RateLimiterAbstract> }>("api-rate-limit");

function defaults(): RateLimitOptions {
  const store = env.HELIOGRAPH_RATE_LIMIT_STORE ?? (env.REDIS_URL ? "redis" : "memory");
  return { points: env.HELIOGRAPH_API_RATE_LIMIT, durationSeconds: env.HELIOGRAPH_API_RATE_WINDOW_SECONDS, store };
}

/** The store the API's counters live in, for any other limit that must hold across instances (e-mail budgets). */
export function rateLimitStore(): RateLimitStore {
  return defaults().store;
}

/** A limiter in `opts.store`, its keys prefixed with `keyPrefix`. */
export async function createLimiter(opts: RateLimitOptions, keyPrefix = "heliograph_api"): Promise<RateLimiterAbstract> {
  const base = { points: opts.points, duration: opts.durationSeconds, keyPrefix };
  // Shared stores fall back to per-instance counters while unreachable, so an outage of the store never blocks the API.
  const insuranceLimiter = new RateLimiterMemory(base);
  if (opts.store === "redis") {
    const url = opts.storeUrl ?? env.REDIS_URL;
    if (!url) throw new Error("HELIOGRAPH_RATE_LIMIT_STORE=redis needs REDIS_URL");
    const { default: Redis } = await import("ioredis");
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on("error", (err) => log.warn({ err: err.message }, "rate limit store (redis) error"));
    // Without an offline queue, commands before "ready" would all go to the insurance limiter.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      client.once("ready", () => (clearTimeout(timer), resolve()));
    });
    return new RateLimiterRedis({ ...base, storeClient: client, insuranceLimiter });
  }
  if (opts.store === "postgres") {
    const url = opts.storeUrl ?? env.DATABASE_URL;
    if (!url) throw new Error("HELIOGRAPH_RATE_LIMIT_STORE=postgres needs DATABASE_URL");
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    pool.on("error", () => {});
    return new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        { ...base, storeClient: pool, storeType: "pool", tableName: "heliograph_rate_limits", insuranceLimiter },
        (err?: Error) => (err ? reject(err) : resolve(limiter)),
      );
    });
  }
  return new RateLimiterMemory(base);
}

function current() {
  return slot.getOrCreate(() => {
    const opts = defaults();
    const limiter = createLimiter(opts);
    limiter.catch(() => slot.set(undefined));
    return { opts, limiter };
  });
}

/** Replaces the limiter (tests inject a small limit; operators change nothing at run time). */
export function configureRateLimit(overrides: Partial<RateLimitOptions> = {}): RateLimitOptions {
  const opts = { ...defaults(), ...overrides };
  const limiter = createLimiter(opts);
  limiter.catch(() => {});
  slot.set({ opts, limiter });
  return opts;
}

function headersOf(points: number, res: RateLimiterRes): Record<string, string> {
  const ms = Math.max(0, res.msBeforeNext);
  return {
    "X-RateLimit-Limit": String(points),
    "X-RateLimit-Remaining": String(Math.max(0, res.remainingPoints)),
    // Epoch seconds at which the window resets (as GitHub's API does).
    "X-RateLimit-Reset": String(Math.ceil((Date.now() + ms) / 1000)),
  };
}

/** Counts one request against `key`. */
export async function consumeRateLimit(key: string): Promise<RateLimitResult> {
  const { opts, limiter } = current();
  const l = await limiter;
  try {
    const res = await l.consume(key, 1);
    return { allowed: true, headers: headersOf(opts.points, res), retryAfterSeconds: 0 };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    countRefusal("api");
    return { allowed: false, headers: headersOf(opts.points, rejection), retryAfterSeconds };
  }
}
