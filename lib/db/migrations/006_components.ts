import type { Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * Components (the v3 model): a page's SERVICE and GROUP components, per-component impact windows and subscriptions,
 * and who acted on every update and impact. Release 0.1 pages become v1 pages, projected onto the same read model
 * (lib/components/structure.ts), so their rows stay as they are and look the same after the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const uuid = dialectOf(db) === "postgres" ? "uuid" : "text";
  const ms = "bigint";

  await db.schema.alterTable("status_pages").addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
  for (const col of ["privacy_policy_link", "terms_of_service_link", "footer_text", "google_analytics_tag"]) {
    await db.schema.alterTable("status_pages").addColumn(col, "text").execute();
  }
  await db.schema.alterTable("status_pages").addColumn("allow_indexing", "integer", (c) => c.notNull().defaultTo(1)).execute();

  await db.schema
    .createTable("components")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("status_page_id", uuid, (c) => c.notNull().references("status_pages.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("display_order", "integer", (c) => c.notNull())
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    // Deleting a group detaches its children (the verb does it; the foreign key is the backstop).
    .addColumn("parent_id", uuid, (c) => c.references("components.id").onDelete("set null"))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("components_page").on("components").columns(["status_page_id", "display_order", "id"]).execute();
  await db.schema.createIndex("components_parent").on("components").column("parent_id").execute();

  // A v3 incident belongs to one page; a v1 incident (null here) to the pages whose cards list its services.
  await db.schema.alterTable("incidents").addColumn("status_page_id", uuid, (c) => c.references("status_pages.id").onDelete("cascade")).execute();
  await db.schema.createIndex("incidents_page").on("incidents").columns(["status_page_id", "updated_at", "id"]).execute();
  // Who last changed the incident's impact (v1 severity and services, v3 impacts): "API_KEY", "AUTOMATION", "OPERATOR".
  await db.schema.alterTable("incidents").addColumn("impact_actor_type", "text").execute();
  await db.schema.alterTable("incidents").addColumn("impact_actor_id", "text").execute();

  await db.schema
    .createTable("incident_impacts")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("incident_id", uuid, (c) => c.notNull().references("incidents.id").onDelete("cascade"))
    .addColumn("component_id", uuid, (c) => c.notNull().references("components.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("started_at", ms, (c) => c.notNull())
    .addColumn("ended_at", ms)
    .addColumn("actor_type", "text")
    .addColumn("actor_id", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("incident_impacts_incident").on("incident_impacts").columns(["incident_id", "started_at"]).execute();
  await db.schema.createIndex("incident_impacts_component").on("incident_impacts").columns(["component_id", "started_at"]).execute();

  // Null on updates written before this release: nobody recorded who posted them.
  await db.schema.alterTable("incident_updates").addColumn("actor_type", "text").execute();
  await db.schema.alterTable("incident_updates").addColumn("actor_id", "text").execute();

  await db.schema
    .createTable("subscriber_components")
    .addColumn("subscriber_id", uuid, (c) => c.notNull().references("subscribers.id").onDelete("cascade"))
    .addColumn("component_id", uuid, (c) => c.notNull().references("components.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("subscriber_components_pk", ["subscriber_id", "component_id"])
    .execute();
  await db.schema.createIndex("subscriber_components_component").on("subscriber_components").column("component_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("subscriber_components").execute();
  await db.schema.dropTable("incident_impacts").execute();
  for (const col of ["actor_type", "actor_id"]) await db.schema.alterTable("incident_updates").dropColumn(col).execute();
  await db.schema.dropIndex("incidents_page").execute();
  for (const col of ["status_page_id", "impact_actor_type", "impact_actor_id"]) await db.schema.alterTable("incidents").dropColumn(col).execute();
  await db.schema.dropTable("components").execute();
  for (const col of ["version", "privacy_policy_link", "terms_of_service_link", "footer_text", "google_analytics_tag", "allow_indexing"]) {
    await db.schema.alterTable("status_pages").dropColumn(col).execute();
  }
}
