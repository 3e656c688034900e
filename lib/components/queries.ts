import "server-only";
import type { Insertable, Updateable } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import type { Component, Database } from "@/lib/db/types";

/** A page's components in display order (groups and services alike; the caller builds the tree). */
export async function listComponentsOfPage(db: Db, pageId: string): Promise<Component[]> {
  return db.selectFrom("components").selectAll().where("status_page_id", "=", pageId).orderBy("display_order").orderBy("created_at").orderBy("id").execute();
}

/** Where a page of the component list ended: the sort key of its last row. */
export interface ComponentPosition {
  displayOrder: number;
  createdAt: number;
  id: string;
}

/** One page of the list in the order listComponentsOfPage uses, plus one row to tell whether more follow. */
export async function listComponentsAfter(db: Db, pageId: string, limit: number, after?: ComponentPosition): Promise<Component[]> {
  let q = db.selectFrom("components").selectAll().where("status_page_id", "=", pageId);
  if (after) {
    const { displayOrder, createdAt, id } = after;
    q = q.where((eb) =>
      eb.or([
        eb("display_order", ">", displayOrder),
        eb.and([eb("display_order", "=", displayOrder), eb("created_at", ">", createdAt)]),
        eb.and([eb("display_order", "=", displayOrder), eb("created_at", "=", createdAt), eb("id", ">", id)]),
      ]),
    );
  }
  return q.orderBy("display_order").orderBy("created_at").orderBy("id").limit(limit + 1).execute();
}

export async function findComponent(db: Db, pageId: string, id: string): Promise<Component | undefined> {
  return db.selectFrom("components").selectAll().where("status_page_id", "=", pageId).where("id", "=", id).executeTakeFirst();
}

/** Whether an incident's impact window on this component is open at `at` (not ended, or ending later). */
export async function hasOpenImpact(db: Db, componentId: string, at: number): Promise<boolean> {
  const row = await db
    .selectFrom("incident_impacts")
    .select("id")
    .where("component_id", "=", componentId)
    .where((eb) => eb.or([eb("ended_at", "is", null), eb("ended_at", ">", at)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countComponents(db: Db, pageId: string): Promise<number> {
  const r = await db.selectFrom("components").where("status_page_id", "=", pageId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countChildren(db: Db, parentId: string): Promise<number> {
  const r = await db.selectFrom("components").where("parent_id", "=", parentId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Serializes the component writes of one page (limit count, parent checks) inside a transaction: a row
 * lock on the page on PostgreSQL; SQLite's write transactions are serialized already (BEGIN IMMEDIATE).
 * False when the page is gone.
 */
export async function lockPageForComponents(trx: Db, pageId: string): Promise<boolean> {
  const q = trx.selectFrom("status_pages").select("id").where("id", "=", pageId);
  return (await (dialectOf(trx) === "postgres" ? q.forUpdate() : q).executeTakeFirst()) !== undefined;
}

/**
 * The reading side of lockPageForComponents, for a write that relies on its components' types (an impact names a
 * SERVICE): it waits for a component write in progress and makes the next one wait, while others like it run on.
 */
export async function sharePageComponents(trx: Db, pageId: string): Promise<void> {
  if (dialectOf(trx) === "postgres") await trx.selectFrom("status_pages").select("id").where("id", "=", pageId).forShare().execute();
}

export async function insertComponent(db: Db, row: Insertable<Database["components"]>): Promise<void> {
  await db.insertInto("components").values(row).execute();
}

export async function updateComponentRow(db: Db, pageId: string, id: string, patch: Updateable<Database["components"]>): Promise<number> {
  const r = await db.updateTable("components").set(patch).where("status_page_id", "=", pageId).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A group's components (ids). */
export async function listChildIds(db: Db, parentId: string): Promise<string[]> {
  return (await db.selectFrom("components").select("id").where("parent_id", "=", parentId).execute()).map((r) => r.id);
}

/** A deleted group's children move to the top level (the page keeps showing them). */
export async function detachChildren(db: Db, parentId: string, at: number): Promise<void> {
  await db.updateTable("components").set({ parent_id: null, updated_at: at }).where("parent_id", "=", parentId).execute();
}

export async function deleteComponentRow(db: Db, pageId: string, id: string): Promise<number> {
  const r = await db.deleteFrom("components").where("status_page_id", "=", pageId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The components among `ids` that belong to this page, with their type (ids of other pages or accounts are absent). */
export async function findComponentsOfPage(db: Db, pageId: string, ids: readonly string[]): Promise<Component[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("components").selectAll().where("status_page_id", "=", pageId).where("id", "in", ids).execute();
}
