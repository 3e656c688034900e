import "server-only";
/* The worker's queries: claiming due deliveries under a lease, and recording what became of them. */
import { sql, type ExpressionBuilder } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import type { Database, NotificationDelivery, NotificationEvent, Subscriber } from "@/lib/db/types";
import { DELIVERY, PENDING_STATUSES } from "@/lib/notifications/outbox/status";

export interface Claimed {
  delivery: NotificationDelivery;
  subscriber: Subscriber;
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
 * The oldest due rows, `limit` of each pending status, in one statement: per status, a walk of the
 * (status, next_attempt_at) index in order that stops after `limit` rows (`status IN (…)` with ORDER BY sorted the
 * whole backlog at every claim).
 */
async function dueCandidates(db: Db, now: number, limit: number, busyHosts: string[]) {
  const [first, ...rest] = PENDING_STATUSES.map((status) => {
    let q = db
      .selectFrom("notification_deliveries")
      .select(["id", "host", "next_attempt_at"])
      .where("status", "=", status)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .orderBy("next_attempt_at")
      .limit(limit);
    if (busyHosts.length > 0) q = q.where("host", "not in", busyHosts);
    // A subquery each: SQLite takes no ORDER BY or LIMIT on the parts of a compound SELECT.
    return db.selectFrom(q.as(`due_${status.toLowerCase()}`)).selectAll();
  });
  const rows = await rest.reduce((all, q) => all.unionAll(q), first).execute();
  return rows.sort((a, b) => a.next_attempt_at - b.next_attempt_at);
}

/**
 * Whether any delivery is due and free: one indexed read, without a transaction. Most claims find nothing (an idle
 * worker asks twice a second), and finding nothing through the claim itself took a transaction each time, on
 * SQLite one that takes the write lock (BEGIN IMMEDIATE).
 */
async function anyDue(db: Db, now: number): Promise<boolean> {
  const row = await db
    .selectFrom("notification_deliveries")
    .select("id")
    .where("status", "in", PENDING_STATUSES)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
 * Leases due deliveries to one worker; `capacity(host)` caps rows per destination so a slow host cannot fill it.
 * PostgreSQL: candidates read without locks, then one UPDATE … RETURNING leases those still free, its SKIP LOCKED
 * subquery and lease condition keeping parallel workers' rows disjoint. SQLite: one BEGIN IMMEDIATE, one claimer.
 */
export async function claimDue(db: Db, owner: string, now: number, leaseMs: number, limit: number, capacity: (host: string) => number, busyHosts: string[]): Promise<Claimed[]> {
  if (!(await anyDue(db, now))) return [];
  const lease = (eb: ExpressionBuilder<Database, "notification_deliveries">) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb("attempts", "+", 1), updated_at: now });
  if (dialectOf(db) === "postgres") {
    const rows = await db.transaction().execute(async (trx) => {
      /*
       * A fan-out adds rows faster than autovacuum analyses the table, and with stale statistics each claim became a
       * bitmap scan and sort of every pending row (20 ms half-way through 100,000, growing with the backlog). The
       * ordered index walk stops after `limit` rows whatever they say, and is the plan they choose once current.
       */
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const picked = pick(await dueCandidates(trx, now, limit * 4, busyHosts), limit, capacity);
      if (picked.length === 0) return [];
      return trx
        .updateTable("notification_deliveries as d")
        .from("subscribers as s")
        .set((eb) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb("d.attempts", "+", 1), updated_at: now }))
        .whereRef("s.id", "=", "d.subscriber_id")
        .where("d.id", "in", (eb) =>
          eb
            .selectFrom("notification_deliveries as f")
            .select("f.id")
            .where(oneOf(trx, "f.id", picked))
            .where("f.status", "in", PENDING_STATUSES)
            .where((e2) => e2.or([e2("f.lease_until", "is", null), e2("f.lease_until", "<", now)]))
            .forUpdate()
            .skipLocked(),
        )
        .returningAll("d")
        .returning(claimedColumns)
        .execute();
    });
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
