import type { Kysely } from "kysely";

/*
 * A page's IANA time zone (days, bars and printed times follow it) and its locale (the language of
 * Heliograph's own words). Defaults on the columns, so every page of an earlier release reads as UTC/en.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("status_pages").addColumn("timezone", "text", (c) => c.notNull().defaultTo("UTC")).execute();
  await db.schema.alterTable("status_pages").addColumn("locale", "text", (c) => c.notNull().defaultTo("en")).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("status_pages").dropColumn("locale").execute();
  await db.schema.alterTable("status_pages").dropColumn("timezone").execute();
}
