import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import type { CheckResultsTable, CheckRow, HeartbeatEvent, HeartbeatEventsTable, HeartbeatState } from "@/lib/db/types";

/* Heartbeat checks, their events, and the results their pings and misses leave. */

/** The check a ping token names, with the state of the API key that created it (null: no key recorded). */
export async function findByPingToken(db: Db, token: string): Promise<{ check: CheckRow; key: { revoked_at: number | null; expires_at: number | null } | null } | undefined> {
  const check = await db.selectFrom("checks").selectAll().where("ping_token", "=", token).where("check_type", "=", "HEARTBEAT").executeTakeFirst();
  if (!check) return undefined;
  if (check.created_by_key_id === null) return { check, key: null };
  const key = await db.selectFrom("api_keys").select(["revoked_at", "expires_at"]).where("id", "=", check.created_by_key_id).executeTakeFirst();
  // A key deleted outright is as good as revoked.
  return { check, key: key ?? { revoked_at: 0, expires_at: null } };
}

export async function findHeartbeatCheck(db: Db, accountId: string, checkId: string): Promise<CheckRow | undefined> {
  return db.selectFrom("checks").selectAll().where("account_id", "=", accountId).where("id", "=", checkId).where("check_type", "=", "HEARTBEAT").executeTakeFirst();
}

/** Activated heartbeat checks, a batch at a time in id order (the sweep). */
export async function listActiveHeartbeats(db: Db, afterId: string | null, limit: number): Promise<CheckRow[]> {
  let q = db.selectFrom("checks").selectAll().where("check_type", "=", "HEARTBEAT").where("activated", "=", 1);
  if (afterId !== null) q = q.where("id", ">", afterId);
  return q.orderBy("id").limit(limit).execute();
}

/** The check's last event that ended a window (a ping or a miss). */
export async function lastWindowEnd(db: Db, checkId: string): Promise<HeartbeatEvent | undefined> {
  return db.selectFrom("heartbeat_events").selectAll().where("check_id", "=", checkId).where("state", "in", ["RECEIVED", "EARLY", "LATE", "FAILING"]).orderBy("at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

export async function lastPing(db: Db, checkId: string): Promise<HeartbeatEvent | undefined> {
  return db.selectFrom("heartbeat_events").selectAll().where("check_id", "=", checkId).where("state", "in", ["RECEIVED", "EARLY", "LATE"]).orderBy("at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** Inserts the event unless one with its id exists (a transition two instances both saw); true when this call wrote it. */
export async function insertEvent(db: Db, row: Insertable<HeartbeatEventsTable>): Promise<boolean> {
  const r = await db.insertInto("heartbeat_events").values(row).onConflict((oc) => oc.column("id").doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertResult(db: Db, row: Insertable<CheckResultsTable>): Promise<void> {
  await db.insertInto("check_results").values(row).execute();
}

export interface EventRange {
  from: number;
  to: number;
}

/** Events newest first within [from, to). */
export async function listEvents(db: Db, checkId: string, range: EventRange, limit: number): Promise<HeartbeatEvent[]> {
  return db.selectFrom("heartbeat_events").selectAll().where("check_id", "=", checkId).where("at", ">=", range.from).where("at", "<", range.to).orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function findEvent(db: Db, checkId: string, id: string): Promise<HeartbeatEvent | undefined> {
  return db.selectFrom("heartbeat_events").selectAll().where("check_id", "=", checkId).where("id", "=", id).executeTakeFirst();
}

/** How many events of each state in [from, to). */
export async function countStates(db: Db, checkId: string, range: EventRange): Promise<Map<HeartbeatState, number>> {
  const rows = await db
    .selectFrom("heartbeat_events")
    .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
    .where("check_id", "=", checkId)
    .where("at", ">=", range.from)
    .where("at", "<", range.to)
    .groupBy("state")
    .execute();
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}
