import type { Kysely } from "kysely";

/*
 * Custom domains proven by a DNS TXT record when the operator turns verification on. `custom_domain` keeps its
 * meaning and unique index: the domain the page is served at. A domain set but not proven yet waits in
 * `pending_custom_domain` (not unique: two pages may claim one; the first proven takes `custom_domain`), with the
 * token its TXT record must hold. Every domain of an earlier release stays in `custom_domain`, so it keeps serving.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("status_pages").addColumn("pending_custom_domain", "text").execute();
  await db.schema.alterTable("status_pages").addColumn("custom_domain_token", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("status_pages").dropColumn("custom_domain_token").execute();
  await db.schema.alterTable("status_pages").dropColumn("pending_custom_domain").execute();
}
