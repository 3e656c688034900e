import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Db } from "@/lib/db";
import type { MaintenanceOccurrence, MaintenanceWindow } from "@/lib/db/types";
import type { Actor } from "@/lib/actors";
import { invalidatePages } from "@/lib/cache/invalidate";
import { enqueueMaintenance } from "@/lib/notifications/outbox/enqueue";
import { occurrencesBetween } from "./occurrences";
import { announce, audienceOf } from "./announce";
import { materialise, updateRow } from "./occurrence-service";
import * as q from "./queries";
import { visibilityOf } from "./shown";
import { occurrenceStatusAt } from "./state";
import { historyChanged } from "@/lib/uptime/strips";

/**
 * How far back a scheduler that was down catches up. Older occurrences keep their stored status (the public
 * side derives theirs from the clock, lib/maintenance/state.ts), so a long outage never replays months of windows.
 */
export const CATCH_UP_MS = 7 * DAY_MS;
/** An end notice more than this after the occurrence's end (the scheduler was down) is stale news: not sent. */
export const STALE_MS = 15 * 60_000;
/** Who moved an occurrence at its time: recorded on its update, so the history shows it was not an operator. */
export const SCHEDULER_ACTOR: Actor = { type: "AUTOMATION", id: "maintenance-scheduler" };

/**
 * Moves every due occurrence as autoStart/autoEnd say: SCHEDULED → IN_PROGRESS at its start, open → COMPLETED at its
 * end (directly, if both passed with no scheduler running). Instances may race: each change is a conditional UPDATE
 * under the window's lock, and only the one whose UPDATE changed the row writes the update and notices.
 */
export async function advanceMaintenance(db: Db, now = Date.now()): Promise<{ started: number; completed: number; queued: number }> {
  const since = now - CATCH_UP_MS;
  await materialiseStarted(db, await q.listWindowsActiveSince(db, since), since, now);
  const due = await q.listDueOccurrences(db, now, since);
  const windows = new Map((await q.findWindowsByIds(db, [...new Set(due.map((o) => o.window_id))])).map((w) => [w.id, w]));
  const result = { started: 0, completed: 0, queued: 0 };
  for (const occ of due) {
    const w = windows.get(occ.window_id);
    if (!w) continue;
    const moved = await transition(db, w, occ.id, now);
    if (!moved) continue;
    result.queued += moved.queued;
    if (moved.status === "COMPLETED") result.completed++;
    else result.started++;
  }
  return result;
}

/**
 * Rows for the rule occurrences that have started (and end after `since`), so each can carry the update that
 * moves it; autoStart off starts nothing. One read of the rows there, and an insert only for the missing ones.
 */
async function materialiseStarted(db: Db, windows: MaintenanceWindow[], since: number, now: number): Promise<void> {
  const wanted = windows.filter((w) => visibilityOf(w).autoStart).flatMap((w) => occurrencesBetween(w, since, now + 1, 100));
  if (wanted.length === 0) return;
  const from = Math.min(...wanted.map((o) => o.startsAt));
  const known = new Set((await q.listRuleStarts(db, [...new Set(wanted.map((o) => o.windowId))], from)).map((r) => `${r.window_id}:${r.original_starts_at}`));
  // Only windows missing some, each under its lock: a change of the window's times meanwhile is read, not undone.
  const missing = new Set(wanted.filter((o) => !known.has(`${o.windowId}:${o.startsAt}`)).map((o) => o.windowId));
  for (const id of missing) await materialise(db, { id }, since, now + 1, 100);
}

async function transition(db: Db, listed: MaintenanceWindow, id: string, now: number) {
  const done = await db.transaction().execute(async (trx) => {
    // Read again under the lock: an operator may have changed the window, or moved or updated it, since the list.
    const w = await q.lockWindow(trx, listed.id);
    const occ = w && (await q.findOccurrence(trx, w.id, id));
    if (!occ) return null;
    const to = occurrenceStatusAt(visibilityOf(w), { startsAt: occ.starts_at, endsAt: occ.ends_at, status: occ.status }, now);
    if (to === occ.status) return null;
    const latest = (await q.listUpdatesOf(trx, [occ.id])).at(-1);
    const at = Math.max(Date.now(), (latest?.created_at ?? 0) + 1);
    if (!(await q.claimStatus(trx, occ.id, occ.status, to, at))) return null;
    const row = updateRow(occ, { status: to, description: "" }, at, SCHEDULER_ACTOR);
    await q.insertUpdate(trx, row);
    const queued = await announce(trx, w, occ, row, { stale: to === "COMPLETED" && now - occ.ends_at > STALE_MS });
    // Its update's time is when the pages say it started or completed (lib/public-page/maintenance.ts).
    await historyChanged(trx, { pageIds: visibilityOf(w).statusPageIds });
    return { status: to, queued, pageIds: visibilityOf(w).statusPageIds };
  });
  if (done) await invalidatePages(done.pageIds);
  return done;
}

/**
 * Queues the reminders that fell due in the last `lookbackMs`: only for occurrences still SCHEDULED, at their
 * current (possibly moved) start. Events are unique per (occurrence start, minutes, page), so every instance
 * may run this and each goes out once; a reminder older than the look-back (no scheduler ran) is not sent late.
 */
export async function queueReminders(db: Db, windows: MaintenanceWindow[], now: number, lookbackMs: number): Promise<number> {
  let queued = 0;
  for (const w of windows) {
    const vis = visibilityOf(w);
    const reminders = vis.reminderMinutesBefore ?? [];
    if (reminders.length === 0 || !vis.enabled || vis.statusPageIds.length === 0) continue;
    const ahead = Math.max(...reminders) * 60_000;
    await materialise(db, w, now - lookbackMs, now + ahead + 1, 50);
    for (const occ of await q.listScheduledStartingIn(db, w.id, now - lookbackMs, now + ahead)) {
      for (const m of reminders) {
        const due = occ.starts_at - m * 60_000;
        if (due <= now - lookbackMs || due > now) continue;
        queued += await db.transaction().execute((trx) => remind(trx, w, occ, m, now));
      }
    }
  }
  return queued;
}

async function remind(trx: Db, w: MaintenanceWindow, occ: MaintenanceOccurrence, minutes: number, now: number): Promise<number> {
  const audience = audienceOf(w, occ);
  if (!audience) return 0;
  return enqueueMaintenance(trx, { ...audience, kind: "maintenance.reminder", ref: `${w.id}:${occ.starts_at}:${minutes}`, minutesBefore: minutes, at: now }, now);
}
