import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { ApiKey } from "@/lib/db/types";
import { hashToken, maskToken, newToken, safeEqual } from "@/lib/secrets/tokens";
import { findActiveKeyByHash, insertApiKey } from "./queries";

const PREFIX = "hg_";

/** Creates a key for the account; the raw key is returned here once and only its hash is stored. */
export async function createApiKey(db: Db, accountId: string, name = "default"): Promise<{ key: ApiKey; rawKey: string }> {
  const rawKey = newToken(PREFIX);
  const key: ApiKey = {
    id: newId(),
    account_id: accountId,
    name,
    key_hash: hashToken(rawKey),
    masked_key: maskToken(rawKey, PREFIX.length + 4),
    created_at: Date.now(),
    last_used_at: null,
    revoked_at: null,
  };
  await insertApiKey(db, key);
  return { key, rawKey };
}

/** The key's row, or null for an unknown, revoked or malformed key (callers answer all three the same way). */
export async function authenticateApiKey(db: Db, rawKey: string): Promise<ApiKey | null> {
  if (!rawKey.startsWith(PREFIX) || rawKey.length > 200) return null;
  const hash = hashToken(rawKey);
  const row = await findActiveKeyByHash(db, hash);
  // The lookup is by hash already; the explicit constant-time compare keeps that property if lookup ever changes.
  return row && safeEqual(row.key_hash, hash) ? row : null;
}
