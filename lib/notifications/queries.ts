import "server-only";
import { sql } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import { DELIVERY, PENDING_STATUSES } from "./status";
import { withNotify, type DeliveryRow, type EventRow, type SubscriberRow } from "./tables";

export interface Claimed {
  delivery: DeliveryRow;
  subscriber: SubscriberRow;
}

/**
 * Leases due deliveries to one worker. PostgreSQL: FOR UPDATE SKIP LOCKED, so parallel workers take
 * disjoint rows; SQLite: the transaction is BEGIN IMMEDIATE (lib/db/dialects.ts), one claimer at a time.
 * `capacity(host)` caps how many rows of one destination this worker takes, so a slow host cannot fill it.
 */
export async function claimDue(db: Db, owner: string, now: number, leaseMs: number, limit: number, capacity: (host: string) => number, busyHosts: string[]): Promise<Claimed[]> {
  const ids = await db.transaction().execute(async (trx) => {
    const n = withNotify(trx);
    let q = n
      .selectFrom("notification_deliveries")
      .select(["id", "host"])
      .where("status", "in", PENDING_STATUSES)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .orderBy("next_attempt_at")
      .limit(limit * 4);
    if (busyHosts.length > 0) q = q.where("host", "not in", busyHosts);
    if (dialectOf(trx) === "postgres") q = q.forUpdate().skipLocked();
    const candidates = await q.execute();
    const taken = new Map<string, number>();
    const picked: string[] = [];
    for (const c of candidates) {
      const used = taken.get(c.host) ?? 0;
      if (used >= capacity(c.host)) continue;
      taken.set(c.host, used + 1);
      picked.push(c.id);
      if (picked.length >= limit) break;
    }
    if (picked.length === 0) return [];
    await n
      .updateTable("notification_deliveries")
      .set((eb) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb("attempts", "+", 1), updated_at: now }))
      .where("id", "in", picked)
      .execute();
    return picked;
  });
  if (ids.length === 0) return [];
  const rows = await withNotify(db)
    .selectFrom("notification_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .selectAll("d")
    .select([
      "s.status_page_id", "s.channel", "s.target", "s.status as s_status", "s.service_ids", "s.dest_host", "s.secret_enc", "s.contact_email",
      "s.verify_nonce", "s.verify_sent_at", "s.verify_attempts", "s.verified_at", "s.failing_since", "s.disabled_at", "s.unsubscribed_at",
      "s.created_at as s_created_at", "s.updated_at as s_updated_at",
    ])
    .where("d.id", "in", ids)
    .execute();
  return rows.map((r) => ({
    delivery: {
      id: r.id, subscriber_id: r.subscriber_id, idempotency_key: r.idempotency_key, event_type: r.event_type, event_id: r.event_id, status: r.status,
      attempts: r.attempts, next_attempt_at: r.next_attempt_at, lease_until: r.lease_until, last_error: r.last_error, created_at: r.created_at,
      updated_at: r.updated_at, host: r.host, lease_owner: r.lease_owner, sent_at: r.sent_at, response_code: r.response_code,
    },
    subscriber: {
      id: r.subscriber_id, status_page_id: r.status_page_id, channel: r.channel, target: r.target, status: r.s_status, service_ids: r.service_ids,
      dest_host: r.dest_host, secret_enc: r.secret_enc, contact_email: r.contact_email, verify_nonce: r.verify_nonce, verify_sent_at: r.verify_sent_at,
      verify_attempts: r.verify_attempts, verified_at: r.verified_at, failing_since: r.failing_since, disabled_at: r.disabled_at,
      unsubscribed_at: r.unsubscribed_at, created_at: r.s_created_at, updated_at: r.s_updated_at,
    },
  }));
}

/** Successes are written in batches: one statement per flush, whatever the fan-out. */
export async function markSent(db: Db, ids: string[], subscriberIds: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  const n = withNotify(db);
  await n.updateTable("notification_deliveries").set({ status: DELIVERY.SENT, sent_at: now, lease_until: null, last_error: null, updated_at: now }).where("id", "in", ids).execute();
  await n.updateTable("subscribers").set({ failing_since: null }).where("id", "in", subscriberIds).where("failing_since", "is not", null).execute();
}

export async function markFailed(db: Db, id: string, patch: { status: string; next_attempt_at: number; last_error: string; response_code: number | null }, now: number): Promise<void> {
  await withNotify(db).updateTable("notification_deliveries").set({ ...patch, lease_until: null, updated_at: now }).where("id", "=", id).execute();
}

export async function markCancelled(db: Db, id: string, reason: string, now: number): Promise<void> {
  await withNotify(db).updateTable("notification_deliveries").set({ status: DELIVERY.CANCELLED, last_error: reason, lease_until: null, updated_at: now }).where("id", "=", id).execute();
}

/** Starts (or keeps) the subscriber's failing streak; returns when it began. */
export async function noteFailing(db: Db, subscriberId: string, now: number): Promise<number> {
  const n = withNotify(db);
  await n.updateTable("subscribers").set({ failing_since: now }).where("id", "=", subscriberId).where("failing_since", "is", null).execute();
  const row = await n.selectFrom("subscribers").select("failing_since").where("id", "=", subscriberId).executeTakeFirst();
  return row?.failing_since ?? now;
}

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  return withNotify(db).selectFrom("notification_events").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Stores an event's rendered messages unless another worker already did; returns the stored text. */
export async function storeRendered(db: Db, id: string, rendered: string): Promise<string> {
  const n = withNotify(db);
  await n.updateTable("notification_events").set({ rendered }).where("id", "=", id).where("rendered", "is", null).execute();
  const row = await n.selectFrom("notification_events").select("rendered").where("id", "=", id).executeTakeFirst();
  return row?.rendered ?? rendered;
}

export async function findPageHead(db: Db, id: string) {
  return db.selectFrom("status_pages").select(["id", "name", "url", "custom_domain"]).where("id", "=", id).executeTakeFirst();
}

/** Delivery counts of one incident update, across the pages it reached. */
export async function countDeliveriesForUpdate(db: Db, updateId: string): Promise<Record<string, number>> {
  const rows = await withNotify(db)
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
  return withNotify(db)
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
  const n = withNotify(db);
  const d = await n.deleteFrom("notification_deliveries").where("status", "in", [DELIVERY.SENT, DELIVERY.DEAD, DELIVERY.CANCELLED]).where("updated_at", "<", cutoff).executeTakeFirst();
  const s = await n.deleteFrom("subscribers").where("unsubscribed_at", "<", cutoff).executeTakeFirst();
  const e = await n
    .deleteFrom("notification_events")
    .where("created_at", "<", cutoff)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("notification_deliveries as d").select("d.id").whereRef("d.event_id", "=", sql<string>`cast(${sql.ref("notification_events.id")} as text)`))))
    .executeTakeFirst();
  return { deliveries: Number(d.numDeletedRows), events: Number(e.numDeletedRows), subscribers: Number(s.numDeletedRows) };
}
