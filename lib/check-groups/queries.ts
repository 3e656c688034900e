import "server-only";
import type { Insertable, Updateable } from "kysely";
import type { Db } from "@/lib/db";
import type { CheckGroup, CheckGroupsTable } from "@/lib/db/types";

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** Any group by id (the engine's look-up); the API goes through findAccountGroup. */
export async function findGroup(db: Db, id: number): Promise<CheckGroup | undefined> {
  if (!validId(id)) return undefined;
  return db.selectFrom("check_groups").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findAccountGroup(db: Db, accountId: string, id: number): Promise<CheckGroup | undefined> {
  if (!validId(id)) return undefined;
  return db.selectFrom("check_groups").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function findGroupsByIds(db: Db, ids: readonly number[]): Promise<CheckGroup[]> {
  const valid = [...new Set(ids.filter(validId))];
  if (valid.length === 0) return [];
  return db.selectFrom("check_groups").selectAll().where("id", "in", valid).execute();
}

export interface GroupFilter {
  tags?: string[];
  names?: string[];
}

/** One page of the account's groups, oldest first; tags match when the group has ANY of them (tags are JSON). */
export async function listAccountGroups(db: Db, accountId: string, f: GroupFilter, page: number, limit: number): Promise<{ rows: CheckGroup[]; total: number }> {
  let q = db.selectFrom("check_groups").selectAll().where("account_id", "=", accountId);
  if (f.names && f.names.length > 0) q = q.where("name", "in", f.names);
  const all = await q.orderBy("created_at").orderBy("id").execute();
  const wanted = f.tags && f.tags.length > 0 ? new Set(f.tags) : null;
  const rows = wanted ? all.filter((g) => (JSON.parse(g.tags) as string[]).some((t) => wanted.has(t))) : all;
  return { rows: rows.slice((page - 1) * limit, page * limit), total: rows.length };
}

export async function insertGroup(db: Db, row: Insertable<CheckGroupsTable>): Promise<number> {
  const r = await db.insertInto("check_groups").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateGroupRow(db: Db, id: number, patch: Updateable<CheckGroupsTable>): Promise<void> {
  await db.updateTable("check_groups").set(patch).where("id", "=", id).execute();
}

export async function deleteGroupRow(db: Db, id: number): Promise<number> {
  const r = await db.deleteFrom("check_groups").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
