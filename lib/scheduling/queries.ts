import "server-only";
/* The scheduler's SQL: due slots, the job queue with its leases, results as runs leave them, and their pruning. */
import { sql, type Insertable } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import type { CheckJob, CheckJobsTable, CheckResultRow, CheckResultsTable, CheckRow } from "@/lib/db/types";
import { JOB_PROTOCOL_VERSION } from "./types";

/**
 * `column` is one of `ids`, with one SQL text whatever their number: a bound array on PostgreSQL, a JSON array read
 * by json_each on SQLite (an IN list of n parameters is a new statement per batch size).
 */
function oneOf(db: Db, column: string, ids: readonly string[]) {
  return dialectOf(db) === "postgres"
    ? sql<boolean>`${sql.ref(column)} = any(${[...ids]}::uuid[])`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** Checks whose stored slot comes by `until`, oldest first (heartbeats are pinged, not run). */
export async function listDueChecks(db: Db, until: number, limit: number): Promise<CheckRow[]> {
  return db
    .selectFrom("checks")
    .selectAll()
    .where("next_run_at", "<=", until)
    .where("check_type", "<>", "HEARTBEAT")
    .orderBy("next_run_at")
    .limit(limit)
    .execute();
}

export interface SlotClaim {
  checkId: string;
  /** the stored slot read with the check; the claim holds only if it is still stored */
  due: number;
  next: number | null;
  jobs: Insertable<CheckJobsTable>[];
}

/**
 * Moves each check's slot on and queues its jobs in one transaction: the conditional update makes one instance a slot's
 * owner (one that read the same slot changes no row), jobs written with the move, so a dying planner loses nothing.
 * One UPDATE per batch, rows locked in id order on PostgreSQL so planners never deadlock.
 */
export async function claimSlots(db: Db, claims: SlotClaim[]): Promise<SlotClaim[]> {
  if (claims.length === 0) return [];
  const sorted = [...claims].sort((a, b) => (a.checkId < b.checkId ? -1 : a.checkId > b.checkId ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    const moved = new Set<string>();
    for (let i = 0; i < sorted.length; i += 1000) {
      for (const id of await moveSlots(trx, sorted.slice(i, i + 1000))) moved.add(id);
    }
    const won = sorted.filter((c) => moved.has(c.checkId));
    const jobs = won.flatMap((c) => c.jobs);
    for (let i = 0; i < jobs.length; i += 200) await trx.insertInto("check_jobs").values(jobs.slice(i, i + 200)).execute();
    return won;
  });
}

/** The conditional move of many slots at once (next_run_at from `due` to `next`); answers the ids moved. */
async function moveSlots(trx: Db, claims: SlotClaim[]): Promise<string[]> {
  if (dialectOf(trx) === "postgres") {
    const ids = claims.map((c) => c.checkId);
    await sql`select id from checks where id = any(${ids}::uuid[]) order by id for update`.execute(trx);
    const r = await sql<{ id: string }>`
      update checks as c set next_run_at = v.next
      from unnest(${ids}::uuid[], ${claims.map((c) => c.due)}::int8[], ${claims.map((c) => c.next)}::int8[]) as v(id, due, next)
      where c.id = v.id and c.next_run_at = v.due
      returning c.id`.execute(trx);
    return r.rows.map((x) => x.id);
  }
  const rows = JSON.stringify(claims.map((c) => [c.checkId, c.due, c.next]));
  const r = await sql<{ id: string }>`
    update checks set next_run_at = v.next
    from (select value ->> 0 as id, value ->> 1 as due, value ->> 2 as next from json_each(${rows})) as v
    where checks.id = v.id and checks.next_run_at = v.due
    returning checks.id`.execute(trx);
  return r.rows.map((x) => x.id);
}

/**
 * Leases up to `limit` jobs of one location due by `until` (default `now`) to `owner`. PostgreSQL: one UPDATE whose
 * SKIP LOCKED subquery keeps parallel runners' rows disjoint; SQLite: the read and the lease in one BEGIN IMMEDIATE transaction.
 */
export async function claimJobs(db: Db, location: string, owner: string, now: number, leaseMs: number, limit: number, until = now): Promise<CheckJob[]> {
  if (limit <= 0) return [];
  const lease = { lease_until: now + leaseMs, lease_owner: owner };
  const due = (q: Db) =>
    q
      .selectFrom("check_jobs")
      .select("id")
      .where("location", "=", location)
      .where("due_at", "<=", until)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      // a job of a newer protocol waits for a runner that speaks it
      .where("version", "<=", JOB_PROTOCOL_VERSION)
      .orderBy("due_at")
      .limit(limit);
  if (dialectOf(db) === "postgres") {
    return db
      .updateTable("check_jobs")
      .set(lease)
      .where("id", "in", () => due(db).forUpdate().skipLocked())
      .returningAll()
      .execute();
  }
  return db.transaction().execute(async (trx) => {
    const ids = (await due(trx).execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    return trx.updateTable("check_jobs").set(lease).where(oneOf(trx, "id", ids)).returningAll().execute();
  });
}

/** The earliest due time of this location's jobs that are free to claim at `now` (null: none). */
export async function nextFreeDueAt(db: Db, location: string, now: number): Promise<number | null> {
  const row = await db
    .selectFrom("check_jobs")
    .select("due_at")
    .where("location", "=", location)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .orderBy("due_at")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.due_at) : null;
}

export async function listChecksByIds(db: Db, ids: readonly string[]): Promise<CheckRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("checks").selectAll().where(oneOf(db, "id", ids)).execute();
}

/** A job that will not run (its check was deleted, deactivated or cannot run): gone, with no result. */
export async function dropJob(db: Db, id: string): Promise<void> {
  await db.deleteFrom("check_jobs").where("id", "=", id).execute();
}

/** When the sequence's first attempt started (retries count their budget from it). */
export async function firstStartOf(db: Db, sequenceId: string): Promise<number | null> {
  const row = await db.selectFrom("check_results").select("started_at").where("sequence_id", "=", sequenceId).where("attempt", "=", 0).executeTakeFirst();
  return row ? Number(row.started_at) : null;
}

/**
 * Stores one attempt's result, ends its job and queues the retry, in one transaction. Results are unique by
 * (sequence, attempt): a job run twice (its lease ran out under a slow runner) records once, and only the run that
 * recorded queues the retry. Returns the stored row, or null when another run of the job recorded first.
 */
export async function recordAttempt(db: Db, jobId: string, result: Insertable<CheckResultsTable>, retry: Insertable<CheckJobsTable> | null): Promise<CheckResultRow | null> {
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto("check_results")
      .values(result)
      .onConflict((oc) => oc.columns(["sequence_id", "attempt"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    await trx.deleteFrom("check_jobs").where("id", "=", jobId).execute();
    if (stored && retry) await trx.insertInto("check_jobs").values(retry).onConflict((oc) => oc.columns(["sequence_id", "attempt"]).doNothing()).execute();
    return stored ?? null;
  });
}

/**
 * recordAttempt for many attempts in one transaction (the runner's group commit): answers, in the order given, each
 * stored row or null when its (sequence, attempt) was recorded before; only stored attempts queue their retry.
 */
export async function recordAttempts(
  db: Db,
  items: readonly { jobId: string; result: Insertable<CheckResultsTable>; retry: Insertable<CheckJobsTable> | null }[],
): Promise<(CheckResultRow | null)[]> {
  if (items.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const byId = new Map<string, CheckResultRow>();
    for (let i = 0; i < items.length; i += 100) {
      const rows = await trx
        .insertInto("check_results")
        .values(items.slice(i, i + 100).map((it) => it.result))
        .onConflict((oc) => oc.columns(["sequence_id", "attempt"]).doNothing())
        .returningAll()
        .execute();
      for (const r of rows) byId.set(r.id, r);
    }
    await trx.deleteFrom("check_jobs").where(oneOf(trx, "id", items.map((it) => it.jobId))).execute();
    const retries = items.filter((it) => it.retry && byId.has(String(it.result.id))).map((it) => it.retry!);
    for (let i = 0; i < retries.length; i += 100) {
      await trx.insertInto("check_jobs").values(retries.slice(i, i + 100)).onConflict((oc) => oc.columns(["sequence_id", "attempt"]).doNothing()).execute();
    }
    return items.map((it) => byId.get(String(it.result.id)) ?? null);
  });
}

/** Hands back leases a stopping runner holds on jobs it never started. */
export async function releaseJobs(db: Db, ids: string[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("check_jobs").set({ lease_until: null, lease_owner: null }).where(oneOf(db, "id", ids)).where("lease_owner", "=", owner).execute();
}

/** Deletes up to `limit` results created before `before`, oldest first; returns how many. */
export async function pruneResultsBatch(db: Db, before: number, limit: number): Promise<number> {
  const r = await db
    .deleteFrom("check_results")
    .where("id", "in", (eb) => eb.selectFrom("check_results").select("id").where("created_at", "<", before).orderBy("created_at").limit(limit))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * SQLite: hands up to `pages` free pages back to the file system when the file was made with auto_vacuum=INCREMENTAL
 * (docs/monitoring.md, "Results"); otherwise freed pages stay in the file for new rows. Returns pages released.
 */
export async function reclaimSqlitePages(db: Db, pages: number): Promise<number> {
  if (dialectOf(db) !== "sqlite") return 0;
  const mode = (await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db)).rows[0]?.auto_vacuum;
  if (Number(mode) !== 2) return 0;
  const before = Number((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db)).rows[0]?.freelist_count ?? 0);
  if (before === 0) return 0;
  // A statement without result columns is stepped once by the driver, and each step frees one page: one per page.
  const n = Math.min(before, Math.max(1, Math.floor(pages)));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < n; i++) await sql`pragma incremental_vacuum(1)`.execute(trx);
  });
  const after = Number((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db)).rows[0]?.freelist_count ?? 0);
  return before - after;
}
