import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Db } from "@/lib/db";
import { advanceMaintenance, queueReminders } from "@/lib/maintenance/scheduler";
import { deleteUnconfirmed } from "@/lib/subscriptions/service";
import { listNotifyingWindows, pruneBefore } from "@/lib/notifications/outbox/queries";

/**
 * Maintenance's part of the tick: occurrences move at their times (lib/maintenance/scheduler.ts), and their
 * start and end notices go out with those moves, so they follow the real state, not the clock; then reminders
 * that fell due in the last `lookbackMs`. Every worker may run this: each move and each event happens once.
 */
export async function scheduleMaintenance(db: Db, now = Date.now(), lookbackMs = 15 * 60_000): Promise<number> {
  const moved = await advanceMaintenance(db, now);
  return moved.queued + (await queueReminders(db, await listNotifyingWindows(db, now - lookbackMs), now, lookbackMs));
}

/** Finished deliveries and subscribers who left are kept this long (delivery reports, dead letters), then deleted. */
const RETENTION_MS = 30 * DAY_MS;

/** The worker's periodic chores. */
export async function schedulerTick(db: Db, now = Date.now()) {
  const queued = await scheduleMaintenance(db, now);
  const deletedUnconfirmed = await deleteUnconfirmed(db, now);
  const pruned = await pruneBefore(db, now - RETENTION_MS);
  return { queued, deletedUnconfirmed, pruned: pruned.deliveries + pruned.events + pruned.subscribers };
}
