import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/api-keys/service";
import { serializeApiKey } from "@/lib/api-keys/serialize";
import type { Db } from "@/lib/db";
import { requireRole } from "@/lib/operators/roles";
import { operatorActor, type ConsoleActor } from "@/lib/operators/service";

export const ConsoleApiKeyInput = z.object({
  name: z.string().trim().min(1, "is required").max(100),
  scope: z.enum(["read", "write"]),
  expiresInDays: z.union([z.literal("").transform(() => undefined), z.coerce.number().int("must be whole days").min(1).max(3650)]).optional(),
});

/** Owner only, as in the API's own rules for who manages keys; the raw key is returned once. */
export async function createConsoleApiKey(db: Db, actor: ConsoleActor, input: z.output<typeof ConsoleApiKeyInput>) {
  requireRole(actor.role, "manage-operators");
  const { key, rawKey } = await createApiKey(db, actor.accountId, input.name, { scope: input.scope, expiresInDays: input.expiresInDays });
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: "api-key.create", entityType: "api-key", entityId: key.id, after: serializeApiKey(key), requestId: actor.requestId });
  return { key, rawKey };
}

export async function listConsoleApiKeys(db: Db, actor: ConsoleActor) {
  requireRole(actor.role, "manage-operators");
  return (await listApiKeys(db, actor.accountId, { limit: 100 })).rows.map(serializeApiKey);
}

export async function revokeConsoleApiKey(db: Db, actor: ConsoleActor, id: string) {
  requireRole(actor.role, "manage-operators");
  const key = await revokeApiKey(db, actor.accountId, id);
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: "api-key.revoke", entityType: "api-key", entityId: id, after: serializeApiKey(key), fields: ["revokedAt"], requestId: actor.requestId });
}
