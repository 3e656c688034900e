import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * Alert ingestion whose cost does not grow with history: an event is claimed by its seen key (unique per integration,
 * decided once across instances), seen for a day beyond the 100-row log, so a re-sent 1,000-alert group is one indexed
 * read. Alert state is read by key and counted through partial indexes; resolved alerts over a day old are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const uuid = dialectOf(db) === "postgres" ? "uuid" : "text";

  await db.schema
    .createTable("integration_seen_keys")
    .addColumn("integration_id", uuid, (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("seen_key", "text", (c) => c.notNull())
    // its row in the event log (integration_events.id), if it was logged and is still kept
    .addColumn("event_id", uuid, (c) => c.notNull())
    // when it was received, as its repeats are answered
    .addColumn("created_at", "bigint", (c) => c.notNull())
    // null while its decision is being taken: a claim left so by a process that died is taken again
    .addColumn("decided_at", "bigint")
    .addPrimaryKeyConstraint("integration_seen_keys_pk", ["integration_id", "seen_key"])
    .execute();
  await db.schema.createIndex("integration_seen_keys_age").on("integration_seen_keys").columns(["integration_id", "created_at"]).execute();
  // What the log already marks as seen (decided, not waiting for a re-send) stays seen once its row is pruned.
  await sql`insert into integration_seen_keys (integration_id, seen_key, event_id, created_at, decided_at)
    select integration_id, seen_key, id, created_at, created_at from integration_events
    where decisions is not null and seen_key not like 'pending:%' and seen_key not like 'stale:%'`.execute(db);

  await db.schema.createIndex("automation_alerts_firing").on("automation_alerts").columns(["rule_id", "incident_id"]).where(sql.ref("firing"), "=", 1).execute();
  await db.schema.createIndex("automation_alerts_resolved").on("automation_alerts").columns(["rule_id", "updated_at"]).where(sql.ref("firing"), "=", 0).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("automation_alerts_resolved").execute();
  await db.schema.dropIndex("automation_alerts_firing").execute();
  await db.schema.dropTable("integration_seen_keys").execute();
}
