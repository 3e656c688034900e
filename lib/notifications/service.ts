import "server-only";
import type { Db } from "@/lib/db";
import { toIso } from "@/lib/db/time";
import { getUpdateOrThrow } from "@/lib/incidents/service";
import { getIncidentUpdateV3 } from "@/lib/incidents/v3-service";
import * as q from "./outbox/queries";
import { DELIVERY } from "./outbox/status";

export interface DeliveryReport {
  /** waiting for their first attempt */
  queued: number;
  sent: number;
  /** failed at least once and waiting for a retry */
  failed: number;
  dead: number;
  /** the subscriber left before the message went out */
  cancelled: number;
  total: number;
  deadLetters: { id: string; subscriptionId: string; type: string; address: string; attempts: number; lastError: string | null; responseCode: number | null; created_at: string; updated_at: string }[];
}

/** Delivery counts of a v1 incident update (scoped by account through the incident) and its dead letters. */
export async function getDeliveryReport(db: Db, accountId: string, incidentId: string, updateId: string, deadLimit = 100): Promise<DeliveryReport> {
  await getUpdateOrThrow(db, accountId, incidentId, updateId);
  return reportFor(db, updateId, deadLimit);
}

/** The same for an update of a v3 incident (scoped by account and page through the incident). */
export async function getDeliveryReportV3(db: Db, accountId: string, pageId: string, incidentId: string, updateId: string, deadLimit = 100): Promise<DeliveryReport> {
  await getIncidentUpdateV3(db, accountId, pageId, incidentId, updateId);
  return reportFor(db, updateId, deadLimit);
}

async function reportFor(db: Db, updateId: string, deadLimit: number): Promise<DeliveryReport> {
  const [counts, dead] = await Promise.all([q.countDeliveriesForUpdate(db, updateId), q.listDeadForUpdate(db, updateId, deadLimit)]);
  const n = (s: string) => counts[s] ?? 0;
  return {
    queued: n(DELIVERY.QUEUED),
    sent: n(DELIVERY.SENT),
    failed: n(DELIVERY.RETRYING),
    dead: n(DELIVERY.DEAD),
    cancelled: n(DELIVERY.CANCELLED),
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    deadLetters: dead.map((d) => ({
      id: d.id,
      subscriptionId: d.subscriber_id,
      type: d.channel,
      address: d.target,
      attempts: d.attempts,
      lastError: d.last_error,
      responseCode: d.response_code,
      created_at: toIso(d.created_at),
      updated_at: toIso(d.updated_at),
    })),
  };
}
