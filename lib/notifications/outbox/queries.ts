import "server-only";
/*
 * The outbox's queries: events and the deliveries they fan out to (inside the caller's transaction), confirmations,
 * cancellations, delivery reports and housekeeping. The worker's claims and records are in ../worker/claim-queries.ts,
 * the reads that snapshot an event's payload in snapshot-queries.ts.
 */
import { sql } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import type { EventKind, Subscriber } from "@/lib/db/types";
import { channelsFor } from "@/lib/notifications/channels";
import { DELIVERY, PENDING_STATUSES, VERIFY_EVENT } from "./status";


/**
 * A uuid per row made by the database itself, so fan-out stays one INSERT … SELECT. On SQLite a version 7 uuid
 * (RFC 9562: the time in ms, then random bits): one fan-out's ids land together at the end of the primary-key
 * index instead of at random places all over it, which made queuing slow down as the table grew past the page cache.
 */
function uuidExpr(db: Db, at: number) {
  const ms = Math.max(0, Math.floor(at));
  return dialectOf(db) === "postgres"
    ? sql<string>`gen_random_uuid()`
    : sql<string>`lower(${sql.lit(Math.floor(ms / 65536).toString(16).padStart(8, "0").slice(-8))} || '-' || ${sql.lit((ms % 65536).toString(16).padStart(4, "0"))} || '-7' || substr(hex(randomblob(2)),2,3) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)),2,3) || '-' || hex(randomblob(6)))`;
}

/**
 * Fans one event out to the page's verified subscribers whose scope meets `componentIds` (null: anything; []: none in
 * particular, for those who follow everything) in one set-based statement, for the channels that send this kind. A v3
 * group covers its current children. The idempotency key (event × subscriber) is unique: queuing twice adds nothing.
 */
export async function fanOut(trx: Db, eventId: string, kind: EventKind, pageId: string, componentIds: readonly string[] | null, at: number): Promise<number> {
  const channels = kind === VERIFY_EVENT ? [] : channelsFor(kind);
  if (channels.length === 0) return 0;
  const ids = componentIds === null ? [] : [...componentIds];
  const select = trx
    .selectFrom("subscribers as s")
    .where("s.status_page_id", "=", pageId)
    .where("s.channel", "in", channels)
    .where("s.status", "=", "VERIFIED")
    .where("s.unsubscribed_at", "is", null)
    .where((eb) => {
      if (componentIds === null) return sql<boolean>`1 = 1`;
      // `service_ids` is null exactly for subscribers who follow everything (lib/subscriptions/scope.ts).
      const everything = eb("s.service_ids", "is", null);
      if (ids.length === 0) return everything;
      return eb.or([
        everything,
        eb.exists(eb.selectFrom("subscriber_services as ss").select("ss.subscriber_id").whereRef("ss.subscriber_id", "=", "s.id").where("ss.service_id", "in", ids)),
        eb.exists(
          eb
            .selectFrom("subscriber_components as sc")
            .select("sc.subscriber_id")
            .whereRef("sc.subscriber_id", "=", "s.id")
            .where((e2) =>
              e2.or([
                e2("sc.component_id", "in", ids),
                e2("sc.component_id", "in", e2.selectFrom("components as c").select("c.parent_id").where("c.id", "in", ids).where("c.parent_id", "is not", null)),
              ]),
            ),
        ),
      ]);
    })
    .select((eb) => [
      uuidExpr(trx, at).as("id"),
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
    ])
    // In subscriber order, the idempotency-key and subscriber indexes grow at one place rather than everywhere.
    .orderBy("s.id");
  const r = await trx
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
  const r = await trx
    .insertInto("notification_events")
    .values({ id, kind, ref, status_page_id: pageId, payload: toJson(payload), rendered: null, created_at: at })
    .onConflict((oc) => oc.columns(["kind", "ref", "status_page_id"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0 ? id : null;
}

/** Queues a confirmation (e-mail link, SMS code, or a test delivery) for the worker to send. */
export async function queueVerification(trx: Db, subscriber: Pick<Subscriber, "id" | "dest_host">, nonce: string, at = Date.now()): Promise<void> {
  await trx
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
  await trx
    .updateTable("notification_deliveries")
    .set({ status: DELIVERY.CANCELLED, lease_until: null, updated_at: at })
    .where("subscriber_id", "=", subscriberId)
    .where("status", "in", PENDING_STATUSES)
    .execute();
}

/** Delivery counts of one incident update, across the pages it reached. */
export async function countDeliveriesForUpdate(db: Db, updateId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("notification_deliveries as d")
    .innerJoin("notification_events as e", (j) => j.on(sql`cast(${sql.ref("e.id")} as text)`, "=", sql.ref("d.event_id")))
    .where("e.kind", "=", "incident.update")
    .where("e.ref", "=", updateId)
    .select(["d.status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("d.status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function listDeadForUpdate(db: Db, updateId: string, limit: number) {
  return db
    .selectFrom("notification_deliveries as d")
    .innerJoin("notification_events as e", (j) => j.on(sql`cast(${sql.ref("e.id")} as text)`, "=", sql.ref("d.event_id")))
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .where("e.kind", "=", "incident.update")
    .where("e.ref", "=", updateId)
    .where("d.status", "=", DELIVERY.DEAD)
    .select(["d.id", "d.idempotency_key", "d.attempts", "d.last_error", "d.response_code", "d.created_at", "d.updated_at", "s.id as subscriber_id", "s.channel", "s.target", "e.status_page_id"])
    .orderBy("d.updated_at", "desc")
    .limit(limit)
    .execute();
}

/** Windows that may need start, end or reminder notifications. */
export async function listNotifyingWindows(db: Db, since: number) {
  return db
    .selectFrom("maintenance_windows")
    .selectAll()
    .where((eb) => eb.or([eb("ends_at", ">=", since), eb("repeat_unit", "is not", null)]))
    .execute();
}

/** Housekeeping: finished deliveries, their events, and subscribers who left, once older than `cutoff`. */
export async function pruneBefore(db: Db, cutoff: number): Promise<{ deliveries: number; events: number; subscribers: number }> {
  const d = await db.deleteFrom("notification_deliveries").where("status", "in", [DELIVERY.SENT, DELIVERY.DEAD, DELIVERY.CANCELLED]).where("updated_at", "<", cutoff).executeTakeFirst();
  const s = await db.deleteFrom("subscribers").where("unsubscribed_at", "<", cutoff).executeTakeFirst();
  const e = await db
    .deleteFrom("notification_events")
    .where("created_at", "<", cutoff)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("notification_deliveries as d").select("d.id").whereRef("d.event_id", "=", sql<string>`cast(${sql.ref("notification_events.id")} as text)`))))
    .executeTakeFirst();
  return { deliveries: Number(d.numDeletedRows), events: Number(e.numDeletedRows), subscribers: Number(s.numDeletedRows) };
}
