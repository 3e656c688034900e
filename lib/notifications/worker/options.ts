import { DAY_MS } from "@/lib/time/units";

export interface WorkerOptions {
  /** deliveries in flight at once */
  concurrency: number;
  /** deliveries in flight per destination host (e-mail counts as one host, "smtp") */
  hostConcurrency: number;
  batchSize: number;
  /** a claimed row not finished by then is taken again by any worker (crash recovery) */
  leaseMs: number;
  pollMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** failures after this age go to the dead letters */
  deadAfterMs: number;
  /** a subscriber failing this long is disabled (and told by e-mail when possible) */
  disableAfterMs: number;
  timeoutMs: number;
  scheduleEveryMs: number;
  flushMs: number;
  /** after a delivery ends, wait this long for others before claiming again */
  coalesceMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  concurrency: 64,
  hostConcurrency: 16,
  batchSize: 100,
  leaseMs: 60_000,
  pollMs: 500,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  deadAfterMs: DAY_MS,
  disableAfterMs: 3 * DAY_MS,
  timeoutMs: 10_000,
  scheduleEveryMs: 30_000,
  flushMs: 50,
  coalesceMs: 3,
};

/** In-flight deliveries allowed to one destination; e-mail ("smtp") is one relay that takes at least 10 (the pool's connections). */
export const hostLimit = (host: string, hostConcurrency: number): number => (host === "smtp" ? Math.max(hostConcurrency, 10) : hostConcurrency);

/** Full jitter: a random delay up to the exponential cap, never sooner than the receiver's Retry-After. */
export function backoffMs(attempts: number, retryAfterSeconds: number | null | undefined, o: Pick<WorkerOptions, "baseDelayMs" | "maxDelayMs">, random = Math.random): number {
  const cap = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  const jitter = Math.floor(random() * cap);
  return retryAfterSeconds ? Math.min(Math.max(jitter, retryAfterSeconds * 1000), DAY_MS) : jitter;
}
