import "server-only";
import Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { RateLimitedError } from "@/lib/errors";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/runtime/process-state";

/** Sign-ups per client address: 5 in 10 minutes (shared through Redis when REDIS_URL is set). */
const SIGNUPS_PER_CLIENT = 5;
const SIGNUP_WINDOW_SECONDS = 600;
/** At most one confirmation message per address in this time, however often it is submitted. */
export const CONFIRMATION_INTERVAL_MS = 10 * 60_000;

const slot = processSlot<RateLimiterAbstract>("signup-limiter");

function build(points: number): RateLimiterAbstract {
  const opts = { keyPrefix: "hg_signup", points, duration: SIGNUP_WINDOW_SECONDS };
  if (!env.REDIS_URL) return new RateLimiterMemory(opts);
  const client = new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on("error", (err) => log.warn({ err: err.message }, "sign-up limiter store (redis) error"));
  return new RateLimiterRedis({ ...opts, storeClient: client, insuranceLimiter: new RateLimiterMemory(opts) });
}

/** Tests start from clean counters. */
export function resetSignupLimiter(points = SIGNUPS_PER_CLIENT): void {
  slot.set(build(points));
}

export async function consumeSignup(client: string): Promise<void> {
  const limiter = slot.getOrCreate(() => build(SIGNUPS_PER_CLIENT));
  try {
    await limiter.consume(client || "unknown");
  } catch (res) {
    if (res instanceof RateLimiterRes) {
      const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      throw new RateLimitedError(`Too many sign-ups from your address. Try again in ${Math.ceil(seconds / 60)} minutes.`, seconds);
    }
    throw res;
  }
}
