import type { Kysely } from "kysely";

/*
 * Custom domains proven by a DNS TXT record when verification is on. `custom_domain` keeps its meaning and unique index
 * (where the page is served); an unproven domain waits in `pending_custom_domain` (not unique: the first proven wins)
 * with its TXT token. An earlier release's domains stay in `custom_domain`, so they keep serving.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("status_pages").addColumn("pending_custom_domain", "text").execute();
  await db.schema.alterTable("status_pages").addColumn("custom_domain_token", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("status_pages").dropColumn("custom_domain_token").execute();
  await db.schema.alterTable("status_pages").dropColumn("pending_custom_domain").execute();
}
