import type { RetryStrategy } from "@/lib/checks/types";

/*
 * Pure: whether a failed attempt is tried again, when and where (the vendor's retry strategies). The delay before
 * retry n: FIXED base, LINEAR base·n, EXPONENTIAL base^n (the vendor's 5 s, 25 s, 125 s), SINGLE_RETRY base once.
 */

/** Delay in ms before retry `n` (1 = the first retry). */
export function retryDelayMs(strategy: RetryStrategy, n: number): number {
  const base = Math.max(0, strategy.baseBackoffSeconds);
  switch (strategy.type) {
    case "LINEAR":
      return base * n * 1000;
    case "EXPONENTIAL":
      return base ** n * 1000;
    default:
      return base * 1000;
  }
}

export const maxRetriesOf = (strategy: RetryStrategy): number => (strategy.type === "SINGLE_RETRY" ? 1 : Math.max(0, strategy.maxRetries));

export interface AttemptFacts {
  strategy: RetryStrategy | null;
  /** 0 for the scheduled run, n for its n-th retry */
  attempt: number;
  failed: boolean;
  networkError: boolean;
  /** when the sequence's first attempt started, and this one stopped (epoch ms) */
  firstStartedAt: number;
  stoppedAt: number;
  location: string;
  /** the check's public locations, for a retry in another region */
  locations: readonly string[];
}

/**
 * The next attempt of a failed run, or null when this attempt is the run's FINAL result: it passed, retries are off
 * or spent, `onlyOn` excludes this failure, or the retry would start past `maxDurationSeconds` after the first
 * attempt's start (which counts the runs' own time, as the vendor's does).
 */
export function nextAttempt(f: AttemptFacts): { dueAt: number; location: string } | null {
  const s = f.strategy;
  if (!s || !f.failed) return null;
  const n = f.attempt + 1;
  if (n > maxRetriesOf(s)) return null;
  if (s.onlyOn && s.onlyOn.length > 0 && s.onlyOn.includes("NETWORK_ERROR") && !f.networkError) return null;
  const dueAt = f.stoppedAt + retryDelayMs(s, n);
  if (dueAt - f.firstStartedAt > Math.max(0, s.maxDurationSeconds) * 1000) return null;
  return { dueAt, location: s.sameRegion ? f.location : otherLocation(f.location, f.locations) };
}

/** The next of the check's locations after this one (itself when it has no other). */
function otherLocation(current: string, locations: readonly string[]): string {
  if (locations.length < 2) return current;
  const i = locations.indexOf(current);
  return locations[(i + 1) % locations.length];
}
