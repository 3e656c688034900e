import "server-only";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { limitOf } from "@/lib/accounts/entitlements";
import { RateLimitedError } from "@/lib/errors";
import { createLimiter, rateLimitStore, type RateLimitStore } from "@/lib/http/rate-limit";
import { countRefusal } from "@/lib/metrics/registry";
import { processSlot } from "@/lib/runtime/process-state";

/*
 * E-mails one account may make the operator's relay send per hour: confirmations counted when a sign-up queues them
 * (over budget: 429), incident and maintenance e-mails as the worker sends them (over budget: recorded dead). Counters
 * live in the API rate limit's store (HELIOGRAPH_RATE_LIMIT_STORE), so every instance and worker shares them.
 */

export type MailBudget = "VERIFICATION_EMAILS_PER_HOUR" | "ALERT_EMAILS_PER_HOUR";
const PREFIX: Record<MailBudget, string> = { VERIFICATION_EMAILS_PER_HOUR: "heliograph_mail_verify", ALERT_EMAILS_PER_HOUR: "heliograph_mail_alert" };
const HOUR_SECONDS = 3600;

interface Budgets {
  store?: RateLimitStore;
  limiters: Map<MailBudget, Promise<RateLimiterAbstract>>;
}
// Once per process (route chunks each hold a copy of this module): one memory counter per account, not one per route.
const slot = processSlot<Budgets>("mail-budgets");

function limiter(budget: MailBudget): Promise<RateLimiterAbstract> {
  const state = slot.getOrCreate(() => ({ limiters: new Map() }));
  let l = state.limiters.get(budget);
  if (!l) {
    l = createLimiter({ points: limitOf(budget), durationSeconds: HOUR_SECONDS, store: state.store ?? rateLimitStore() }, PREFIX[budget]);
    l.catch(() => state.limiters.delete(budget));
    state.limiters.set(budget, l);
  }
  return l;
}

/** Tests start from clean counters (after configureLimits), optionally in another store. */
export function resetMailBudgets(opts: { store?: RateLimitStore } = {}): void {
  slot.set({ store: opts.store, limiters: new Map() });
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Takes `n` e-mails of the account's hour, all or none. */
export async function takeMail(budget: MailBudget, accountId: string, n = 1): Promise<Taken> {
  if (n <= 0) return { ok: true };
  const l = await limiter(budget);
  try {
    await l.consume(accountId, n);
    return { ok: true };
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    // The store counted the refused ones too: give them back, so a refused batch does not use up the hour.
    await l.reward(accountId, n).catch(() => {});
    countRefusal("mail");
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }
}

async function giveBack(budget: MailBudget, accountId: string, n: number): Promise<void> {
  if (n > 0) await (await limiter(budget)).reward(accountId, n).catch(() => {});
}

/**
 * Runs a sign-up's write with `spend(n)`, which takes n confirmation e-mails from the account's hour or throws
 * 429 (Retry-After) so the transaction rolls back and nothing is written. A write that fails gives them back.
 */
export async function withConfirmationBudget<T>(accountId: string, write: (spend: (n: number) => Promise<void>) => Promise<T>): Promise<T> {
  let spent = 0;
  const spend = async (n: number) => {
    const taken = await takeMail("VERIFICATION_EMAILS_PER_HOUR", accountId, n);
    if (!taken.ok) {
      const quantity = limitOf("VERIFICATION_EMAILS_PER_HOUR");
      const minutes = Math.ceil(taken.retryAfterSeconds / 60);
      const message = `Confirmation e-mails are limited to ${quantity} an hour per account and this request's ${n} would pass it; retry in ${minutes} min`;
      throw new RateLimitedError(message, taken.retryAfterSeconds, { entitlement: "VERIFICATION_EMAILS_PER_HOUR", quantity });
    }
    spent += n;
  };
  try {
    return await write(spend);
  } catch (err) {
    await giveBack("VERIFICATION_EMAILS_PER_HOUR", accountId, spent);
    throw err;
  }
}
