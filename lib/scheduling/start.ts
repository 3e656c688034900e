import "server-only";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { effectiveCheck } from "@/lib/checks/effective";
import { runCheck } from "@/lib/runners";
import { onFinalResult } from "@/lib/alerting/final";
import { cachedResolve } from "./cache";
import { createPlanner, type Planner, type PlannerOptions } from "./planner";
import { createRunner, type Runner, type RunnerOptions } from "./runner";

/*
 * The engine with its real parts: effectiveCheck (lib/checks), runCheck (lib/runners), onFinalResult (lib/alerting),
 * and its settings from lib/env. lib/startup runs both in the web process; `npm run runner` runs them on their own.
 */

/** One per process: the planner resolves each check just before its slot, and the runner beside it reuses that. */
const resolve = cachedResolve(effectiveCheck, { ttlMs: 10_000 });

export type StartRunnerOptions = Pick<RunnerOptions, "db" | "location" | "now"> & Partial<Omit<RunnerOptions, "db" | "location" | "now">>;

export function startRunner(o: StartRunnerOptions): Runner {
  const runner = createRunner({
    concurrency: env.HELIOGRAPH_RUNNER_CONCURRENCY,
    leaseMs: env.HELIOGRAPH_RUNNER_LEASE_SECONDS * 1000,
    resolve,
    run: runCheck,
    onFinal: onFinalResult,
    allowMetadata: env.HELIOGRAPH_CHECKS_ALLOW_METADATA,
    // jobs due within a second are claimed and started on timers at their due time, four claims a second at most
    claimAheadMs: 1000,
    claimGapMs: 250,
    // a claim of 100 under a starved event loop took longer than 100 runs' worth of slots: claims fell behind
    batch: 500,
    ...o,
  });
  runner.start();
  return runner;
}

export function startPlanner(o: { db: Db } & Partial<Omit<PlannerOptions, "db">>): Planner {
  // Slots are queued 5 s ahead, so a planner tick slowed by a busy machine does not start runs late.
  const planner = createPlanner({ resolve, lookaheadMs: 5_000, retentionDays: env.HELIOGRAPH_RESULTS_RETENTION_DAYS, ...o });
  planner.start();
  return planner;
}
