import type { Kysely } from "kysely";

/* Management API keys may expire: `expires_at` (epoch ms) is null for keys that never do, as every key of release 0.1. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("api_keys").addColumn("expires_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("api_keys").dropColumn("expires_at").execute();
}
