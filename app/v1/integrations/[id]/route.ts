import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { otherMethods } from "@/lib/http/other-methods";
import { serializeIntegration } from "@/lib/integrations/serialize";
import { deleteIntegration, getIntegrationOrThrow } from "@/lib/integrations/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok(serializeIntegration(await getIntegrationOrThrow(db, accountId, params.id))));

export const DELETE = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => {
  await deleteIntegration(db, accountId, params.id);
  return noContent();
});

export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
