import "server-only";
import type { Db } from "@/lib/db";

export interface IncidentUpdateEvent {
  incidentId: string;
  updateId: string;
  serviceIds: string[];
}

/**
 * Queues one delivery per matching verified subscriber, inside the caller's transaction (outbox):
 * a rolled-back update sends nothing. Filled in by the notifications work; until then nothing is subscribed.
 */
export async function enqueueIncidentUpdate(_trx: Db, _event: IncidentUpdateEvent): Promise<void> {}
