import { z } from "zod";
import { CursorPage } from "@/lib/http/pagination";
import { text, Timestamp, TimestampInput, UuidOut } from "@/lib/http/wire";

export const CreateApiKeyInput = z
  .strictObject({
    name: text().trim().min(1, "must not be empty").max(100).meta({ description: "A label to recognise the key by" }),
    expiresAt: TimestampInput.nullable().optional().meta({ description: "When the key stops working; absent or null: never" }),
    expiresInDays: z.number().int().min(1).max(3650).optional().meta({ description: "Instead of expiresAt: days from now" }),
    scope: z.enum(["read", "write"]).optional().meta({ description: "read: the key's writes are refused with 403; default write" }),
  })
  .meta({ id: "CreateApiKeyInput" });

const keyFields = {
  id: UuidOut,
  name: z.string(),
  maskedKey: z.string(),
  created_at: Timestamp,
  lastUsedAt: Timestamp.nullable().meta({ description: "Recorded at most once a minute" }),
  expiresAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
  scope: z.enum(["read", "write"]),
};

export const ApiKey = z.strictObject(keyFields).meta({ id: "ApiKey" });

/** Only the answer to the create call carries the raw key. */
export const CreatedApiKey = z
  .strictObject({ ...keyFields, key: z.string() })
  .meta({ id: "CreatedApiKey", description: "`key` is shown once; store it now." });

export const ApiKeyPage = CursorPage(ApiKey, "ApiKeyPage");

/**
 * Who is calling, as the vendor's `GET /next/users/me` answers it. Heliograph has no user logins: the
 * caller is the API key itself, named as it was created.
 */
export const ApiKeyActor = z
  .strictObject({
    id: UuidOut,
    name: z.string(),
    type: z.literal("API_KEY"),
    accountId: UuidOut,
    maskedKey: z.string(),
  })
  .meta({ id: "ApiKeyActor" });
