import type { Kysely } from "kysely";

/*
 * A check trigger's severity (a check's triggerIncident.severity, or one an outside tool's trigger names). Null is
 * MAJOR, what every trigger opened before, so rules written by earlier releases keep opening what they opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("automation_rules").addColumn("severity", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("automation_rules").dropColumn("severity").execute();
}
