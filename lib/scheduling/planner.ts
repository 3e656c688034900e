import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { CheckJobsTable, CheckRow } from "@/lib/db/types";
import type { EffectiveCheck } from "@/lib/checks/types";
import { periodMs } from "@/lib/checks/frequency";
import { log } from "@/lib/log";
import { pauseOf, pausedBy, type Pause } from "./pause";
import { pruneResults } from "./retention";
import * as q from "./queries";
import { locationsOfRun, planSlot } from "./slots";
import { JOB_PROTOCOL_VERSION, type ResolveCheck } from "./types";

export interface PlanOptions {
  now: number;
  resolve: ResolveCheck;
  /** slots this far ahead are queued already, so a runner sees a job before it is due */
  lookaheadMs?: number;
  batch?: number;
}

export const DEFAULT_LOOKAHEAD_MS = 2_000;

/** The jobs of one scheduled run: a sequence per location, attempt 0, due at the slot. */
export function jobsOfRun(check: EffectiveCheck, scheduledAt: number, now: number): Insertable<CheckJobsTable>[] {
  const period = periodMs(check.row.frequency, check.row.frequency_offset);
  return locationsOfRun(check.locations, check.runParallel, scheduledAt, period).map((location) => ({
    id: newId(),
    account_id: check.row.account_id,
    check_id: check.row.id,
    location,
    sequence_id: newId(),
    attempt: 0,
    scheduled_at: scheduledAt,
    due_at: scheduledAt,
    lease_until: null,
    lease_owner: null,
    version: JOB_PROTOCOL_VERSION,
    created_at: now,
  }));
}

/**
 * Queues the runs of every check whose slot has come (or comes within the look-ahead) and moves each on to its next
 * slot; any number of instances may call it at once, each slot is queued once (queries.claimSlots). Deactivated
 * checks leave the schedule; a check paused by a maintenance window in progress skips the slot.
 */
export async function planDue(db: Db, o: PlanOptions): Promise<{ planned: number; skipped: number; jobs: number }> {
  const batch = o.batch ?? 500;
  const until = o.now + (o.lookaheadMs ?? DEFAULT_LOOKAHEAD_MS);
  const pauses = new Map<string, Promise<Pause>>();
  const out = { planned: 0, skipped: 0, jobs: 0 };
  for (;;) {
    const rows = await q.listDueChecks(db, until, batch);
    if (rows.length === 0) break;
    // All at once: on SQLite's one connection the planner's reads queue behind the runner's, one by one was too slow.
    const claims = await Promise.all(rows.map((row) => claimFor(db, row, o, pauses)));
    for (const won of await q.claimSlots(db, claims)) {
      if (won.jobs.length > 0) out.planned++;
      else out.skipped++;
      out.jobs += won.jobs.length;
    }
    if (rows.length < batch) break;
  }
  return out;
}

async function claimFor(db: Db, row: CheckRow, o: PlanOptions, pauses: Map<string, Promise<Pause>>): Promise<q.SlotClaim> {
  const due = Number(row.next_run_at);
  const slot = planSlot(row.frequency, row.frequency_offset, due, o.now);
  if (row.activated !== 1) return { checkId: row.id, due, next: null, jobs: [] };
  let check: EffectiveCheck | null = null;
  try {
    check = await o.resolve(db, row);
  } catch (err) {
    // The slot still moves on: one unreadable check must not hold the planner on its row.
    log.error({ checkId: row.id, err: (err as Error).message }, "check could not be read for scheduling");
  }
  // Only the check's own switch takes it off the schedule: a deactivated group keeps its checks' slots moving.
  if (!check || !check.activated || !check.runnable) return { checkId: row.id, due, next: slot.next, jobs: [] };
  if (!pauses.has(row.account_id)) pauses.set(row.account_id, pauseOf(db, row.account_id, o.now));
  if (pausedBy(await pauses.get(row.account_id)!, check.tags)) return { checkId: row.id, due, next: slot.next, jobs: [] };
  return { checkId: row.id, due, next: slot.next, jobs: jobsOfRun(check, slot.scheduledAt, o.now) };
}

export interface PlannerOptions {
  db: Db;
  now?: () => number;
  resolve: ResolveCheck;
  everyMs?: number;
  lookaheadMs?: number;
  /** raw results older than this are pruned, a few batches a minute */
  retentionDays: number;
  pruneEveryMs?: number;
}

export interface Planner {
  /** Queues what is due on its clock, and prunes when a prune is due; answers what it did. */
  tick(): Promise<{ planned: number; skipped: number; jobs: number; pruned: number }>;
  start(): void;
  stop(): Promise<void>;
}

export function createPlanner(o: PlannerOptions): Planner {
  const now = o.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = Number.NEGATIVE_INFINITY;
  let current: Promise<unknown> = Promise.resolve();
  let running = false;

  async function tick() {
    const at = now();
    const planned = await planDue(o.db, { now: at, resolve: o.resolve, lookaheadMs: o.lookaheadMs });
    const took = now() - at;
    // Slots are queued only `lookaheadMs` ahead: a tick slower than that starts runs late.
    if (took > (o.lookaheadMs ?? DEFAULT_LOOKAHEAD_MS)) log.warn({ ms: took, ...planned }, "check planner tick was slow; runs start late");
    let pruned = 0;
    if (at - lastPrune >= (o.pruneEveryMs ?? 60_000)) {
      lastPrune = at;
      pruned = (await pruneResults(o.db, { now: at, retentionDays: o.retentionDays })).deleted;
    }
    return { ...planned, pruned };
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      current = tick()
        .catch((err) => log.error({ err: (err as Error).message }, "check planner tick failed"))
        .finally(schedule);
    }, o.everyMs ?? 1000);
  }

  return {
    tick,
    start() {
      if (running) return;
      running = true;
      current = tick().catch((err) => log.error({ err: (err as Error).message }, "check planner tick failed")).finally(schedule);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
