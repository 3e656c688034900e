import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { statusesAt, spansOf } from "./component-status";
import { snapshotComponentUpdates, snapshotIncidentUpdate } from "./payload";
import { pageIdsShowing } from "@/lib/status-pages/affected";
import { fanOut, insertEvent, openImpactsOn } from "./queries";

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
  if (ids.length === 0) return run();
  const from = Date.now();
  const before = spansOf(await openImpactsOn(trx, ids, from));
  const result = await run();
  // Read after the write's own clock (windows open and close at its Date.now()), never before `from`.
  const at = Math.max(Date.now(), from);
  const after = spansOf(await openImpactsOn(trx, ids, at));
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
