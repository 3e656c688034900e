import { apiRoute, created, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { CreatePageKeyInput } from "@/lib/status-pages/schema";
import { serializeCreatedKey, serializeKey } from "@/lib/status-pages/serialize";
import { createPageKey, listPageKeys } from "@/lib/status-pages/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok((await listPageKeys(db, accountId, params.id)).map(serializeKey)));

export const POST = apiRoute({ params: IdParams, body: CreatePageKeyInput, bodyOptional: true }, async ({ db, accountId, apiKey, params }) => {
  const { key, rawKey } = await createPageKey(db, accountId, params.id, apiKey);
  return created(serializeCreatedKey(key, rawKey));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
