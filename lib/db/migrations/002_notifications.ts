import type { Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * Subscriber lifecycle (verification, failure tracking, secrets), a scope table for set-based fan-out,
 * events rendered once per (trigger, page), and the worker's columns on the delivery outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const uuid = pg ? "uuid" : "text";
  const ms = "bigint";

  const sub = [
    ["dest_host", "text"],
    ["secret_enc", "text"],
    ["contact_email", "text"],
    ["verify_nonce", "text"],
    ["verify_sent_at", ms],
    ["verified_at", ms],
    ["failing_since", ms],
    ["disabled_at", ms],
    ["unsubscribed_at", ms],
  ] as const;
  for (const [name, type] of sub) await db.schema.alterTable("subscribers").addColumn(name, type).execute();
  await db.schema.alterTable("subscribers").addColumn("verify_attempts", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("subscribers_page").on("subscribers").columns(["status_page_id", "status"]).execute();

  await db.schema
    .createTable("subscriber_services")
    .addColumn("subscriber_id", uuid, (c) => c.notNull().references("subscribers.id").onDelete("cascade"))
    .addColumn("service_id", uuid, (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("subscriber_services_pk", ["subscriber_id", "service_id"])
    .execute();
  await db.schema.createIndex("subscriber_services_service").on("subscriber_services").column("service_id").execute();

  await db.schema
    .createTable("notification_events")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("status_page_id", uuid, (c) => c.notNull().references("status_pages.id").onDelete("cascade"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("rendered", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .addUniqueConstraint("notification_events_unique", ["kind", "ref", "status_page_id"])
    .execute();

  await db.schema.alterTable("notification_deliveries").addColumn("host", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("notification_deliveries").addColumn("lease_owner", "text").execute();
  await db.schema.alterTable("notification_deliveries").addColumn("sent_at", ms).execute();
  await db.schema.alterTable("notification_deliveries").addColumn("response_code", "integer").execute();
  await db.schema.createIndex("notification_deliveries_event").on("notification_deliveries").columns(["event_id", "status"]).execute();
  await db.schema.createIndex("notification_deliveries_subscriber").on("notification_deliveries").column("subscriber_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification_events").ifExists().execute();
  await db.schema.dropTable("subscriber_services").ifExists().execute();
}
