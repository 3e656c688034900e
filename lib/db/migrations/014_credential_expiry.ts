import type { Kysely } from "kysely";

/*
 * Credentials an expiring API key mints expire with it (lib/api-keys/minting.ts): an integration's ingest token and
 * a private page's key get an expiry (epoch ms), null for those that never expire, as every one of release 0.2.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("integrations").addColumn("token_expires_at", "bigint").execute();
  await db.schema.alterTable("status_page_keys").addColumn("expires_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("status_page_keys").dropColumn("expires_at").execute();
  await db.schema.alterTable("integrations").dropColumn("token_expires_at").execute();
}
