import type { Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * Stored uptime strips: per page and component, the bars' complete days (before today in the page's zone), so a render
 * reads 200 rows instead of deriving 90 days of history. Valid while the versions they were derived at are current:
 * a write that changes history bumps its components' or page's version in its transaction (lib/uptime/strips.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const uuid = dialectOf(db) === "postgres" ? "uuid" : "text";

  await db.schema
    .createTable("uptime_strips")
    // Per page, not per component alone: a v1 service on two pages sees each page's own maintenance windows.
    .addColumn("status_page_id", uuid, (c) => c.notNull().references("status_pages.id").onDelete("cascade"))
    // a v3 component or a v1 service (two tables, hence no foreign key)
    .addColumn("component_id", uuid, (c) => c.notNull())
    // the IANA zone the days are of; a page that changes zone recomputes
    .addColumn("zone", "text", (c) => c.notNull())
    // YYYY-MM-DD of the last day held (the strip is complete up to this day's end) and how many days it holds
    .addColumn("through_day", "text", (c) => c.notNull())
    .addColumn("day_count", "integer", (c) => c.notNull())
    // JSON: the days, oldest first, run-length encoded (lib/uptime/strips.ts)
    .addColumn("days", "text", (c) => c.notNull())
    // uptime_versions.version of the component and of the page when the history was read (0: no row)
    .addColumn("component_version", "integer", (c) => c.notNull())
    .addColumn("page_version", "integer", (c) => c.notNull())
    .addColumn("computed_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("uptime_strips_pk", ["status_page_id", "component_id"])
    .execute();
  await db.schema.createIndex("uptime_strips_component").on("uptime_strips").column("component_id").execute();

  await db.schema
    .createTable("uptime_versions")
    // a component's or service's id (its incidents changed) or a page's (its maintenance changed)
    .addColumn("subject_id", uuid, (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("uptime_versions").execute();
  await db.schema.dropTable("uptime_strips").execute();
}
