import "server-only";
import type { Db } from "@/lib/db";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import { visibilityOf } from "@/lib/maintenance/service";
import { deleteUnconfirmed } from "@/lib/subscriptions/service";
import { snapshotMaintenance } from "./payload";
import { fanOut, insertEvent, listNotifyingWindows, pruneBefore } from "./queries";

type Kind = "maintenance.start" | "maintenance.end" | "maintenance.reminder";

/**
 * Queues maintenance start, end and reminder notifications that fell due in the last `lookbackMs`.
 * Events are unique per (kind, occurrence, page), so every worker may run this and each goes out once;
 * a trigger older than the look-back (the worker was down) is skipped rather than sent late.
 */
export async function scheduleMaintenance(db: Db, now = Date.now(), lookbackMs = 15 * 60_000): Promise<number> {
  let queued = 0;
  const due = (t: number) => t > now - lookbackMs && t <= now;
  for (const w of await listNotifyingWindows(db, now - lookbackMs)) {
    const vis = visibilityOf(w);
    const reminders = vis.reminderMinutesBefore ?? [];
    if (!vis.enabled || vis.statusPageIds.length === 0 || (!vis.notifyOnStart && !vis.notifyOnEnd && reminders.length === 0)) continue;
    const ahead = Math.max(0, ...reminders) * 60_000;
    const triggers: { kind: Kind; ref: string; occ: { startsAt: number; endsAt: number }; minutes?: number }[] = [];
    for (const occ of occurrencesBetween(w, now - lookbackMs, now + ahead + 1, 50)) {
      if (vis.notifyOnStart && due(occ.startsAt)) triggers.push({ kind: "maintenance.start", ref: `${w.id}:${occ.startsAt}`, occ });
      if (vis.notifyOnEnd && due(occ.endsAt)) triggers.push({ kind: "maintenance.end", ref: `${w.id}:${occ.startsAt}`, occ });
      for (const m of reminders) if (due(occ.startsAt - m * 60_000)) triggers.push({ kind: "maintenance.reminder", ref: `${w.id}:${occ.startsAt}:${m}`, occ, minutes: m });
    }
    const scope = vis.affectAllServices ? null : vis.serviceIds;
    for (const t of triggers) {
      for (const pageId of vis.statusPageIds) {
        queued += await db.transaction().execute(async (trx) => {
          const payload = await snapshotMaintenance(trx, pageId, w, t.kind, t.occ, scope, t.minutes);
          if (!payload) return 0;
          const eventId = await insertEvent(trx, t.kind, t.ref, pageId, payload, now);
          return eventId ? fanOut(trx, eventId, t.kind, pageId, scope, now) : 0;
        });
      }
    }
  }
  return queued;
}

/** Finished deliveries and subscribers who left are kept this long (delivery reports, dead letters), then deleted. */
const RETENTION_MS = 30 * 86_400_000;

/** The worker's periodic chores. */
export async function schedulerTick(db: Db, now = Date.now()) {
  const queued = await scheduleMaintenance(db, now);
  const deletedUnconfirmed = await deleteUnconfirmed(db, now);
  const pruned = await pruneBefore(db, now - RETENTION_MS);
  return { queued, deletedUnconfirmed, pruned: pruned.deliveries + pruned.events + pruned.subscribers };
}
