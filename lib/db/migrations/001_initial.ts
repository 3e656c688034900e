import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * One definition for both stores. Column types differ only where the stores do:
 * ids are uuid on PostgreSQL and text on SQLite; timestamps are epoch-ms bigint / integer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const uuid = pg ? "uuid" : "text";
  const ms = "bigint";

  await db.schema
    .createTable("accounts")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("masked_key", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("last_used_at", ms)
    .addColumn("revoked_at", ms)
    .execute();

  await db.schema
    .createTable("server_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("status_pages")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("url", "text", (c) => c.notNull().unique())
    .addColumn("custom_domain", "text", (c) => c.unique())
    .addColumn("is_private", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("default_theme", "text", (c) => c.notNull().defaultTo("AUTO"))
    .addColumn("theme_colors", "text")
    .addColumn("logo", "text")
    .addColumn("logo_dark", "text")
    .addColumn("favicon", "text")
    .addColumn("redirect_to", "text")
    .addColumn("password_hash", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("status_pages_account").on("status_pages").columns(["account_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("status_page_keys")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("status_page_id", uuid, (c) => c.notNull().references("status_pages.id").onDelete("cascade"))
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("masked_key", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("status_page_keys_page").on("status_page_keys").column("status_page_id").execute();

  await db.schema
    .createTable("services")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("services_account").on("services").columns(["account_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("cards")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("status_page_id", uuid, (c) => c.notNull().references("status_pages.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cards_page").on("cards").columns(["status_page_id", "position"]).execute();

  await db.schema
    .createTable("card_services")
    .addColumn("card_id", uuid, (c) => c.notNull().references("cards.id").onDelete("cascade"))
    .addColumn("service_id", uuid, (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("card_services_pk", ["card_id", "service_id"])
    .execute();
  await db.schema.createIndex("card_services_service").on("card_services").column("service_id").execute();

  await db.schema
    .createTable("incidents")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("severity", "text", (c) => c.notNull())
    .addColumn("last_update_status", "text", (c) => c.notNull())
    .addColumn("started_at", ms, (c) => c.notNull())
    .addColumn("resolved_at", ms)
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("incidents_account").on("incidents").columns(["account_id", "created_at", "id"]).execute();
  await db.schema.createIndex("incidents_open").on("incidents").columns(["account_id", "resolved_at"]).execute();

  await db.schema
    .createTable("incident_services")
    .addColumn("incident_id", uuid, (c) => c.notNull().references("incidents.id").onDelete("cascade"))
    .addColumn("service_id", uuid, (c) => c.notNull().references("services.id"))
    .addPrimaryKeyConstraint("incident_services_pk", ["incident_id", "service_id"])
    .execute();
  await db.schema.createIndex("incident_services_service").on("incident_services").column("service_id").execute();

  await db.schema
    .createTable("incident_updates")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("incident_id", uuid, (c) => c.notNull().references("incidents.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("public_incident_update_date", ms, (c) => c.notNull())
    .addColumn("notify_subscribers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("incident_updates_incident").on("incident_updates").columns(["incident_id", "created_at"]).execute();

  // AUTOINCREMENT / identity: a deleted window's id is never handed out again.
  await db.schema
    .createTable("maintenance_windows")
    .addColumn("id", pg ? sql`integer generated by default as identity` : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("starts_at", ms, (c) => c.notNull())
    .addColumn("ends_at", ms, (c) => c.notNull())
    .addColumn("repeat_interval", "integer")
    .addColumn("repeat_unit", "text")
    .addColumn("repeat_ends_at", ms)
    .addColumn("timezone", "text")
    .addColumn("pause_all_checks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("silence_all_alerts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("silence_alerts_tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status_page_visibility", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("maintenance_windows_account").on("maintenance_windows").columns(["account_id", "starts_at"]).execute();

  await db.schema
    .createTable("subscribers")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("status_page_id", uuid, (c) => c.notNull().references("status_pages.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("service_ids", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .addUniqueConstraint("subscribers_unique_target", ["status_page_id", "channel", "target"])
    .execute();

  await db.schema
    .createTable("notification_deliveries")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("subscriber_id", uuid, (c) => c.notNull().references("subscribers.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", ms, (c) => c.notNull())
    .addColumn("lease_until", ms)
    .addColumn("last_error", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notification_deliveries_due").on("notification_deliveries").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "notification_deliveries",
    "subscribers",
    "maintenance_windows",
    "incident_updates",
    "incident_services",
    "incidents",
    "card_services",
    "cards",
    "services",
    "status_page_keys",
    "status_pages",
    "server_settings",
    "api_keys",
    "accounts",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
