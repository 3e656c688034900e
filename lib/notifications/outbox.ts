import "server-only";
import type { Db } from "@/lib/db";
import { snapshotIncidentUpdate } from "./payload";
import { fanOut, insertEvent, pagesShowing } from "./queries";

interface IncidentUpdateEvent {
  incidentId: string;
  updateId: string;
  /** the components (v1: services) it affects */
  serviceIds: string[];
}

/**
 * Queues one delivery per matching verified subscriber, inside the caller's transaction (outbox):
 * a rolled-back update sends nothing. One event per affected page holds the snapshot the messages are rendered from.
 */
export async function enqueueIncidentUpdate(trx: Db, event: IncidentUpdateEvent): Promise<void> {
  const pageIds = await pagesShowing(trx, event.serviceIds);
  if (pageIds.length === 0) return;
  const at = Date.now();
  for (const pageId of pageIds) {
    const payload = await snapshotIncidentUpdate(trx, pageId, event);
    if (!payload) continue;
    const eventId = await insertEvent(trx, "incident.update", event.updateId, pageId, payload, at);
    if (eventId) await fanOut(trx, eventId, "incident.update", pageId, event.serviceIds, at);
  }
}
