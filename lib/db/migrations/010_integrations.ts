import type { Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * Alert integrations: each has its own ingest token (stored hashed, looked up by hash) and keeps its recent events.
 * An event row is also the "already seen" mark of (dedup key, action, event time): `seen_key` is unique per integration,
 * so a repeat (or one alert reaching two instances) is an insert that conflicts, never a second decision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const uuid = dialectOf(db) === "postgres" ? "uuid" : "text";
  const ms = "bigint";

  await db.schema
    .createTable("integrations")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    // bound to one page: deleted with it, rather than silently widened to every page of the account
    .addColumn("status_page_id", uuid, (c) => c.references("status_pages.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("masked_token", "text", (c) => c.notNull())
    // the label (Alertmanager, Grafana) whose bare value is also a tag, e.g. component=api → "api"
    .addColumn("match_label", "text", (c) => c.notNull().defaultTo("component"))
    .addColumn("stale_after_minutes", "integer")
    .addColumn("alert_email", "text")
    .addColumn("last_heard_at", ms)
    // when the operator was told it went silent; cleared when it is heard again
    .addColumn("stale_since", ms)
    // the integration's default target (automation_rules kind DEFAULT), for alerts no rule or check trigger
    // matches; a rule row so that it keeps one open incident by the same claim. Deleted with the integration.
    .addColumn("default_rule_id", uuid, (c) => c.unique().references("automation_rules.id").onDelete("set null"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("integrations_account").on("integrations").columns(["account_id", "created_at"]).execute();

  await db.schema
    .createTable("integration_events")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("integration_id", uuid, (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("seen_key", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("dedup_key", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("occurred_at", ms, (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    // JSON {tags, componentIds?, checkId?}: what a later resolve that names only its dedup key is matched by
    .addColumn("matched_by", "text", (c) => c.notNull().defaultTo("{}"))
    // JSON array of AlertDecision; null while the decision is being taken
    .addColumn("decisions", "text")
    .addColumn("repeats", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addUniqueConstraint("integration_events_seen", ["integration_id", "seen_key"])
    .execute();
  await db.schema.createIndex("integration_events_recent").on("integration_events").columns(["integration_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("integration_events").execute();
  await db.schema.dropTable("integrations").execute();
}
