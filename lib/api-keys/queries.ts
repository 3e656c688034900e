import "server-only";
import type { Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { ApiKey } from "@/lib/db/types";

/** How stale `last_used_at` may get: one write per key per minute at most, not one per request. */
export const TOUCH_EVERY_MS = 60_000;

export async function insertApiKey(db: Db, row: ApiKey): Promise<void> {
  await db.insertInto("api_keys").values(row).execute();
}

/** The key with this hash if it is neither revoked nor expired at `now`. */
export async function findActiveKeyByHash(db: Db, keyHash: string, now: number): Promise<ApiKey | undefined> {
  return db
    .selectFrom("api_keys")
    .selectAll()
    .where("key_hash", "=", keyHash)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .executeTakeFirst();
}

export async function touchApiKey(db: Db, id: string, at: number): Promise<void> {
  await db
    .updateTable("api_keys")
    .set({ last_used_at: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", at - TOUCH_EVERY_MS)]))
    .execute();
}

/** An account's keys, revoked and expired ones included, oldest first. */
export async function listApiKeys(db: Db, accountId: string, page: PageRequest): Promise<ApiKey[]> {
  return applyKeyset(db.selectFrom("api_keys").selectAll().where("account_id", "=", accountId), "api_keys", page, "asc").execute();
}

export async function findApiKey(db: Db, accountId: string, id: string): Promise<ApiKey | undefined> {
  return db.selectFrom("api_keys").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

/** Any account's key: for the operator's command line only, which is not scoped to an account. */
export async function findApiKeyOfAnyAccount(db: Db, id: string): Promise<ApiKey | undefined> {
  return db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function revokeApiKey(db: Db, accountId: string, id: string, at: number): Promise<number> {
  const r = await db.updateTable("api_keys").set({ revoked_at: at }).where("id", "=", id).where("account_id", "=", accountId).where("revoked_at", "is", null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
