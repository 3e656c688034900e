import "server-only";
import { sql, type Insertable, type Updateable } from "kysely";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import type { CheckRow, CheckVariable, CheckVariablesTable, ChecksTable } from "@/lib/db/types";

/** The rows a check is made of: its own row, its tags in order, its variables. */
export interface CheckRows {
  row: CheckRow;
  tags: string[];
  variables: CheckVariable[];
}

export interface CheckFilter {
  tags?: string[];
  checkType?: string;
  search?: string;
  status?: "passing" | "failing" | "degraded";
  urlPattern?: string;
}

/** LIKE pattern for "contains", its wildcards escaped (ESCAPE '\' on both stores). */
const contains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any check by id, for the scheduler and alerting (which hold no account yet). */
export async function findCheck(db: Db, id: string): Promise<CheckRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("checks").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findAccountCheck(db: Db, accountId: string, id: string): Promise<CheckRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("checks").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function listChecksByIds(db: Db, ids: readonly string[]): Promise<CheckRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db.selectFrom("checks").selectAll().where("id", "in", valid).execute();
}

/** The scheduler's next slot (null: not scheduled). */
export async function setNextRunAt(db: Db, checkId: string, nextRunAt: number | null): Promise<void> {
  await db.updateTable("checks").set({ next_run_at: nextRunAt }).where("id", "=", checkId).execute();
}

function filtered(db: Db, accountId: string, f: CheckFilter) {
  let q = db.selectFrom("checks").where("checks.account_id", "=", accountId);
  if (f.checkType) q = q.where("checks.check_type", "=", f.checkType as CheckRow["check_type"]);
  if (f.search) q = q.where(sql<boolean>`lower(${sql.ref("checks.name")}) like ${contains(f.search)} escape '\\'`);
  if (f.urlPattern) q = q.where("checks.check_type", "=", "API").where(sql<boolean>`lower(${sql.ref("checks.url")}) like ${contains(f.urlPattern)} escape '\\'`);
  if (f.tags && f.tags.length > 0) {
    const tags = f.tags;
    q = q.where((eb) => eb.exists(eb.selectFrom("check_tags").select("check_tags.tag").whereRef("check_tags.check_id", "=", "checks.id").where("check_tags.tag", "in", tags)));
  }
  if (f.status) {
    const status = f.status;
    q = q.where((eb) => {
      const s = eb.selectFrom("check_statuses").select("check_statuses.check_id").whereRef("check_statuses.check_id", "=", "checks.id");
      if (status === "failing") return eb.exists(s.where("check_statuses.has_failures", "=", 1));
      if (status === "degraded") return eb.exists(s.where("check_statuses.has_failures", "=", 0).where("check_statuses.is_degraded", "=", 1));
      return eb.not(eb.exists(s.where((w) => w.or([w("check_statuses.has_failures", "=", 1), w("check_statuses.is_degraded", "=", 1)]))));
    });
  }
  return q;
}

/** One page of the account's checks, oldest first, and how many match in all (for Content-Range). */
export async function listAccountChecks(db: Db, accountId: string, f: CheckFilter, page: number, limit: number): Promise<{ rows: CheckRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, accountId, f).selectAll("checks").orderBy("checks.created_at").orderBy("checks.id").limit(limit).offset((page - 1) * limit).execute(),
    filtered(db, accountId, f).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listGroupChecks(db: Db, groupId: number, page: number, limit: number): Promise<{ rows: CheckRow[]; total: number }> {
  const base = db.selectFrom("checks").where("group_id", "=", groupId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("group_order").orderBy("created_at").orderBy("id").limit(limit).offset((page - 1) * limit).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function countGroupChecks(db: Db, groupId: number): Promise<number> {
  const r = await db.selectFrom("checks").select((eb) => eb.fn.countAll<number | string>().as("n")).where("group_id", "=", groupId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertCheck(db: Db, row: Insertable<ChecksTable>): Promise<void> {
  await db.insertInto("checks").values(row).execute();
}

export async function updateCheckRow(db: Db, id: string, patch: Updateable<ChecksTable>): Promise<void> {
  await db.updateTable("checks").set(patch).where("id", "=", id).execute();
}

export async function deleteCheckRow(db: Db, accountId: string, id: string): Promise<number> {
  const r = await db.deleteFrom("checks").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Rows that name the check without a cascade (results, jobs, statuses, events), removed with it. */
export async function deleteCheckDependents(db: Db, id: string): Promise<void> {
  for (const table of ["check_jobs", "check_results", "check_statuses", "heartbeat_events"] as const) await db.deleteFrom(table).where("check_id", "=", id).execute();
}

export async function replaceTags(db: Db, accountId: string, checkId: string, tags: readonly string[]): Promise<void> {
  await db.deleteFrom("check_tags").where("check_id", "=", checkId).execute();
  if (tags.length > 0) await db.insertInto("check_tags").values([...new Set(tags)].map((tag) => ({ check_id: checkId, account_id: accountId, tag }))).execute();
}

export async function listVariables(db: Db, owner: { checkIds?: readonly string[]; groupIds?: readonly number[] }): Promise<CheckVariable[]> {
  const checkIds = owner.checkIds ?? [];
  const groupIds = owner.groupIds ?? [];
  if (checkIds.length === 0 && groupIds.length === 0) return [];
  return db
    .selectFrom("check_variables")
    .selectAll()
    .where((eb) => eb.or([...(checkIds.length ? [eb("check_id", "in", checkIds)] : []), ...(groupIds.length ? [eb("group_id", "in", groupIds)] : [])]))
    .orderBy("position")
    .execute();
}

export async function replaceVariables(db: Db, owner: { checkId: string } | { groupId: number }, rows: readonly Insertable<CheckVariablesTable>[]): Promise<void> {
  const del = db.deleteFrom("check_variables");
  await ("checkId" in owner ? del.where("check_id", "=", owner.checkId) : del.where("group_id", "=", owner.groupId)).execute();
  if (rows.length > 0) await db.insertInto("check_variables").values([...rows]).execute();
}

export async function listTags(db: Db, checkIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (checkIds.length === 0) return out;
  for (const r of await db.selectFrom("check_tags").select(["check_id", "tag"]).where("check_id", "in", checkIds).execute()) out.set(r.check_id, [...(out.get(r.check_id) ?? []), r.tag]);
  return out;
}
