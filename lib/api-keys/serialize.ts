import type { z } from "zod";
import type { ApiKey as ApiKeyRow } from "@/lib/db/types";
import { toIso, toIsoOrNull } from "@/lib/db/time";
import type { ApiKey, ApiKeyActor, CreatedApiKey } from "./schema";

export function serializeApiKey(row: ApiKeyRow): z.infer<typeof ApiKey> {
  return {
    id: row.id,
    name: row.name,
    maskedKey: row.masked_key,
    created_at: toIso(row.created_at),
    lastUsedAt: toIsoOrNull(row.last_used_at),
    expiresAt: toIsoOrNull(row.expires_at),
    revokedAt: toIsoOrNull(row.revoked_at),
    scope: row.scope,
  };
}

export function serializeCreatedApiKey(row: ApiKeyRow, rawKey: string): z.infer<typeof CreatedApiKey> {
  return { ...serializeApiKey(row), key: rawKey };
}

export function serializeKeyActor(key: ApiKeyRow): z.infer<typeof ApiKeyActor> {
  return { id: key.id, name: key.name, type: "API_KEY", accountId: key.account_id, maskedKey: key.masked_key };
}
