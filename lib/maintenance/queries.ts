import "server-only";
import { dialectOf, type Db } from "@/lib/db";
import type { MaintenanceOccurrence, MaintenanceOccurrencesTable, MaintenanceStatus, MaintenanceUpdate, MaintenanceUpdatesTable, MaintenanceWindow, MaintenanceWindowsTable } from "@/lib/db/types";
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

/* Occurrences and their updates (migration 007). */

const OPEN: MaintenanceStatus[] = ["IN_PROGRESS", "VERIFYING"];

/** Insert-or-ignore on (window_id, original_starts_at): a rule occurrence is materialised at most once. */
export async function insertOccurrencesIgnore(db: Db, rows: Insertable<MaintenanceOccurrencesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto("maintenance_occurrences")
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(["window_id", "original_starts_at"]).doNothing())
      .execute();
  }
}

/**
 * Occurrences an operator moved or skipped, of these windows: what the public side overlays on the repeat rule.
 * Untouched occurrences are left out (the rule already says them), so this stays as small as operators' edits.
 */
export async function listChangedOccurrences(db: Db, windowIds: readonly number[]): Promise<MaintenanceOccurrence[]> {
  if (windowIds.length === 0) return [];
  return db
    .selectFrom("maintenance_occurrences as o")
    .innerJoin("maintenance_windows as w", "w.id", "o.window_id")
    .selectAll("o")
    .where("o.window_id", "in", [...windowIds])
    .where((eb) =>
      eb.or([
        eb("o.status", "=", "CANCELLED"),
        eb("o.starts_at", "!=", eb.ref("o.original_starts_at")),
        eb(eb("o.ends_at", "-", eb.ref("o.starts_at")), "!=", eb(eb.ref("w.ends_at"), "-", eb.ref("w.starts_at"))),
      ]),
    )
    .execute();
}

export async function findOccurrence(db: Db, windowId: number, id: string): Promise<MaintenanceOccurrence | undefined> {
  return db.selectFrom("maintenance_occurrences").selectAll().where("window_id", "=", windowId).where("id", "=", id).executeTakeFirst();
}

/** Occurrences listed as upcoming: not skipped, and not over yet (or still open by an operator's update). */
export async function listUpcomingOccurrences(db: Db, windowId: number, now: number, limit: number, offset: number): Promise<MaintenanceOccurrence[]> {
  return db
    .selectFrom("maintenance_occurrences")
    .selectAll()
    .where("window_id", "=", windowId)
    .where("status", "!=", "CANCELLED")
    .where((eb) => eb.or([eb("ends_at", ">", now), eb("status", "in", OPEN)]))
    .orderBy("starts_at")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countSkippedUpcoming(db: Db, windowId: number, now: number): Promise<number> {
  const r = await db
    .selectFrom("maintenance_occurrences")
    .where("window_id", "=", windowId)
    .where("status", "=", "CANCELLED")
    .where("ends_at", ">", now)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Another live occurrence of the window overlapping [startsAt, endsAt). */
export async function findOverlapping(db: Db, windowId: number, exceptId: string, startsAt: number, endsAt: number): Promise<MaintenanceOccurrence | undefined> {
  return db
    .selectFrom("maintenance_occurrences")
    .selectAll()
    .where("window_id", "=", windowId)
    .where("id", "!=", exceptId)
    .where("status", "!=", "CANCELLED")
    .where("starts_at", "<", endsAt)
    .where("ends_at", ">", startsAt)
    .executeTakeFirst();
}

/**
 * The window as it stands, serialising writes on its occurrences (moves, status changes, materialising its rule,
 * the scheduler) with each other and with a change of its times: PostgreSQL locks the window row until commit;
 * SQLite write transactions already hold the database's write lock (BEGIN IMMEDIATE).
 */
export async function lockWindow(db: Db, windowId: number): Promise<MaintenanceWindow | undefined> {
  const q = db.selectFrom("maintenance_windows").selectAll().where("id", "=", windowId);
  return (dialectOf(db) === "postgres" ? q.forUpdate() : q).executeTakeFirst();
}

/** Moves an occurrence from one status to another only if it is still in the first: true for the one caller that did. */
export async function claimStatus(db: Db, id: string, from: MaintenanceStatus, to: MaintenanceStatus, at: number): Promise<boolean> {
  const r = await db.updateTable("maintenance_occurrences").set({ status: to, updated_at: at }).where("id", "=", id).where("status", "=", from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function findWindowsByIds(db: Db, ids: readonly number[]): Promise<MaintenanceWindow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("maintenance_windows").selectAll().where("id", "in", [...ids]).execute();
}

/** The rule starts already materialised for these windows, from `from` on. */
export async function listRuleStarts(db: Db, windowIds: readonly number[], from: number): Promise<{ window_id: number; original_starts_at: number }[]> {
  if (windowIds.length === 0) return [];
  const rows = await db.selectFrom("maintenance_occurrences").select(["window_id", "original_starts_at"]).where("window_id", "in", [...windowIds]).where("original_starts_at", ">=", from).execute();
  return rows.map((r) => ({ window_id: Number(r.window_id), original_starts_at: Number(r.original_starts_at) }));
}

/** Windows whose occurrences may start or end at `since` or later (one-off ones not over, repeating ones not finished). */
export async function listWindowsActiveSince(db: Db, since: number): Promise<MaintenanceWindow[]> {
  return db
    .selectFrom("maintenance_windows")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("ends_at", ">=", since),
        // the last repetition starts by repeat_ends_at and lasts as long as the first
        eb.and([eb("repeat_unit", "is not", null), eb.or([eb("repeat_ends_at", "is", null), eb(eb(eb("repeat_ends_at", "+", eb.ref("ends_at")), "-", eb.ref("starts_at")), ">=", since)])]),
      ]),
    )
    .orderBy("id")
    .execute();
}

/**
 * Rows the clock may move: scheduled ones whose start has come, open ones whose end has, ending after `since`
 * (older ones are left as they are; at most a few per window). The window's flags decide (lib/maintenance/state.ts).
 */
export async function listDueOccurrences(db: Db, now: number, since: number): Promise<MaintenanceOccurrence[]> {
  return db
    .selectFrom("maintenance_occurrences")
    .selectAll()
    .where("ends_at", ">", since)
    .where((eb) => eb.or([eb.and([eb("status", "=", "SCHEDULED"), eb("starts_at", "<=", now)]), eb.and([eb("status", "in", OPEN), eb("ends_at", "<=", now)])]))
    .orderBy("starts_at")
    .orderBy("id")
    .execute();
}

/** Occurrences of a window still scheduled whose (possibly moved) start falls in (from, to]: what reminders are about. */
export async function listScheduledStartingIn(db: Db, windowId: number, from: number, to: number): Promise<MaintenanceOccurrence[]> {
  return db
    .selectFrom("maintenance_occurrences")
    .selectAll()
    .where("window_id", "=", windowId)
    .where("status", "=", "SCHEDULED")
    .where("starts_at", ">", from)
    .where("starts_at", "<=", to)
    .orderBy("starts_at")
    .execute();
}

export async function updateOccurrenceRow(db: Db, id: string, patch: Updateable<MaintenanceOccurrencesTable>): Promise<void> {
  await db.updateTable("maintenance_occurrences").set(patch).where("id", "=", id).execute();
}

/** Rows nobody has touched (no update: never moved, skipped or given a status); the rule re-creates them. */
export async function deleteUntouchedOccurrences(db: Db, windowId: number): Promise<void> {
  await db
    .deleteFrom("maintenance_occurrences")
    .where("window_id", "=", windowId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("maintenance_updates").select("maintenance_updates.id").whereRef("maintenance_updates.occurrence_id", "=", "maintenance_occurrences.id"))))
    .execute();
}

/** Updates of these occurrences, oldest first. */
export async function listUpdatesOf(db: Db, occurrenceIds: string[]): Promise<MaintenanceUpdate[]> {
  if (occurrenceIds.length === 0) return [];
  return db.selectFrom("maintenance_updates").selectAll().where("occurrence_id", "in", occurrenceIds).orderBy("created_at").orderBy("id").execute();
}

export async function insertUpdate(db: Db, row: Insertable<MaintenanceUpdatesTable>): Promise<void> {
  await db.insertInto("maintenance_updates").values(row).execute();
}

export async function updateUpdateRow(db: Db, id: string, patch: Updateable<MaintenanceUpdatesTable>): Promise<void> {
  await db.updateTable("maintenance_updates").set(patch).where("id", "=", id).execute();
}

export async function deleteUpdateRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("maintenance_updates").where("id", "=", id).execute();
}

/* The public side's reads: occurrences as pages, JSON, calendar and automation see them. */

/**
 * Rows of these windows a page shows for [from, to): overlapping it at their current times, given by the rule
 * there (original start in [ruleFrom, to), so a row moved away is found and left out), or still open by an update.
 */
export async function listOccurrencesForRange(db: Db, windowIds: readonly number[], from: number, to: number, ruleFrom: number): Promise<MaintenanceOccurrence[]> {
  if (windowIds.length === 0) return [];
  return db
    .selectFrom("maintenance_occurrences")
    .selectAll()
    .where("window_id", "in", [...windowIds])
    .where((eb) =>
      eb.or([
        eb.and([eb("starts_at", "<", to), eb("ends_at", ">", from)]),
        eb.and([eb("original_starts_at", ">=", ruleFrom), eb("original_starts_at", "<", to)]),
        eb("status", "in", OPEN),
      ]),
    )
    .execute();
}

/** One occurrence by id, whichever window it belongs to (the caller checks the window is the page's). */
export async function findOccurrenceById(db: Db, id: string): Promise<MaintenanceOccurrence | undefined> {
  return db.selectFrom("maintenance_occurrences").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The row of the rule occurrence that started at `originalStartsAt`, if it was materialised. */
export async function findOccurrenceByRuleStart(db: Db, windowId: number, originalStartsAt: number): Promise<MaintenanceOccurrence | undefined> {
  return db.selectFrom("maintenance_occurrences").selectAll().where("window_id", "=", windowId).where("original_starts_at", "=", originalStartsAt).executeTakeFirst();
}

/** Which of these ids are components on one of the account's pages, with their type and parent. */
export async function findComponentsOfAccount(db: Db, accountId: string, ids: readonly string[]): Promise<{ id: string; type: string; status_page_id: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("components as c")
    .innerJoin("status_pages as p", "p.id", "c.status_page_id")
    .select(["c.id", "c.type", "c.status_page_id"])
    .where("p.account_id", "=", accountId)
    .where("c.id", "in", [...ids])
    .execute();
}

/** Components whose group is one of these (what a group under maintenance covers). */
export async function listChildComponents(db: Db, groupIds: readonly string[]): Promise<{ id: string; parent_id: string | null }[]> {
  if (groupIds.length === 0) return [];
  return db.selectFrom("components").select(["id", "parent_id"]).where("parent_id", "in", [...groupIds]).execute();
}
