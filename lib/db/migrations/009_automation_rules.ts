import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * v3 automation rules and v1 per-check triggers share one table (`kind`), so one conditional claim on `incident_id`
 * keeps one open automated incident per rule across instances. Alert state per (rule, dedup key) decides out-of-order
 * events and "all resolved". `incidents.humans_since`: set by any write not the automation's; humans own it from then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const uuid = dialectOf(db) === "postgres" ? "uuid" : "text";
  const ms = "bigint";

  await db.schema.alterTable("incidents").addColumn("humans_since", ms).execute();
  // Every incident written before this release was written by people: automation must leave them alone.
  await sql`update incidents set humans_since = created_at`.execute(db);

  await db.schema
    .createTable("automation_rules")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    // RULE: a v3 page's automation rule; CHECK: the v1 trigger of one vendor check on one service
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status_page_id", uuid, (c) => c.references("status_pages.id").onDelete("cascade"))
    .addColumn("check_id", "text")
    .addColumn("service_id", uuid, (c) => c.references("services.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("first_update", "text", (c) => c.notNull())
    .addColumn("last_update", "text", (c) => c.notNull())
    .addColumn("notify_subscribers", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("cool_down_minutes", "integer", (c) => c.notNull().defaultTo(5))
    // a rule opens only once its alert has been firing this long (by the payload's times); 0: at once
    .addColumn("open_after_minutes", "integer", (c) => c.notNull().defaultTo(0))
    // JSON string[]
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    // The open incident the rule manages; claimed only while null, so a rule never holds two.
    .addColumn("incident_id", uuid, (c) => c.references("incidents.id").onDelete("set null"))
    .addColumn("last_resolved_at", ms)
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .addUniqueConstraint("automation_rules_check", ["account_id", "check_id"])
    .execute();
  await db.schema.createIndex("automation_rules_page").on("automation_rules").columns(["status_page_id", "created_at", "id"]).execute();
  await db.schema.createIndex("automation_rules_account").on("automation_rules").columns(["account_id", "kind"]).execute();

  await db.schema
    .createTable("automation_rule_components")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("rule_id", uuid, (c) => c.notNull().references("automation_rules.id").onDelete("cascade"))
    .addColumn("component_id", uuid, (c) => c.notNull().references("components.id").onDelete("cascade"))
    .addColumn("target_impact", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("automation_rule_components_rule").on("automation_rule_components").columns(["rule_id", "position"]).execute();
  await db.schema.createIndex("automation_rule_components_component").on("automation_rule_components").column("component_id").execute();

  await db.schema
    .createTable("automation_alerts")
    .addColumn("rule_id", uuid, (c) => c.notNull().references("automation_rules.id").onDelete("cascade"))
    .addColumn("dedup_key", "text", (c) => c.notNull())
    // the incident this alert belongs to (the rule's open one when it fired), null when it opened none
    .addColumn("incident_id", uuid, (c) => c.references("incidents.id").onDelete("set null"))
    .addColumn("firing", "integer", (c) => c.notNull())
    .addColumn("fired_at", ms)
    .addColumn("resolved_at", ms)
    .addColumn("updated_at", ms, (c) => c.notNull())
    .addPrimaryKeyConstraint("automation_alerts_pk", ["rule_id", "dedup_key"])
    .execute();
  await db.schema.createIndex("automation_alerts_incident").on("automation_alerts").column("incident_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("automation_alerts").execute();
  await db.schema.dropTable("automation_rule_components").execute();
  await db.schema.dropTable("automation_rules").execute();
  await db.schema.alterTable("incidents").dropColumn("humans_since").execute();
}
