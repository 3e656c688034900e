import "server-only";
import { sql, type ExpressionBuilder } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import type { Database, EventKind, NotificationDelivery, NotificationEvent, Subscriber } from "@/lib/db/types";
import { channelsFor } from "./channels";
import { DELIVERY, PENDING_STATUSES, VERIFY_EVENT } from "./status";

export interface Claimed {
  delivery: NotificationDelivery;
  subscriber: Subscriber;
}

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
 * Fans one event out to the page's verified subscribers whose scope meets `componentIds` (null = anything;
 * [] = an event about no component in particular, for those who follow everything):
 * one set-based statement whatever the number of subscribers. A v1 subscriber's scope is services, a v3
 * subscriber's components, where a group covers its current children. Only subscribers whose channel sends
 * this kind of event (the registry's `events`) are queued. The idempotency key (event × subscriber) is
 * unique, so queuing the same event twice adds nothing.
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

/** Of the given components (null = all), those the page shows, in display order: its cards' services (v1) or its own visible components (v3). */
export async function servicesOnPage(db: Db, pageId: string, componentIds: readonly string[] | null): Promise<{ id: string; name: string }[]> {
  if (componentIds !== null && componentIds.length === 0) return [];
  let cards = db
    .selectFrom("card_services")
    .innerJoin("cards", "cards.id", "card_services.card_id")
    .innerJoin("services", "services.id", "card_services.service_id")
    .where("cards.status_page_id", "=", pageId)
    .select(["services.id", "services.name"])
    .orderBy("cards.position")
    .orderBy("card_services.position");
  // As the public page shows them: a visible service whose group (if any) is visible too (lib/components/structure.ts).
  let own = db
    .selectFrom("components as c")
    .leftJoin("components as g", "g.id", "c.parent_id")
    .where("c.status_page_id", "=", pageId)
    .where("c.hidden", "=", 0)
    .where("c.type", "=", "SERVICE")
    .where((eb) => eb.or([eb("g.id", "is", null), eb("g.hidden", "=", 0)]))
    .select(["c.id", "c.name"])
    .orderBy("c.display_order")
    .orderBy("c.id");
  if (componentIds) {
    cards = cards.where("services.id", "in", [...componentIds]);
    own = own.where("c.id", "in", [...componentIds]);
  }
  const [fromCards, fromComponents] = await Promise.all([cards.execute(), own.execute()]);
  const seen = new Set<string>();
  return [...fromCards, ...fromComponents].filter((s) => !seen.has(s.id) && seen.add(s.id));
}

/**
 * What may be open at `at` or later on these components: v1 incidents through their services (unresolved,
 * or resolved after `at`) and v3 impact windows (not ended by `at`). The status derivation decides the rest.
 */
export async function openImpactsOn(db: Db, componentIds: readonly string[], at: number) {
  if (componentIds.length === 0) return { incidents: [], windows: [] };
  const [incidents, windows] = await Promise.all([
    db
      .selectFrom("incidents as i")
      .innerJoin("incident_services as x", "x.incident_id", "i.id")
      .where("x.service_id", "in", componentIds)
      .where((eb) => eb.or([eb("i.resolved_at", "is", null), eb("i.resolved_at", ">", at)]))
      .select(["i.id", "i.severity", "i.started_at", "i.resolved_at", "x.service_id"])
      .execute(),
    db
      .selectFrom("incident_impacts as w")
      .innerJoin("incidents as i", "i.id", "w.incident_id")
      .where("w.component_id", "in", componentIds)
      .where((eb) => eb.or([eb("w.ended_at", "is", null), eb("w.ended_at", ">", at)]))
      .select(["w.incident_id", "i.severity", "i.started_at", "i.resolved_at", "w.component_id", "w.status", "w.started_at as window_started_at", "w.ended_at"])
      .execute(),
  ]);
  return { incidents, windows };
}

/** When these components (v1: services) were created. */
export async function componentsCreatedAt(db: Db, componentIds: readonly string[]): Promise<Map<string, number>> {
  if (componentIds.length === 0) return new Map();
  const [services, components] = await Promise.all([
    db.selectFrom("services").where("id", "in", componentIds).select(["id", "created_at"]).execute(),
    db.selectFrom("components").where("id", "in", componentIds).select(["id", "created_at"]).execute(),
  ]);
  return new Map([...services, ...components].map((r) => [r.id, r.created_at]));
}

export async function findPageAccount(db: Db, pageId: string): Promise<string | undefined> {
  return (await db.selectFrom("status_pages").select("account_id").where("id", "=", pageId).executeTakeFirst())?.account_id;
}

/** An incident and its newest updates (what a message about one of them quotes). */
export async function findIncidentWithUpdates(db: Db, incidentId: string, limit: number) {
  const [incident, updates] = await Promise.all([
    db.selectFrom("incidents").selectAll().where("id", "=", incidentId).executeTakeFirst(),
    db.selectFrom("incident_updates").selectAll().where("incident_id", "=", incidentId).orderBy("created_at", "desc").limit(limit).execute(),
  ]);
  return incident ? { incident, updates } : null;
}

/**
 * `column` is one of `ids`, with one SQL text whatever their number: a bound array on PostgreSQL, a JSON array
 * read by json_each on SQLite. An IN list of n parameters made a new statement per batch size (prepared anew,
 * and on SQLite kept in the statement cache), and on PostgreSQL n parameters to bind per claim and per flush.
 */
function oneOf(db: Db, column: string, ids: readonly string[]) {
  return dialectOf(db) === "postgres"
    ? sql<boolean>`${sql.ref(column)} = any(${[...ids]}::uuid[])`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

const claimedColumns = [
  "s.status_page_id", "s.channel", "s.target", "s.status as s_status", "s.service_ids", "s.dest_host", "s.secret_enc", "s.contact_email", "s.token_nonce",
  "s.verify_nonce", "s.verify_sent_at", "s.verify_attempts", "s.verified_at", "s.failing_since", "s.disabled_at", "s.unsubscribed_at",
  "s.created_at as s_created_at", "s.updated_at as s_updated_at",
] as const;

type ClaimedRow = NotificationDelivery & {
  status_page_id: string; channel: Subscriber["channel"]; target: string; s_status: Subscriber["status"]; service_ids: string | null; dest_host: string | null;
  secret_enc: string | null; contact_email: string | null; token_nonce: string | null; verify_nonce: string | null; verify_sent_at: number | null;
  verify_attempts: number; verified_at: number | null; failing_since: number | null; disabled_at: number | null; unsubscribed_at: number | null;
  s_created_at: number; s_updated_at: number;
};

function toClaimed(r: ClaimedRow): Claimed {
  return {
    delivery: {
      id: r.id, subscriber_id: r.subscriber_id, idempotency_key: r.idempotency_key, event_type: r.event_type, event_id: r.event_id, status: r.status,
      attempts: r.attempts, next_attempt_at: r.next_attempt_at, lease_until: r.lease_until, last_error: r.last_error, created_at: r.created_at,
      updated_at: r.updated_at, host: r.host, lease_owner: r.lease_owner, sent_at: r.sent_at, response_code: r.response_code,
    },
    subscriber: {
      id: r.subscriber_id, status_page_id: r.status_page_id, channel: r.channel, target: r.target, status: r.s_status, service_ids: r.service_ids,
      dest_host: r.dest_host, secret_enc: r.secret_enc, contact_email: r.contact_email, token_nonce: r.token_nonce, verify_nonce: r.verify_nonce, verify_sent_at: r.verify_sent_at,
      verify_attempts: r.verify_attempts, verified_at: r.verified_at, failing_since: r.failing_since, disabled_at: r.disabled_at,
      unsubscribed_at: r.unsubscribed_at, created_at: r.s_created_at, updated_at: r.s_updated_at,
    },
  };
}

/**
 * The oldest due rows, `limit` of each pending status: one query per status, each reading the
 * (status, next_attempt_at) index in order (`status IN (…)` with ORDER BY sorted the whole backlog at every claim).
 */
async function dueCandidates(db: Db, now: number, limit: number, busyHosts: string[]) {
  const perStatus = PENDING_STATUSES.map((status) => {
    let q = db
      .selectFrom("notification_deliveries")
      .select(["id", "host", "next_attempt_at"])
      .where("status", "=", status)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .orderBy("next_attempt_at")
      .limit(limit);
    if (busyHosts.length > 0) q = q.where("host", "not in", busyHosts);
    return q;
  });
  // On PostgreSQL the reads are independent (no transaction): both at once, on two pooled connections.
  let lists;
  if (dialectOf(db) === "postgres") lists = await Promise.all(perStatus.map((q) => q.execute()));
  else {
    // SQLite: one connection, inside the claim's transaction: one after the other.
    lists = [];
    for (const q of perStatus) lists.push(await q.execute());
  }
  return lists.flat().sort((a, b) => a.next_attempt_at - b.next_attempt_at);
}

/** The oldest candidates, at most `capacity(host)` of one destination and `limit` in all. */
function pick(candidates: { id: string; host: string }[], limit: number, capacity: (host: string) => number): string[] {
  const taken = new Map<string, number>();
  const picked: string[] = [];
  for (const c of candidates) {
    const used = taken.get(c.host) ?? 0;
    if (used >= capacity(c.host)) continue;
    taken.set(c.host, used + 1);
    picked.push(c.id);
    if (picked.length >= limit) break;
  }
  return picked;
}

/**
 * Leases due deliveries to one worker. `capacity(host)` caps how many rows of one destination this worker takes,
 * so a slow host cannot fill it. PostgreSQL: the candidates are read without locks, then one UPDATE … FROM
 * subscribers … RETURNING leases those still free and returns them with their subscribers; its FOR UPDATE SKIP
 * LOCKED subquery passes over rows another worker is leasing at that moment, and the lease condition over rows it
 * already took, so parallel workers take disjoint rows. Two round trips (the transaction of reads, locks, update
 * and a second read took six). SQLite: one BEGIN IMMEDIATE transaction (lib/db/dialects.ts), one claimer at a time.
 */
export async function claimDue(db: Db, owner: string, now: number, leaseMs: number, limit: number, capacity: (host: string) => number, busyHosts: string[]): Promise<Claimed[]> {
  const lease = (eb: ExpressionBuilder<Database, "notification_deliveries">) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb("attempts", "+", 1), updated_at: now });
  if (dialectOf(db) === "postgres") {
    const picked = pick(await dueCandidates(db, now, limit * 4, busyHosts), limit, capacity);
    if (picked.length === 0) return [];
    const rows = await db
      .updateTable("notification_deliveries as d")
      .from("subscribers as s")
      .set((eb) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb("d.attempts", "+", 1), updated_at: now }))
      .whereRef("s.id", "=", "d.subscriber_id")
      .where("d.id", "in", (eb) =>
        eb
          .selectFrom("notification_deliveries as f")
          .select("f.id")
          .where(oneOf(db, "f.id", picked))
          .where("f.status", "in", PENDING_STATUSES)
          .where((e2) => e2.or([e2("f.lease_until", "is", null), e2("f.lease_until", "<", now)]))
          .forUpdate()
          .skipLocked(),
      )
      .returningAll("d")
      .returning(claimedColumns)
      .execute();
    return rows.map((r) => toClaimed(r as ClaimedRow));
  }
  const ids = await db.transaction().execute(async (trx) => {
    const picked = pick(await dueCandidates(trx, now, limit * 4, busyHosts), limit, capacity);
    if (picked.length > 0) await trx.updateTable("notification_deliveries").set(lease).where(oneOf(trx, "id", picked)).execute();
    return picked;
  });
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("notification_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .selectAll("d")
    .select(claimedColumns)
    .where(oneOf(db, "d.id", ids))
    .execute();
  return rows.map((r) => toClaimed(r as ClaimedRow));
}

/** Rows a stopping worker claimed but never started: free again at once, their attempt not counted. */
export async function releaseClaims(db: Db, ids: string[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("notification_deliveries")
    .set((eb) => ({ lease_until: null, lease_owner: null, attempts: eb("attempts", "-", 1) }))
    .where(oneOf(db, "id", ids))
    .where("lease_owner", "=", owner)
    .where("status", "in", PENDING_STATUSES)
    .execute();
}

/**
 * Successes are written in batches, and their subscribers' failing streaks end. PostgreSQL: one statement per
 * flush (the subscribers' update reads the deliveries' through a data-modifying CTE); SQLite: two, in-process.
 */
export async function markSent(db: Db, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  const sent = { status: DELIVERY.SENT, sent_at: now, lease_until: null, last_error: null, updated_at: now };
  if (dialectOf(db) === "postgres") {
    await db
      .with("sent", (qb) => qb.updateTable("notification_deliveries").set(sent).where(oneOf(db, "id", ids)).returning("subscriber_id"))
      .updateTable("subscribers")
      .set({ failing_since: null })
      .where("id", "in", (eb) => eb.selectFrom("sent").select("sent.subscriber_id"))
      .where("failing_since", "is not", null)
      .execute();
    return;
  }
  const rows = await db.updateTable("notification_deliveries").set(sent).where(oneOf(db, "id", ids)).returning("subscriber_id").execute();
  await db.updateTable("subscribers").set({ failing_since: null }).where(oneOf(db, "id", [...new Set(rows.map((r) => r.subscriber_id))])).where("failing_since", "is not", null).execute();
}

export async function markFailed(db: Db, id: string, patch: { status: string; next_attempt_at: number; last_error: string; response_code: number | null }, now: number): Promise<void> {
  await db.updateTable("notification_deliveries").set({ ...patch, lease_until: null, updated_at: now }).where("id", "=", id).execute();
}

export async function markCancelled(db: Db, id: string, reason: string, now: number): Promise<void> {
  await db.updateTable("notification_deliveries").set({ status: DELIVERY.CANCELLED, last_error: reason, lease_until: null, updated_at: now }).where("id", "=", id).execute();
}

/** Starts (or keeps) the subscriber's failing streak; returns when it began. */
export async function noteFailing(db: Db, subscriberId: string, now: number): Promise<number> {
  await db.updateTable("subscribers").set({ failing_since: now }).where("id", "=", subscriberId).where("failing_since", "is", null).execute();
  const row = await db.selectFrom("subscribers").select("failing_since").where("id", "=", subscriberId).executeTakeFirst();
  return row?.failing_since ?? now;
}

export async function findEvent(db: Db, id: string): Promise<NotificationEvent | undefined> {
  return db.selectFrom("notification_events").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Stores an event's rendered messages unless another worker already did; returns the stored text. */
export async function storeRendered(db: Db, id: string, rendered: string): Promise<string> {
  await db.updateTable("notification_events").set({ rendered }).where("id", "=", id).where("rendered", "is", null).execute();
  const row = await db.selectFrom("notification_events").select("rendered").where("id", "=", id).executeTakeFirst();
  return row?.rendered ?? rendered;
}

export async function findPageHead(db: Db, id: string) {
  return db.selectFrom("status_pages").select(["id", "name", "url", "custom_domain", "timezone", "locale"]).where("id", "=", id).executeTakeFirst();
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
