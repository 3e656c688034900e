import "server-only";
import { isIPv6 } from "node:net";
import Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/runtime/process-state";

/**
 * Wrong keys and passwords for private pages: 10 per client in 10 minutes, then each further try waits, twice as
 * long after each lock-out. A looser per-page budget slows guessing from many addresses, yet past it only clients that
 * guessed wrong lately wait: an attack never locks out a visitor with the right password. IPv6 counts per /64.
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

const slot = processSlot<Limiters>("access-throttle");
const current = () => slot.getOrCreate(() => build(DEFAULTS));

/** Tests shorten the backoff; a new configuration starts with clean counters. */
export function configureAccessThrottle(overrides: Partial<ThrottleOptions> = {}): void {
  slot.set(build({ ...DEFAULTS, ...overrides }));
}

export interface ThrottleSubject {
  client: string;
  pageId: string;
}

/** The network a client guesses from: its /64 for IPv6 (one host usually holds all of it), else its address. */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ""] = address.toLowerCase().split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

const keysOf = (s: ThrottleSubject, opts: ThrottleOptions) => [
  { key: `c:${clientNetwork(s.client)}`, limit: opts.clientTries },
  { key: `p:${s.pageId}`, limit: opts.pageTries },
];

function lockWait(res: { consumedPoints: number; msBeforeNext: number } | null): number {
  return res && res.consumedPoints > 1 && res.msBeforeNext > 0 ? Math.ceil(res.msBeforeNext / 1000) : 0;
}

/** Seconds to wait before another try is even checked; 0 = go ahead. */
export async function retryAfter(subject: ThrottleSubject): Promise<number> {
  const wait = await waitFor(subject);
  if (wait > 0) (await import("@/lib/metrics/registry")).countRefusal("access");
  return wait;
}

async function waitFor(subject: ThrottleSubject): Promise<number> {
  const { locks, failures, opts } = current();
  const [client, page] = keysOf(subject, opts);
  const own = lockWait(await locks.get(client.key));
  if (own > 0) return own;
  const pageWide = lockWait(await locks.get(page.key));
  if (pageWide === 0) return 0;
  // The page is under attack: it holds back clients that guessed wrong lately, not one trying for the first time.
  const recent = await failures.get(client.key);
  return recent && recent.consumedPoints > 0 ? pageWide : 0;
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

