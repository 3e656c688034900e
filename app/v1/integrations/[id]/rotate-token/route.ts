import { apiRoute, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { otherMethods } from "@/lib/http/other-methods";
import { serializeCreatedIntegration } from "@/lib/integrations/serialize";
import { rotateIntegrationToken } from "@/lib/integrations/service";

export const dynamic = "force-dynamic";

/** A new token, shown once; the old one fails from the next request on. */
export const POST = apiRoute({ params: IdParams }, async ({ db, accountId, apiKey, params }) => {
  const { row, rawToken, signingSecret } = await rotateIntegrationToken(db, accountId, params.id, apiKey);
  return ok(serializeCreatedIntegration(row, rawToken, signingSecret));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
