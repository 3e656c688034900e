import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { CheckJob, CheckRow } from "@/lib/db/types";
import type { EffectiveCheck } from "@/lib/checks/types";
import { log } from "@/lib/log";
import { DEFAULT_TIMEOUT_MS, type RunOutcome } from "@/lib/runners/types";
import { createRecorder } from "./batch";
import * as q from "./queries";
import { resultRow } from "./record";
import { nextAttempt } from "./retry";
import { type OnFinalResult, type ResolveCheck, type RunCheck } from "./types";

export interface RunnerOptions {
  db: Db;
  /** the public location this runner serves */
  location: string;
  now?: () => number;
  concurrency: number;
  leaseMs: number;
  resolve: ResolveCheck;
  run: RunCheck;
  onFinal: OnFinalResult;
  allowMetadata: boolean;
  /** the longest sleep between looks at the queue when it seems empty */
  idleMs?: number;
  /** jobs leased per claim */
  batch?: number;
  /** the shortest time between two claims while jobs keep coming due: due jobs are claimed together, at most this late */
  claimGapMs?: number;
  /** results finished within this window are written in one transaction */
  commitWindowMs?: number;
  /**
   * The running loop claims jobs due this far ahead and starts each on a timer at its due time, so a run starts on
   * time rather than a claim's round trip after it (tick() claims only what is due on its clock).
   */
  claimAheadMs?: number;
}

export interface Runner {
  readonly owner: string;
  /** Claims what is due on its clock and runs it to the end, retries due meanwhile included; returns jobs run. */
  tick(): Promise<number>;
  start(): void;
  /** Stops claiming and lets the jobs in flight finish and record. */
  stop(): Promise<void>;
}

/** A run that threw (a runner's bug, not a target's problem): a failed, errored outcome, so the run still records. */
function crashed(err: unknown, at: number): RunOutcome {
  return {
    startedAt: new Date(at), stoppedAt: new Date(at), responseTime: 0, hasFailures: true, hasErrors: true, isDegraded: null, overMaxResponseTime: null,
    networkError: false, error: `runner error: ${(err as Error)?.message ?? String(err)}`, apiCheckResult: null, tcpCheckResult: null, dnsCheckResult: null, icmpCheckResult: null,
  };
}

export function createRunner(o: RunnerOptions): Runner {
  const owner = `r-${randomUUID().slice(0, 8)}`;
  const now = o.now ?? Date.now;
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loopDone: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  // set while the loop waits for a free slot: a finishing run then wakes it
  let full = false;
  let lateSaid = Number.NEGATIVE_INFINITY;
  const recorder = createRecorder(o.db, { windowMs: o.commitWindowMs });
  // A run must end well inside its lease, or another runner would start it again meanwhile.
  const timeoutCap = Math.max(1000, Math.floor(o.leaseMs / 2));

  async function execute(job: CheckJob, row: CheckRow | undefined): Promise<void> {
    let check: EffectiveCheck | null = null;
    try {
      check = row ? await o.resolve(o.db, row) : null;
    } catch (err) {
      log.error({ jobId: job.id, checkId: job.check_id, err: (err as Error).message }, "check could not be read for its run");
    }
    if (!check || !check.activated || !check.runnable) return q.dropJob(o.db, job.id);
    const startedAt = now();
    const maxMs = (check.runnable as { maxResponseTime?: number | null }).maxResponseTime ?? 0;
    let outcome: RunOutcome;
    try {
      outcome = await o.run(check.runnable, { allowMetadata: o.allowMetadata, timeoutMs: Math.min(timeoutCap, Math.max(DEFAULT_TIMEOUT_MS, maxMs + 5000)) });
    } catch (err) {
      outcome = crashed(err, startedAt);
    }
    const stoppedAt = Math.max(now(), startedAt + Math.max(0, outcome.stoppedAt.getTime() - outcome.startedAt.getTime()));
    const failed = outcome.hasFailures || outcome.hasErrors;
    const firstStartedAt = job.attempt === 0 ? startedAt : ((await q.firstStartOf(o.db, job.sequence_id)) ?? job.scheduled_at);
    const next = nextAttempt({
      strategy: check.retryStrategy, attempt: job.attempt, failed, networkError: outcome.networkError,
      firstStartedAt, stoppedAt, location: job.location, locations: check.locations,
    });
    const result = resultRow({ job, checkType: check.checkType, outcome, startedAt, stoppedAt, resultType: next ? "ATTEMPT" : "FINAL" });
    const retry = next ? { ...job, id: randomUUID(), attempt: job.attempt + 1, location: next.location, due_at: next.dueAt, lease_until: null, lease_owner: null, created_at: stoppedAt } : null;
    const stored = await recorder.record({ jobId: job.id, result, retry });
    if (!stored || stored.result_type !== "FINAL") return;
    try {
      await o.onFinal(o.db, check, stored);
    } catch (err) {
      log.error({ checkId: job.check_id, resultId: stored.id, err: (err as Error).message }, "alert state update after a FINAL result failed");
    }
  }

  /** A timer may fire a millisecond before the clock reads its time: a run never starts before its due time. */
  async function untilDue(due: number): Promise<void> {
    for (let left = due - now(); left > 0; left = due - now()) await new Promise((r) => setTimeout(r, left));
  }

  function launch(job: CheckJob, row: CheckRow | undefined, delayMs = 0): void {
    const started = delayMs > 0 ? untilDue(Number(job.due_at)).then(() => execute(job, row)) : execute(job, row);
    const task = started
      .catch((err) => log.error({ jobId: job.id, err: (err as Error)?.message }, "check job failed; it runs again after its lease"))
      .finally(() => {
        inFlight.delete(task);
        if (full || !running) wake?.();
      });
    inFlight.add(task);
  }

  async function claimAndLaunch(aheadMs = 0): Promise<number> {
    const free = o.concurrency - inFlight.size;
    if (free <= 0) return 0;
    const at = now();
    const jobs = await q.claimJobs(o.db, o.location, owner, at, o.leaseMs, Math.min(free, o.batch ?? 100), at + aheadMs);
    if (jobs.length === 0) return 0;
    const late = at - Math.min(...jobs.map((j) => Number(j.due_at)));
    if (late > 1000 && now() - lateSaid >= 10_000) {
      lateSaid = now();
      log.warn({ runner: owner, lateMs: late, claimed: jobs.length, inFlight: inFlight.size }, "check jobs claimed late");
    }
    const rows = new Map((await q.listChecksByIds(o.db, [...new Set(jobs.map((j) => j.check_id))])).map((r) => [r.id, r]));
    const t = now();
    for (const job of jobs) launch(job, rows.get(job.check_id), Number(job.due_at) - t);
    return jobs.length;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  /*
   * One round: claim what is due, then sleep until the next job comes due, but at least `claimGapMs` after this
   * round began, so jobs coming due one after another are claimed a few at a time, not with a round each.
   */
  async function loop(): Promise<void> {
    const idle = o.idleMs ?? 1000;
    const gap = o.claimGapMs ?? 50;
    const ahead = o.claimAheadMs ?? 0;
    while (running) {
      try {
        full = inFlight.size >= o.concurrency;
        if (full) {
          await sleep(idle);
          continue;
        }
        const at = now();
        const claimed = await claimAndLaunch(ahead);
        if (claimed >= (o.batch ?? 100)) continue;
        const due = await q.nextFreeDueAt(o.db, o.location, at);
        const wait = due === null ? idle : Math.min(idle, Math.max(due - ahead - at, gap - (now() - at)));
        if (running) await sleep(wait);
        continue;
      } catch (err) {
        log.error({ runner: owner, err: (err as Error).message }, "claiming check jobs failed");
      }
      if (running) await sleep(idle);
    }
  }

  return {
    owner,
    async tick() {
      let total = 0;
      for (;;) {
        const n = await claimAndLaunch();
        total += n;
        if (n === 0 && inFlight.size === 0) break;
        if (n === 0 || inFlight.size >= o.concurrency) await Promise.race(inFlight);
        else await Promise.allSettled([...inFlight]);
      }
      return total;
    },
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    async stop() {
      running = false;
      wake?.();
      await loopDone;
      await Promise.allSettled([...inFlight]);
    },
  };
}
