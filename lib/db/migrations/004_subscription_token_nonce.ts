import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * Manage and unsubscribe links bind a per-subscription nonce, replaced on unsubscribe and re-subscribe, so a
 * leaked link cannot act on a later subscription. Existing subscribers get a random nonce of their own
 * (links in messages sent before the upgrade stop working; the next message carries working ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").addColumn("token_nonce", "text").execute();
  const random = dialectOf(db) === "postgres" ? sql`replace(gen_random_uuid()::text, '-', '')` : sql`lower(hex(randomblob(16)))`;
  await sql`update subscribers set token_nonce = ${random} where token_nonce is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").dropColumn("token_nonce").execute();
}
