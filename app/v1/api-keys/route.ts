import { CreateApiKeyInput } from "@/lib/api-keys/schema";
import { serializeApiKey, serializeCreatedApiKey } from "@/lib/api-keys/serialize";
import { createApiKey, listApiKeys } from "@/lib/api-keys/service";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { apiRoute, created, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: CursorQuery }, async ({ db, accountId, query, cursors }) => {
  const { rows, next } = await listApiKeys(db, accountId, { limit: query.limit, after: cursors.decode("api-keys", query.nextId) });
  return ok(cursorPage(rows.map(serializeApiKey), cursors.encode("api-keys", next)));
});

export const POST = apiRoute({ body: CreateApiKeyInput }, async ({ db, accountId, apiKey, body }) => {
  const { key, rawKey } = await createApiKey(db, accountId, body.name, { ...body, createdBy: apiKey });
  return created(serializeCreatedApiKey(key, rawKey));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
