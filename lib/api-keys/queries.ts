import "server-only";
import type { Db } from "@/lib/db";
import type { ApiKey } from "@/lib/db/types";

export async function insertApiKey(db: Db, row: ApiKey): Promise<void> {
  await db.insertInto("api_keys").values(row).execute();
}

export async function findActiveKeyByHash(db: Db, keyHash: string): Promise<ApiKey | undefined> {
  return db.selectFrom("api_keys").selectAll().where("key_hash", "=", keyHash).where("revoked_at", "is", null).executeTakeFirst();
}

export async function revokeApiKey(db: Db, accountId: string, id: string, at: number): Promise<number> {
  const r = await db.updateTable("api_keys").set({ revoked_at: at }).where("id", "=", id).where("account_id", "=", accountId).where("revoked_at", "is", null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
