import "server-only";
import type { Db } from "@/lib/db";
import type { MaintenanceWindow, MaintenanceWindowsTable } from "@/lib/db/types";
import type { Insertable, Updateable } from "kysely";
import type { MaintenanceFilter } from "./types";

const OPS = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

export async function insertWindow(db: Db, row: Insertable<MaintenanceWindowsTable>): Promise<number> {
  const r = await db.insertInto("maintenance_windows").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function findWindow(db: Db, accountId: string, id: number): Promise<MaintenanceWindow | undefined> {
  return db.selectFrom("maintenance_windows").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function listWindows(db: Db, accountId: string, filter: MaintenanceFilter, limit: number, offset: number): Promise<MaintenanceWindow[]> {
  let q = db.selectFrom("maintenance_windows").selectAll().where("account_id", "=", accountId);
  for (const [op, v] of Object.entries(filter.startsAt ?? {})) q = q.where("starts_at", OPS[op as keyof typeof OPS], v);
  for (const [op, v] of Object.entries(filter.endsAt ?? {})) q = q.where("ends_at", OPS[op as keyof typeof OPS], v);
  return q.orderBy("starts_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

/** Windows of an account that are shown on status pages (filtered to one page by the caller). */
export async function listVisibleWindows(db: Db, accountId: string): Promise<MaintenanceWindow[]> {
  return db.selectFrom("maintenance_windows").selectAll().where("account_id", "=", accountId).orderBy("starts_at").execute();
}

export async function updateWindowRow(db: Db, id: number, patch: Updateable<MaintenanceWindowsTable>): Promise<void> {
  await db.updateTable("maintenance_windows").set(patch).where("id", "=", id).execute();
}

export async function deleteWindowRow(db: Db, accountId: string, id: number): Promise<number> {
  const r = await db.deleteFrom("maintenance_windows").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function countWindows(db: Db, accountId: string): Promise<number> {
  const r = await db.selectFrom("maintenance_windows").where("account_id", "=", accountId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}
