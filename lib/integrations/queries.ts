import "server-only";
import { sql } from "kysely";
import type { Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { Integration, IntegrationEvent, SeenKey } from "@/lib/db/types";

/** Events kept per integration: enough to debug a silent page, bounded so a flood cannot grow the table. */
export const EVENTS_KEPT = 100;

export async function insertIntegration(db: Db, row: Integration): Promise<void> {
  await db.insertInto("integrations").values(row).execute();
}

export async function findIntegration(db: Db, accountId: string, id: string): Promise<Integration | undefined> {
  return db.selectFrom("integrations").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

/** For ingestion, where the token (checked by the caller) is the only credential. */
export async function findIntegrationForIngest(db: Db, id: string): Promise<Integration | undefined> {
  return db.selectFrom("integrations").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listIntegrations(db: Db, accountId: string, page: PageRequest): Promise<Integration[]> {
  return applyKeyset(db.selectFrom("integrations").selectAll().where("account_id", "=", accountId), "integrations", page, "asc").execute();
}

export async function deleteIntegration(db: Db, accountId: string, id: string): Promise<number> {
  const r = await db.deleteFrom("integrations").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function setToken(db: Db, accountId: string, id: string, token: Pick<Integration, "token_hash" | "masked_token" | "token_expires_at">, at: number): Promise<number> {
  const r = await db.updateTable("integrations").set({ ...token, updated_at: at }).where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function markHeard(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("integrations").set({ last_heard_at: at, stale_since: null }).where("id", "=", id).execute();
}

/** Integrations with a silence bound, for the stale sweep and the /metrics gauge. */
export async function boundedIntegrations(db: Db): Promise<Integration[]> {
  return db.selectFrom("integrations").selectAll().where("stale_after_minutes", "is not", null).execute();
}

/** Marks the silence as reported; only one instance wins it (the row must still be unmarked). */
export async function claimStale(db: Db, id: string, at: number): Promise<boolean> {
  const r = await db.updateTable("integrations").set({ stale_since: at }).where("id", "=", id).where("stale_since", "is", null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Inserts the event unless (integration, seen_key) is already there: true when this call took it. */
export async function claimEvent(db: Db, row: IntegrationEvent): Promise<boolean> {
  return (await logEvents(db, [row])).size === 1;
}

/** Logs these events in one statement, each unless its seen key is logged already: the seen keys logged. */
export async function logEvents(db: Db, rows: readonly IntegrationEvent[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const won = await db.insertInto("integration_events").values([...rows]).onConflict((oc) => oc.columns(["integration_id", "seen_key"]).doNothing()).returning("seen_key").execute();
  return new Set(won.map((r) => r.seen_key));
}

export async function countRepeats(db: Db, ids: readonly string[], n: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("integration_events").set((eb) => ({ repeats: eb("repeats", "+", n) })).where("id", "in", ids).execute();
}

/** Each event's decisions (JSON), all in one statement. */
export async function recordDecisions(db: Db, rows: readonly { id: string; decisions: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const byId = sql<string>`case ${sql.join(rows.map((r) => sql`when id = ${r.id} then ${r.decisions}`), sql` `)} end`;
  await db.updateTable("integration_events").set({ decisions: byId }).where("id", "in", rows.map((r) => r.id)).execute();
}

/** The events stay in the log under another key, so that the identical re-send (decided again) can be logged too. */
export async function forgetSeen(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("integration_events").set({ seen_key: sql<string>`'pending:' || id` }).where("id", "in", ids).execute();
}

export async function releaseEvents(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("integration_events").where("id", "in", ids).execute();
}

/** Claims (decided or being decided) of these seen keys, whether or not their events are still logged (by primary key). */
export async function findSeenKeys(db: Db, integrationId: string, seenKeys: readonly string[]): Promise<SeenKey[]> {
  if (seenKeys.length === 0) return [];
  return db.selectFrom("integration_seen_keys").selectAll().where("integration_id", "=", integrationId).where("seen_key", "in", seenKeys).execute();
}

/** Claims these seen keys unless already held (one statement): the keys this call took. */
export async function claimSeenKeys(db: Db, rows: readonly SeenKey[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const won = await db.insertInto("integration_seen_keys").values([...rows]).onConflict((oc) => oc.columns(["integration_id", "seen_key"]).doNothing()).returning("seen_key").execute();
  return new Set(won.map((r) => r.seen_key));
}

/** Drops undecided claims of these keys taken before `before`: abandoned ones, or this caller's own. */
export async function releaseClaims(db: Db, integrationId: string, seenKeys: readonly string[], before = Number.MAX_SAFE_INTEGER): Promise<void> {
  if (seenKeys.length === 0) return;
  await db.deleteFrom("integration_seen_keys").where("integration_id", "=", integrationId).where("seen_key", "in", seenKeys).where("decided_at", "is", null).where("created_at", "<", before).execute();
}

export async function markDecided(db: Db, integrationId: string, seenKeys: readonly string[], at: number): Promise<void> {
  if (seenKeys.length === 0) return;
  await db.updateTable("integration_seen_keys").set({ decided_at: at }).where("integration_id", "=", integrationId).where("seen_key", "in", seenKeys).execute();
}

export async function pruneSeenKeys(db: Db, integrationId: string, before: number): Promise<void> {
  await db.deleteFrom("integration_seen_keys").where("integration_id", "=", integrationId).where("created_at", "<", before).execute();
}

/** Drops all but the newest EVENTS_KEPT events of the integration. */
export async function pruneEvents(db: Db, integrationId: string): Promise<void> {
  const cut = await db
    .selectFrom("integration_events")
    .select(["created_at", "id"])
    .where("integration_id", "=", integrationId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(EVENTS_KEPT)
    .limit(1)
    .executeTakeFirst();
  if (!cut) return;
  await db
    .deleteFrom("integration_events")
    .where("integration_id", "=", integrationId)
    .where((eb) => eb.or([eb("created_at", "<", cut.created_at), eb.and([eb("created_at", "=", cut.created_at), eb("id", "<=", cut.id)])]))
    .execute();
}

/** The latest trigger with this dedup key still in the log, to match a resolve that names nothing else. */
export async function findLastTrigger(db: Db, integrationId: string, dedupKey: string): Promise<Pick<IntegrationEvent, "matched_by"> | undefined> {
  return db
    .selectFrom("integration_events")
    .select("matched_by")
    .where("integration_id", "=", integrationId)
    .where("dedup_key", "=", dedupKey)
    .where("action", "=", "trigger")
    .orderBy("occurred_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function listEvents(db: Db, integrationId: string, page: PageRequest): Promise<IntegrationEvent[]> {
  return applyKeyset(db.selectFrom("integration_events").selectAll().where("integration_id", "=", integrationId), "integration_events", page, "desc").execute();
}
