import { serializeApiKey } from "@/lib/api-keys/serialize";
import { getApiKeyOrThrow, revokeApiKey } from "@/lib/api-keys/service";
import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok(serializeApiKey(await getApiKeyOrThrow(db, accountId, params.id))));

/** Revokes the key; a key may revoke itself (its next request is then refused). */
export const DELETE = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => {
  await revokeApiKey(db, accountId, params.id);
  return noContent();
});

export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
