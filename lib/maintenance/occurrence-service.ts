import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Db } from "@/lib/db";
import { newId, isUuid } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { toIso } from "@/lib/db/time";
import type { MaintenanceOccurrence, MaintenanceStatus, MaintenanceUpdate, MaintenanceWindow } from "@/lib/db/types";
import { invalidatePages } from "@/lib/cache/invalidate";
import { actorColumns, type Actor } from "@/lib/actors";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { occurrencesBetween, type Occurrence } from "./occurrences";
import * as q from "./queries";
import { getWindowOrThrow, visibilityOf } from "./shown";
import { announce, announceFlips } from "./announce";
import { canMove, occurrenceStatusAt } from "./state";
import { historyChanged } from "@/lib/uptime/strips";

/** How far past now (or the window's first start) a list materialises the rule, and how many rows it may create at most. */
export const HORIZON_MS = 3653 * DAY_MS;
export const MAX_MATERIALISED = 500;

export interface MaintenanceView {
  occurrence: MaintenanceOccurrence;
  /** oldest first */
  updates: MaintenanceUpdate[];
}

export interface MaintenanceUpdateInput {
  status: MaintenanceStatus;
  description: string;
  notifySubscribers?: boolean;
}

/** A completed or skipped occurrence stays so: only another note with the same status may follow. */
function assertTransition(from: MaintenanceStatus, to: MaintenanceStatus): void {
  if (!canMove(from, to)) {
    throw new ValidationError(`A ${from} maintenance cannot move to ${to}`, { fields: ["status"] });
  }
}

/** New rows for rule occurrences (SCHEDULED, at the rule's times). */
function ruleRows(occurrences: Occurrence[], at = Date.now()) {
  return occurrences.map((o) => ({
    id: newId(),
    window_id: o.windowId,
    starts_at: o.startsAt,
    ends_at: o.endsAt,
    status: "SCHEDULED" as const,
    original_starts_at: o.startsAt,
    created_at: at,
    updated_at: at,
  }));
}

/**
 * Inserts the rule's occurrences overlapping [from, to) that are not rows yet (insert-or-ignore), by the window as
 * it stands under its lock: a concurrent change of its times (which deletes untouched rows) never leaves rows of the old rule.
 */
export async function materialise(db: Db, w: Pick<MaintenanceWindow, "id">, from: number, to: number, limit: number): Promise<void> {
  const run = async (trx: Db) => {
    const fresh = await q.lockWindow(trx, w.id);
    const rows = fresh ? ruleRows(occurrencesBetween(fresh, from, to, limit)) : [];
    if (rows.length > 0) await q.insertOccurrencesIgnore(trx, rows);
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}

async function getOccurrenceOrThrow(db: Db, windowId: number, id: string): Promise<MaintenanceOccurrence> {
  const row = isUuid(id) ? await q.findOccurrence(db, windowId, id) : undefined;
  if (!row) throw new NotFoundError("Maintenance not found");
  return row;
}

/** Where the occurrence stands now: the stored status moved on as the scheduler's next tick will (lib/maintenance/state.ts). */
function asOfNow(w: MaintenanceWindow, occ: MaintenanceOccurrence, now = Date.now()): MaintenanceOccurrence {
  return { ...occ, status: occurrenceStatusAt(visibilityOf(w), { startsAt: occ.starts_at, endsAt: occ.ends_at, status: occ.status }, now) };
}

async function viewOf(db: Db, w: MaintenanceWindow, occurrence: MaintenanceOccurrence): Promise<MaintenanceView> {
  return { occurrence: asOfNow(w, occurrence), updates: await q.listUpdatesOf(db, [occurrence.id]) };
}

/** Upcoming occurrences (not skipped, not over), materialising the repeat rule as far as this page needs. */
export async function listMaintenances(db: Db, accountId: string, windowId: number, limit: number, page: number): Promise<MaintenanceView[]> {
  const w = await getWindowOrThrow(db, accountId, windowId);
  const now = Date.now();
  const offset = (page - 1) * limit;
  if (offset < MAX_MATERIALISED) {
    const skipped = await q.countSkippedUpcoming(db, w.id, now);
    // The horizon counts from the window's first start when that is later, so a far-off window still lists.
    await materialise(db, w, now, Math.max(now, w.starts_at) + HORIZON_MS, Math.min(offset + limit + skipped, MAX_MATERIALISED));
  }
  const rows = await q.listUpcomingOccurrences(db, w.id, now, limit, offset);
  const updates = await q.listUpdatesOf(db, rows.map((r) => r.id));
  return rows.map((occurrence) => ({ occurrence: asOfNow(w, occurrence, now), updates: updates.filter((u) => u.occurrence_id === occurrence.id) }));
}

export async function getMaintenance(db: Db, accountId: string, windowId: number, id: string): Promise<MaintenanceView> {
  const w = await getWindowOrThrow(db, accountId, windowId);
  return viewOf(db, w, await getOccurrenceOrThrow(db, w.id, id));
}

/** A write on one occurrence: in a transaction, then the window's pages are invalidated after commit. */
async function write<T>(db: Db, accountId: string, windowId: number, id: string, fn: (trx: Db, w: MaintenanceWindow, occ: MaintenanceOccurrence, at: number) => Promise<T>): Promise<T> {
  const w = await getWindowOrThrow(db, accountId, windowId);
  const result = await db.transaction().execute(async (trx) => {
    // Two moves of one window's occurrences must not both pass the overlap check (and the scheduler waits too);
    // the window is read again under the lock, so a concurrent change of its rule or flags is seen.
    const locked = await q.lockWindow(trx, w.id);
    if (!locked) throw new NotFoundError("Maintenance window not found");
    const occ = await getOccurrenceOrThrow(trx, locked.id, id);
    const updates = await q.listUpdatesOf(trx, [occ.id]);
    // Updates are ordered by time: a new one is never older than the latest, even within one millisecond.
    const at = Math.max(Date.now(), (updates.at(-1)?.created_at ?? 0) + 1);
    const result = await fn(trx, locked, occ, at);
    // Moved, skipped, started or completed: when the pages' components were under maintenance may have changed.
    await historyChanged(trx, { pageIds: visibilityOf(locked).statusPageIds });
    return result;
  });
  await invalidatePages(visibilityOf(w).statusPageIds);
  return result;
}

export function updateRow(occ: MaintenanceOccurrence, input: MaintenanceUpdateInput, at: number, actor: Actor, moved?: { startsAt?: number; endsAt?: number }) {
  return {
    id: newId(),
    occurrence_id: occ.id,
    window_id: occ.window_id,
    status: input.status,
    description: input.description,
    notify_subscribers: input.notifySubscribers ? (1 as const) : (0 as const),
    previous_status: occ.status,
    previous_starts_at: moved ? occ.starts_at : null,
    previous_ends_at: moved ? occ.ends_at : null,
    date_adjustments: moved ? toJson(Object.fromEntries(Object.entries(moved).map(([k, v]) => [k, toIso(v as number)]))) : null,
    ...actorColumns(actor),
    created_at: at,
    updated_at: at,
  };
}

/** PATCH: moves this occurrence only, recorded as an update carrying the previous times and the adjustment. */
export async function moveMaintenance(db: Db, accountId: string, windowId: number, id: string, input: { startsAt?: number; endsAt?: number }, actor: Actor): Promise<MaintenanceView> {
  return write(db, accountId, windowId, id, async (trx, w, occ, at) => {
    const startsAt = input.startsAt ?? occ.starts_at;
    const endsAt = input.endsAt ?? occ.ends_at;
    const fields = (["startsAt", "endsAt"] as const).filter((f) => input[f] !== undefined);
    if (endsAt <= startsAt) throw new ValidationError("endsAt must be after startsAt", { fields: [input.endsAt !== undefined ? "endsAt" : "startsAt"] });
    if (startsAt === occ.starts_at && endsAt === occ.ends_at) return viewOf(trx, w, occ);
    // Rule occurrences there become rows first, so a move onto one not listed yet is refused too.
    await materialise(trx, w, startsAt, endsAt, 50);
    const other = await q.findOverlapping(trx, w.id, occ.id, startsAt, endsAt);
    if (other) throw new ValidationError(`The maintenance would overlap another occurrence of its window (${toIso(other.starts_at)})`, { fields });
    const moved = { ...(startsAt !== occ.starts_at ? { startsAt } : {}), ...(endsAt !== occ.ends_at ? { endsAt } : {}) };
    await q.insertUpdate(trx, updateRow(occ, { status: occ.status, description: "" }, at, actor, moved));
    await q.updateOccurrenceRow(trx, occ.id, { starts_at: startsAt, ends_at: endsAt, updated_at: at });
    return viewOf(trx, w, await getOccurrenceOrThrow(trx, w.id, occ.id));
  });
}

/** DELETE: skips this occurrence (CANCELLED, recorded as an update); skipping it again changes nothing. */
export async function skipMaintenance(db: Db, accountId: string, windowId: number, id: string, actor: Actor): Promise<void> {
  await write(db, accountId, windowId, id, async (trx, w, occ, at) => {
    const status = asOfNow(w, occ, at).status;
    if (status === "CANCELLED") return;
    if (status === "COMPLETED") throw new ConflictError("A completed maintenance cannot be skipped");
    const row = updateRow(occ, { status: "CANCELLED", description: "" }, at, actor);
    await q.insertUpdate(trx, row);
    await q.updateOccurrenceRow(trx, occ.id, { status: "CANCELLED", updated_at: at });
    await announce(trx, w, occ, row, { stale: false });
  });
}

export async function addMaintenanceUpdate(db: Db, accountId: string, windowId: number, id: string, input: MaintenanceUpdateInput, actor: Actor): Promise<MaintenanceUpdate> {
  return write(db, accountId, windowId, id, async (trx, w, occ, at) => {
    // Judged where the occurrence stands now (as answered), not where the scheduler's last tick left it.
    assertTransition(asOfNow(w, occ, at).status, input.status);
    const row = updateRow(occ, input, at, actor);
    await q.insertUpdate(trx, row);
    await q.updateOccurrenceRow(trx, occ.id, { status: input.status, updated_at: at });
    await announce(trx, w, occ, row, { stale: false });
    return row;
  });
}

/** The occurrence's status follows its latest update; the chain of previous statuses stays consistent. */
async function settleStatus(trx: Db, w: MaintenanceWindow, occ: MaintenanceOccurrence, at: number): Promise<void> {
  const updates = await q.listUpdatesOf(trx, [occ.id]);
  for (let i = 0; i < updates.length; i++) {
    const previous = i === 0 ? "SCHEDULED" : updates[i - 1].status;
    if (updates[i].previous_status !== previous) await q.updateUpdateRow(trx, updates[i].id, { previous_status: previous });
  }
  const status = updates.at(-1)?.status ?? "SCHEDULED";
  await q.updateOccurrenceRow(trx, occ.id, { status, updated_at: at });
  // An edit never notifies, but components that go under maintenance or come out of it still flip.
  await announceFlips(trx, w, occ.status, status, newId(), at);
}

function findUpdate(updates: MaintenanceUpdate[], updateId: string): number {
  const i = isUuid(updateId) ? updates.findIndex((u) => u.id === updateId.toLowerCase()) : -1;
  if (i < 0) throw new NotFoundError("Maintenance update not found");
  return i;
}

/** PUT: edits text, notification flag or status; a status must still fit between its neighbours. */
export async function editMaintenanceUpdate(db: Db, accountId: string, windowId: number, id: string, updateId: string, input: Partial<MaintenanceUpdateInput>, actor: Actor): Promise<MaintenanceUpdate> {
  return write(db, accountId, windowId, id, async (trx, w, occ) => {
    const updates = await q.listUpdatesOf(trx, [occ.id]);
    const i = findUpdate(updates, updateId);
    const existing = updates[i];
    const status = input.status ?? existing.status;
    if (status !== existing.status) {
      assertTransition(i > 0 ? updates[i - 1].status : (existing.previous_status ?? "SCHEDULED"), status);
      if (i + 1 < updates.length) assertTransition(status, updates[i + 1].status);
    }
    const at = Date.now();
    await q.updateUpdateRow(trx, existing.id, {
      status,
      description: input.description ?? existing.description,
      notify_subscribers: input.notifySubscribers === undefined ? existing.notify_subscribers : input.notifySubscribers ? 1 : 0,
      ...actorColumns(actor),
      updated_at: at,
    });
    await settleStatus(trx, w, occ, at);
    return (await q.listUpdatesOf(trx, [occ.id])).find((u) => u.id === existing.id)!;
  });
}

/** DELETE an update: the occurrence's status falls back to the latest remaining one (SCHEDULED when none). */
export async function deleteMaintenanceUpdate(db: Db, accountId: string, windowId: number, id: string, updateId: string): Promise<void> {
  await write(db, accountId, windowId, id, async (trx, w, occ) => {
    const updates = await q.listUpdatesOf(trx, [occ.id]);
    const existing = updates[findUpdate(updates, updateId)];
    await q.deleteUpdateRow(trx, existing.id);
    await settleStatus(trx, w, occ, Date.now());
  });
}
