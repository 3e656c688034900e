import "server-only";
import { sql } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { pageIdsForServices } from "@/lib/status-pages/affected";
import { DELIVERY, PENDING_STATUSES, VERIFY_EVENT } from "./status";
import { withNotify, type EventKind, type SubscriberRow } from "./tables";
import { snapshotIncidentUpdate } from "./payload";

export interface IncidentUpdateEvent {
  incidentId: string;
  updateId: string;
  serviceIds: string[];
}

/** A uuid per row made by the database itself, so fan-out stays one INSERT … SELECT. */
function uuidExpr(db: Db) {
  return dialectOf(db) === "postgres"
    ? sql<string>`gen_random_uuid()`
    : sql<string>`lower(substr(hex(randomblob(4)),1,8) || '-' || substr(hex(randomblob(2)),1,4) || '-4' || substr(hex(randomblob(2)),2,3) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)),2,3) || '-' || hex(randomblob(6)))`;
}

/**
 * Fans one event out to the page's verified subscribers whose scope meets `serviceIds` (null = any service):
 * one set-based statement whatever the number of subscribers. The idempotency key (event × subscriber)
 * is unique, so queuing the same event twice adds nothing.
 */
export async function fanOut(trx: Db, eventId: string, kind: EventKind, pageId: string, serviceIds: readonly string[] | null, at: number): Promise<number> {
  if (serviceIds !== null && serviceIds.length === 0) return 0;
  const n = withNotify(trx);
  const select = n
    .selectFrom("subscribers as s")
    .where("s.status_page_id", "=", pageId)
    .where("s.status", "=", "VERIFIED")
    .where("s.unsubscribed_at", "is", null)
    .where((eb) =>
      serviceIds === null
        ? sql<boolean>`1 = 1`
        : eb.or([
            eb("s.service_ids", "is", null),
            eb.exists(eb.selectFrom("subscriber_services as ss").select("ss.subscriber_id").whereRef("ss.subscriber_id", "=", "s.id").where("ss.service_id", "in", serviceIds.length ? [...serviceIds] : [""])),
          ]),
    )
    .select((eb) => [
      uuidExpr(trx).as("id"),
      "s.id as subscriber_id",
      sql<string>`${"msg_" + eventId.replaceAll("-", "") + "_"} || ${eb.ref("s.id")}`.as("idempotency_key"),
      sql<string>`cast(${kind} as text)`.as("event_type"),
      sql<string>`cast(${eventId} as text)`.as("event_id"),
      sql<string>`cast(${DELIVERY.QUEUED} as text)`.as("status"),
      sql<number>`cast(0 as integer)`.as("attempts"),
      sql<number>`cast(${at} as bigint)`.as("next_attempt_at"),
      sql<string>`coalesce(${eb.ref("s.dest_host")}, '')`.as("host"),
      sql<number>`cast(${at} as bigint)`.as("created_at"),
      sql<number>`cast(${at} as bigint)`.as("updated_at"),
    ]);
  const r = await n
    .insertInto("notification_deliveries")
    .columns(["id", "subscriber_id", "idempotency_key", "event_type", "event_id", "status", "attempts", "next_attempt_at", "host", "created_at", "updated_at"])
    .expression(select)
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/** Records an event for a page once (kind, ref, page are unique); returns its id, or null when it already existed. */
export async function insertEvent(trx: Db, kind: EventKind, ref: string, pageId: string, payload: unknown, at: number): Promise<string | null> {
  const id = newId();
  const r = await withNotify(trx)
    .insertInto("notification_events")
    .values({ id, kind, ref, status_page_id: pageId, payload: toJson(payload), rendered: null, created_at: at })
    .onConflict((oc) => oc.columns(["kind", "ref", "status_page_id"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0 ? id : null;
}

/**
 * Queues one delivery per matching verified subscriber, inside the caller's transaction (outbox):
 * a rolled-back update sends nothing. One event per affected page holds the snapshot the messages are rendered from.
 */
export async function enqueueIncidentUpdate(trx: Db, event: IncidentUpdateEvent): Promise<void> {
  const pageIds = await pageIdsForServices(trx, event.serviceIds);
  if (pageIds.length === 0) return;
  const at = Date.now();
  for (const pageId of pageIds) {
    const payload = await snapshotIncidentUpdate(trx, pageId, event);
    if (!payload) continue;
    const eventId = await insertEvent(trx, "incident.update", event.updateId, pageId, payload, at);
    if (eventId) await fanOut(trx, eventId, "incident.update", pageId, event.serviceIds, at);
  }
}

/** Queues a confirmation (e-mail link, SMS code, or the test delivery of a webhook) for the worker to send. */
export async function queueVerification(trx: Db, subscriber: Pick<SubscriberRow, "id" | "dest_host">, nonce: string, at = Date.now()): Promise<void> {
  await withNotify(trx)
    .insertInto("notification_deliveries")
    .values({
      id: newId(),
      subscriber_id: subscriber.id,
      idempotency_key: `msg_verify_${subscriber.id.replaceAll("-", "")}_${nonce}`,
      event_type: VERIFY_EVENT,
      event_id: subscriber.id,
      status: DELIVERY.QUEUED,
      attempts: 0,
      next_attempt_at: at,
      lease_until: null,
      last_error: null,
      host: subscriber.dest_host ?? "",
      lease_owner: null,
      sent_at: null,
      response_code: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .execute();
}

/** A subscriber who left gets nothing more: its waiting deliveries are cancelled, not sent. */
export async function cancelPendingDeliveries(trx: Db, subscriberId: string, at = Date.now()): Promise<void> {
  await withNotify(trx)
    .updateTable("notification_deliveries")
    .set({ status: DELIVERY.CANCELLED, lease_until: null, updated_at: at })
    .where("subscriber_id", "=", subscriberId)
    .where("status", "in", PENDING_STATUSES)
    .execute();
}
