import "server-only";
import type { Db } from "@/lib/db";
import type { MaintenanceOccurrence, MaintenanceStatus, MaintenanceUpdate, MaintenanceWindow } from "@/lib/db/types";
import { enqueueMaintenance, enqueueMaintenanceFlips } from "@/lib/notifications/outbox/enqueue";
import { visibilityOf } from "./shown";
import { isOpen, noticeFor } from "./state";

/* What subscribers hear when an occurrence's status changes: the one narrow way from maintenance to the outbox. */

type NewUpdate = Pick<MaintenanceUpdate, "id" | "status" | "description" | "notify_subscribers" | "created_at"> & { previous_status: MaintenanceStatus };

/**
 * In a new update's transaction: the update itself when it asks to notify, else the window's start or end notice when
 * the status really began or completed (never for a skipped occurrence or a `stale` catch-up); and the components it
 * puts under maintenance, or takes out, flip. Returns the deliveries queued.
 */
export async function announce(trx: Db, w: MaintenanceWindow, occ: MaintenanceOccurrence, update: NewUpdate, opts: { stale: boolean }): Promise<number> {
  const base = audienceOf(w, occ);
  if (!base) return 0;
  const vis = base.window.visibility;
  let queued = 0;
  if (update.notify_subscribers) {
    const { id, status, description, created_at } = update;
    queued += await enqueueMaintenance(trx, { ...base, kind: "maintenance.update", ref: id, update: { id, status, description, at: created_at } }, created_at);
  } else {
    const notice = noticeFor(update.previous_status, update.status);
    const wanted = notice === "maintenance.start" ? vis.notifyOnStart : notice === "maintenance.end" ? vis.notifyOnEnd : false;
    // The rule's start names the occurrence (as before occurrences had rows), so a moved one is not announced twice.
    if (notice && wanted && !opts.stale) queued += await enqueueMaintenance(trx, { ...base, kind: notice, ref: `${w.id}:${occ.original_starts_at}`, at: update.created_at }, update.created_at);
  }
  if (!opts.stale) queued += await announceFlips(trx, w, update.previous_status, update.status, update.id, update.created_at);
  return queued;
}

/** Components flip when the occurrence goes under way or stops being (started, completed, skipped, an update deleted). */
export async function announceFlips(trx: Db, w: MaintenanceWindow, from: MaintenanceStatus, to: MaintenanceStatus, ref: string, at: number): Promise<number> {
  if (isOpen(from) === isOpen(to)) return 0;
  return enqueueMaintenanceFlips(trx, { window: { ...w, visibility: visibilityOf(w) }, ref, open: { was: isOpen(from), now: isOpen(to) } }, at);
}

/** Who hears about an occurrence: the window (shown on its pages) and the occurrence; null when it is on no page. */
export function audienceOf(w: MaintenanceWindow, occ: Pick<MaintenanceOccurrence, "id" | "starts_at" | "ends_at">) {
  const visibility = visibilityOf(w);
  if (!visibility.enabled || visibility.statusPageIds.length === 0) return null;
  return { window: { ...w, visibility }, occurrence: { id: occ.id, startsAt: occ.starts_at, endsAt: occ.ends_at } };
}
