import "server-only";
import type { Db } from "@/lib/db";
import type { CheckResultRow, CheckStatusRow } from "@/lib/db/types";

/* Reads of check results and statuses, always scoped by account. */

export interface ResultFilter {
  from?: number;
  to?: number;
  location?: string;
  checkType?: string;
  hasFailures?: boolean;
  resultType: "FINAL" | "ATTEMPT" | "ALL";
}

/** Where a page of results starts after: the last row's (started_at, id), newest first. */
export interface ResultPosition {
  startedAt: number;
  id: string;
}

export async function findCheckName(db: Db, accountId: string, checkId: string): Promise<{ id: string; name: string; created_at: number } | undefined> {
  return db.selectFrom("checks").select(["id", "name", "created_at"]).where("account_id", "=", accountId).where("id", "=", checkId).executeTakeFirst();
}

/** The check's results that pass the list's filters, for both lists (cursor and offset). */
function matching(db: Db, accountId: string, checkId: string, f: ResultFilter) {
  let q = db.selectFrom("check_results").where("check_id", "=", checkId).where("account_id", "=", accountId);
  if (f.from !== undefined) q = q.where("started_at", ">=", f.from);
  if (f.to !== undefined) q = q.where("started_at", "<", f.to);
  if (f.location !== undefined) q = q.where("run_location", "=", f.location);
  if (f.checkType !== undefined) q = q.where("check_type", "=", f.checkType as CheckResultRow["check_type"]);
  if (f.hasFailures !== undefined) q = q.where("has_failures", "=", f.hasFailures ? 1 : 0);
  if (f.resultType !== "ALL") q = q.where("result_type", "=", f.resultType);
  return q;
}

/** A page of the check's results, newest first by start, one row more than asked (is there a next page). */
export async function listResults(db: Db, accountId: string, checkId: string, f: ResultFilter, limit: number, after?: ResultPosition): Promise<CheckResultRow[]> {
  let q = matching(db, accountId, checkId, f).selectAll();
  // One row-value bound, which both stores turn into a range on check_results_check; the OR form was planned as
  // a scan of every earlier row of the check (PostgreSQL: bitmap of them all, then a sort).
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple("started_at", "id"), "<", tuple(after.startedAt, after.id)));
  return q.orderBy("started_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
}

/** A page (offset) of the check's results, newest first, and how many match in all (the deprecated v1 list). */
export async function pageResults(db: Db, accountId: string, checkId: string, f: ResultFilter, offset: number, limit: number): Promise<{ rows: CheckResultRow[]; total: number }> {
  const q = matching(db, accountId, checkId, f);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy("started_at", "desc").orderBy("id", "desc").offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findResult(db: Db, accountId: string, checkId: string, id: string): Promise<CheckResultRow | undefined> {
  return db.selectFrom("check_results").selectAll().where("account_id", "=", accountId).where("check_id", "=", checkId).where("id", "=", id).executeTakeFirst();
}

export type StatusOfCheck = { check_id: string; name: string; check_created_at: number; status: CheckStatusRow | null };

const STATUS_COLUMNS = [
  "check_statuses.has_failures", "check_statuses.has_errors", "check_statuses.is_degraded", "check_statuses.longest_run", "check_statuses.shortest_run",
  "check_statuses.last_run_location", "check_statuses.last_check_run_id", "check_statuses.last_result_at", "check_statuses.alert_state",
  "check_statuses.alert_state_since", "check_statuses.failing_runs", "check_statuses.degraded_runs", "check_statuses.streak_since",
  "check_statuses.created_at", "check_statuses.updated_at", "check_statuses.account_id",
] as const;

/** Every check of the account (or one) with its status row, null while it never ran. */
export async function listStatuses(db: Db, accountId: string, checkId?: string): Promise<StatusOfCheck[]> {
  let q = db
    .selectFrom("checks")
    .leftJoin("check_statuses", "check_statuses.check_id", "checks.id")
    .select(["checks.id as check_id", "checks.name", "checks.created_at as check_created_at", "check_statuses.check_id as status_check_id", ...STATUS_COLUMNS])
    .where("checks.account_id", "=", accountId);
  if (checkId !== undefined) q = q.where("checks.id", "=", checkId);
  const rows = await q.orderBy("checks.created_at").orderBy("checks.id").execute();
  return rows.map(({ check_id, name, check_created_at, status_check_id, ...s }) => ({
    check_id,
    name,
    check_created_at,
    status: status_check_id === null ? null : ({ ...s, check_id: status_check_id } as CheckStatusRow),
  }));
}
