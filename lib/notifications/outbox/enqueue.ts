import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { statusesAt, spansOf } from "./component-status";
import { snapshotComponentUpdates, snapshotIncidentUpdate, snapshotMaintenance, snapshotMaintenanceFlips, type MaintenanceSubject } from "./snapshot";
import type { ShownWindow } from "@/lib/maintenance/shown";
import { coverage, loadChildren } from "@/lib/public-page/maintenance";
import { pageIdsShowing } from "@/lib/status-pages/affected";
import { accountOfComponent, openImpactsOn } from "./snapshot-queries";
import { fanOut, insertEvent } from "./queries";

interface IncidentUpdateEvent {
  incidentId: string;
  updateId: string;
  /** the components (v1: services) it affects */
  serviceIds: string[];
  /** a v3 incident's page: it is news there even when it names no component */
  pageId?: string | null;
}

/**
 * Queues one delivery per matching verified subscriber, inside the caller's transaction (outbox):
 * a rolled-back update sends nothing. One event per affected page holds the snapshot the messages are rendered from.
 */
export async function enqueueIncidentUpdate(trx: Db, event: IncidentUpdateEvent): Promise<void> {
  const pageIds = event.pageId ? [event.pageId] : await pageIdsShowing(trx, event.serviceIds);
  if (pageIds.length === 0) return;
  const at = Date.now();
  for (const pageId of pageIds) {
    const payload = await snapshotIncidentUpdate(trx, pageId, event);
    if (!payload) continue;
    const eventId = await insertEvent(trx, "incident.update", event.updateId, pageId, payload, at);
    if (eventId) await fanOut(trx, eventId, "incident.update", pageId, event.serviceIds, at);
  }
}

export interface MaintenanceEvent extends MaintenanceSubject {
  /** names it once per kind and page: the occurrence for start and end, the update for an operator's update */
  ref: string;
  window: ShownWindow;
}

/**
 * Queues a maintenance message for each page the window shows on, inside the caller's transaction (the status
 * change or update that causes it), scoped to the components it covers (a named group as its components, so
 * followers of one of them hear it too). Returns the deliveries queued; none twice.
 */
export async function enqueueMaintenance(trx: Db, e: MaintenanceEvent, at = Date.now()): Promise<number> {
  const vis = e.window.visibility;
  if (!vis.enabled) return 0;
  const cover = coverage(e.window, await loadChildren(trx, [e.window]));
  const scope = cover === "ALL" ? null : cover;
  let queued = 0;
  for (const pageId of vis.statusPageIds) {
    const payload = await snapshotMaintenance(trx, pageId, e, scope);
    if (!payload) continue;
    const eventId = await insertEvent(trx, e.kind, e.ref, pageId, payload, at);
    if (eventId) queued += await fanOut(trx, eventId, e.kind, pageId, scope, at);
  }
  return queued;
}

/**
 * A maintenance occurrence went under way or stopped being (started, completed, skipped): one component.update per
 * component of the window whose status on a page flips, in the change's transaction. `ref` names the change.
 */
export async function enqueueMaintenanceFlips(trx: Db, e: { window: ShownWindow; ref: string; open: { was: boolean; now: boolean } }, at = Date.now()): Promise<number> {
  if (e.open.was === e.open.now || !e.window.visibility.enabled) return 0;
  let queued = 0;
  for (const pageId of e.window.visibility.statusPageIds) {
    for (const payload of await snapshotMaintenanceFlips(trx, pageId, e.window, e.open, at)) {
      const componentId = payload.component!.id;
      const eventId = await insertEvent(trx, "component.update", `${e.ref}:${componentId}`, pageId, payload, at);
      if (eventId) queued += await fanOut(trx, eventId, "component.update", pageId, [componentId], at);
    }
  }
  return queued;
}

interface ComponentWrite {
  /** every component (v1: service) the write may change: those it affected before and after */
  componentIds: readonly string[];
  /** names the write (an update id); events are unique per (write, component, page). A new id when absent. */
  ref?: string;
}

/**
 * Runs a write that may change components' derived status and, in its transaction, queues one component.update
 * per changed component and page showing it. Only the named components are read: once before, once after.
 */
export async function enqueueComponentUpdates<T>(trx: Db, write: ComponentWrite, run: () => Promise<T>): Promise<T> {
  const ids = [...new Set(write.componentIds)];
  const accountId = ids.length === 0 ? undefined : await accountOfComponent(trx, ids[0]);
  if (accountId === undefined) return run();
  const from = Date.now();
  const before = spansOf(await openImpactsOn(trx, accountId, ids, from));
  const result = await run();
  // Read after the write's own clock (windows open and close at its Date.now()), never before `from`.
  const at = Math.max(Date.now(), from);
  const after = spansOf(await openImpactsOn(trx, accountId, ids, at));
  const was = statusesAt(ids, before, [], from);
  const now = statusesAt(ids, after, [], at);
  const changed = ids.filter((id) => was.get(id) !== now.get(id));
  if (changed.length === 0) return result;
  const ref = write.ref ?? newId();
  for (const pageId of await pageIdsShowing(trx, changed)) {
    for (const payload of await snapshotComponentUpdates(trx, pageId, changed, before, after, from, at)) {
      const componentId = payload.component!.id;
      const eventId = await insertEvent(trx, "component.update", `${ref}:${componentId}`, pageId, payload, at);
      if (eventId) await fanOut(trx, eventId, "component.update", pageId, [componentId], at);
    }
  }
  return result;
}
