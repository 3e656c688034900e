import type { Kysely } from "kysely";

/*
 * The maintenance scheduler reads, every tick on every worker, the occurrences whose status the
 * clock may move: scheduled ones whose start has come, open ones whose end has. Indexed by (status, start) so
 * that read touches the few due rows, not every materialised future occurrence of every window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("maintenance_occurrences_due").on("maintenance_occurrences").columns(["status", "starts_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("maintenance_occurrences_due").execute();
}
