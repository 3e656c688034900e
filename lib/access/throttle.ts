import "server-only";
import Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * Wrong keys and passwords for private pages: 10 per client in 10 minutes, then every further try
 * waits, twice as long after each lock-out. A looser per-page budget bounds guessing even when
 * clients can disguise their address.
 */
export interface ThrottleOptions {
  clientTries: number;
  pageTries: number;
  windowSeconds: number;
  baseBackoffSeconds: number;
  maxBackoffSeconds: number;
}

const DEFAULTS: ThrottleOptions = { clientTries: 10, pageTries: 100, windowSeconds: 600, baseBackoffSeconds: 60, maxBackoffSeconds: 86_400 };

interface Limiters {
  opts: ThrottleOptions;
  failures: RateLimiterAbstract;
  locks: RateLimiterAbstract;
  strikes: RateLimiterAbstract;
}

let redis: Redis | undefined;

function limiter(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const opts = { keyPrefix: `hg_access_${keyPrefix}`, points, duration };
  if (!env.REDIS_URL) return new RateLimiterMemory(opts);
  // Shared counters across instances; a Redis outage falls back to this instance's own memory.
  if (!redis) {
    redis = new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on("error", (err) => log.warn({ err: err.message }, "access throttle store (redis) error"));
  }
  return new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) });
}

function build(opts: ThrottleOptions): Limiters {
  return {
    opts,
    failures: limiter("fail", Number.MAX_SAFE_INTEGER, opts.windowSeconds),
    locks: limiter("lock", 1, 1),
    strikes: limiter("strike", Number.MAX_SAFE_INTEGER, opts.maxBackoffSeconds),
  };
}

const g = globalThis as unknown as { heliographAccessThrottle?: Limiters };
const current = () => (g.heliographAccessThrottle ??= build(DEFAULTS));

/** Tests shorten the backoff; a new configuration starts with clean counters. */
export function configureAccessThrottle(overrides: Partial<ThrottleOptions> = {}): void {
  g.heliographAccessThrottle = build({ ...DEFAULTS, ...overrides });
}

export interface ThrottleSubject {
  client: string;
  pageId: string;
}

const keysOf = (s: ThrottleSubject, opts: ThrottleOptions) => [
  { key: `c:${s.client}`, limit: opts.clientTries },
  { key: `p:${s.pageId}`, limit: opts.pageTries },
];

/** Seconds to wait before another try is even checked; 0 = go ahead. */
export async function retryAfter(subject: ThrottleSubject): Promise<number> {
  const { locks, opts } = current();
  let wait = 0;
  for (const { key } of keysOf(subject, opts)) {
    const res = await locks.get(key);
    if (res && res.consumedPoints > 1 && res.msBeforeNext > 0) wait = Math.max(wait, Math.ceil(res.msBeforeNext / 1000));
  }
  return wait;
}

/** Counts a wrong try; past the budget the subject is locked out for an exponentially growing time. */
export async function recordFailure(subject: ThrottleSubject): Promise<void> {
  const { failures, locks, strikes, opts } = current();
  for (const { key, limit } of keysOf(subject, opts)) {
    const res = await failures.penalty(key, 1);
    if (res.consumedPoints < limit) continue;
    const strike = await strikes.penalty(key, 1);
    const seconds = Math.min(opts.maxBackoffSeconds, opts.baseBackoffSeconds * 2 ** Math.min(30, strike.consumedPoints - 1));
    await locks.block(key, seconds);
  }
}

export async function recordSuccess(subject: ThrottleSubject): Promise<void> {
  const { failures, opts } = current();
  await failures.delete(keysOf(subject, opts)[0].key);
}

