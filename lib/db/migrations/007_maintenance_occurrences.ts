import type { Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * Maintenance occurrences: a window's repetition becomes a row when first listed or addressed, so it can be moved,
 * skipped and updated on its own. Unique per window by `original_starts_at` (the repeat rule's start), so concurrent
 * readers make it once. Release 0.1 windows get no rows here: theirs are made on first use, like new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const uuid = dialectOf(db) === "postgres" ? "uuid" : "text";
  const ms = "bigint";

  await db.schema
    .createTable("maintenance_occurrences")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("window_id", "integer", (c) => c.notNull().references("maintenance_windows.id").onDelete("cascade"))
    .addColumn("starts_at", ms, (c) => c.notNull())
    .addColumn("ends_at", ms, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("SCHEDULED"))
    .addColumn("original_starts_at", ms, (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .addUniqueConstraint("maintenance_occurrences_rule", ["window_id", "original_starts_at"])
    .execute();
  await db.schema.createIndex("maintenance_occurrences_window").on("maintenance_occurrences").columns(["window_id", "starts_at"]).execute();

  await db.schema
    .createTable("maintenance_updates")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("occurrence_id", uuid, (c) => c.notNull().references("maintenance_occurrences.id").onDelete("cascade"))
    .addColumn("window_id", "integer", (c) => c.notNull().references("maintenance_windows.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("notify_subscribers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("previous_status", "text")
    .addColumn("previous_starts_at", ms)
    .addColumn("previous_ends_at", ms)
    // JSON {startsAt?, endsAt?} (ISO strings) when the update moved the occurrence, else null
    .addColumn("date_adjustments", "text")
    .addColumn("actor_type", "text")
    .addColumn("actor_id", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("maintenance_updates_occurrence").on("maintenance_updates").columns(["occurrence_id", "created_at"]).execute();
  await db.schema.createIndex("maintenance_updates_window").on("maintenance_updates").column("window_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("maintenance_updates").execute();
  await db.schema.dropTable("maintenance_occurrences").execute();
}
