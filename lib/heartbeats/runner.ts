import "server-only";
import type { Db } from "@/lib/db";
import { log } from "@/lib/log";
import { sweepHeartbeats } from "./service";

export interface HeartbeatRunnerOptions {
  db: Db;
  /** the clock (tests drive it) */
  now?: () => number;
  /** how often missed windows are looked for; a miss is recorded at its own time whenever the sweep sees it */
  everyMs?: number;
}

/**
 * The heartbeat side of the runner: sweeps every activated heartbeat check for GRACE and FAILING transitions. Safe
 * on several instances at once (each transition has one id). `tick` runs one sweep; `stop` waits for a running one.
 */
export function startHeartbeatRunner(o: HeartbeatRunnerOptions): { tick(): Promise<number>; stop(): Promise<void> } {
  const now = o.now ?? Date.now;
  let running: Promise<number> | null = null;
  const tick = () => (running ??= sweepHeartbeats(o.db, now()).finally(() => (running = null)));
  const timer = setInterval(() => {
    tick().catch((err: unknown) => log.error({ err }, "heartbeat sweep failed"));
  }, o.everyMs ?? 5_000);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
