import "server-only";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { RateLimitedError } from "@/lib/errors";
import { createLimiter, rateLimitStore } from "@/lib/http/rate-limit";
import { processSlot } from "@/lib/runtime/process-state";

/**
 * Failed sign-ins: 10 per client address and 20 per e-mail address in 15 minutes, in the API's counter store (shared
 * across instances when it is). Unknown addresses count like known ones, so the answer never tells them apart.
 */
export interface SignInThrottleOptions {
  perClient: number;
  perAccount: number;
  windowSeconds: number;
}

const DEFAULTS: SignInThrottleOptions = { perClient: 10, perAccount: 20, windowSeconds: 900 };

interface Limiters {
  client: Promise<RateLimiterAbstract>;
  account: Promise<RateLimiterAbstract>;
}

const slot = processSlot<Limiters>("console-throttle");

function build(o: SignInThrottleOptions): Limiters {
  const store = rateLimitStore();
  return {
    client: createLimiter({ points: o.perClient, durationSeconds: o.windowSeconds, store }, "heliograph_signin_client"),
    account: createLimiter({ points: o.perAccount, durationSeconds: o.windowSeconds, store }, "heliograph_signin_account"),
  };
}

const current = () => slot.getOrCreate(() => build(DEFAULTS));

export function configureSignInThrottle(overrides: Partial<SignInThrottleOptions> = {}): void {
  slot.set(build({ ...DEFAULTS, ...overrides }));
}

const TOO_MANY = (seconds: number) =>
  new RateLimitedError(`Too many failed sign-ins. Try again in ${Math.max(1, Math.ceil(seconds / 60))} minute(s), or reset your password.`, seconds);

/** Refuses before the password is even checked while either budget is spent. */
export async function assertSignInAllowed(client: string, email: string): Promise<void> {
  const { client: c, account: a } = current();
  const [byClient, byAccount] = await Promise.all([(await c).get(client), (await a).get(email)]);
  for (const [res, limiter] of [[byClient, await c], [byAccount, await a]] as const) {
    if (res && res.consumedPoints >= limiter.points) throw TOO_MANY(res.msBeforeNext / 1000);
  }
}

export async function countFailedSignIn(client: string, email: string): Promise<void> {
  const { client: c, account: a } = current();
  await Promise.all([(await c).penalty(client, 1), (await a).penalty(email, 1)]);
}

/** The right password clears the address's count (never the client's: that would let one account reset another's). */
export async function clearFailedSignIns(email: string): Promise<void> {
  await (await current().account).delete(email);
}
