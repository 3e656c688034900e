import "server-only";
import { DAY_MS } from "@/lib/time/units";
import { assertRoomFor } from "@/lib/accounts/limits";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import type { PageRequest } from "@/lib/db/keyset";
import { pageOf } from "@/lib/db/keyset";
import type { ApiKey } from "@/lib/db/types";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { log } from "@/lib/log";
import { hashToken, maskToken, newToken, safeEqual } from "@/lib/secrets/tokens";
import { assertMintable } from "./minting";
import * as q from "./queries";

const PREFIX = "hg_";

export interface NewApiKey {
  name?: string;
  /** epoch ms; absent or null: never expires */
  expiresAt?: number | null;
  expiresInDays?: number;
  /** the API key asking, when a key asks (the operator's command line has none) */
  createdBy?: ApiKey;
  /** read: every write is refused (403); default write */
  scope?: "read" | "write";
}

/** Creates a key for the account; the raw key is returned here once and only its hash is stored. */
export async function createApiKey(db: Db, accountId: string, name = "default", opts: Omit<NewApiKey, "name"> = {}): Promise<{ key: ApiKey; rawKey: string }> {
  const at = Date.now();
  if (opts.expiresAt != null && opts.expiresInDays !== undefined) {
    throw new ValidationError("Give expiresAt or expiresInDays, not both", { fields: ["expiresAt", "expiresInDays"] });
  }
  const expiresAt = opts.expiresInDays !== undefined ? at + opts.expiresInDays * DAY_MS : (opts.expiresAt ?? null);
  if (expiresAt !== null && expiresAt <= at) throw new ValidationError("expiresAt must be in the future", { fields: ["expiresAt"] });
  assertMintable(expiresAt, opts.createdBy);
  const rawKey = newToken(PREFIX);
  const key: ApiKey = {
    id: newId(),
    account_id: accountId,
    name,
    key_hash: hashToken(rawKey),
    masked_key: maskToken(rawKey, PREFIX.length + 4),
    created_at: at,
    last_used_at: null,
    revoked_at: null,
    expires_at: expiresAt,
    scope: opts.scope ?? "write",
  };
  await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "API_KEYS");
    await q.insertApiKey(trx, key);
  });
  return { key, rawKey };
}

/**
 * The key's row, or null for an unknown, revoked, expired or malformed key (callers answer all the
 * same way). Read from the database on every request, never cached, so a revocation holds on every
 * instance at its next request.
 */
export async function authenticateApiKey(db: Db, rawKey: string): Promise<ApiKey | null> {
  if (!rawKey.startsWith(PREFIX) || rawKey.length > 200) return null;
  const hash = hashToken(rawKey);
  const at = Date.now();
  const row = await q.findActiveKeyByHash(db, hash, at);
  // The lookup is by hash already; the explicit constant-time compare keeps that property if lookup ever changes.
  if (!row || !safeEqual(row.key_hash, hash)) return null;
  // Bookkeeping only, at most once a minute per key; a failed write (a busy SQLite writer) must not fail the request.
  if (row.last_used_at === null || row.last_used_at < at - q.TOUCH_EVERY_MS) {
    await q.touchApiKey(db, row.id, at).catch((err: unknown) => log.warn({ err, keyId: row.id }, "could not record API key use"));
  }
  return row;
}

export async function listApiKeys(db: Db, accountId: string, page: PageRequest) {
  return pageOf(await q.listApiKeys(db, accountId, page), page.limit);
}

export async function getApiKeyOrThrow(db: Db, accountId: string, id: string): Promise<ApiKey> {
  const row = isUuid(id) ? await q.findApiKey(db, accountId, id) : undefined;
  if (!row) throw new NotFoundError("API key not found");
  return row;
}

/** Revokes one of the account's keys (the calling key included); revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Db, accountId: string, id: string): Promise<ApiKey> {
  await getApiKeyOrThrow(db, accountId, id);
  await q.revokeApiKey(db, accountId, id, Date.now());
  return getApiKeyOrThrow(db, accountId, id);
}

/** The operator's command line revokes by key id alone, whatever the account. */
export async function revokeApiKeyAsOperator(db: Db, id: string): Promise<ApiKey> {
  const row = isUuid(id) ? await q.findApiKeyOfAnyAccount(db, id) : undefined;
  if (!row) throw new NotFoundError(`No API key with id ${id}`);
  return revokeApiKey(db, row.account_id, id);
}
