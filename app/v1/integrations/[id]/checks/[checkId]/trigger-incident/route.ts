import { apiRoute, noContent, ok } from "@/lib/http/route";
import { CheckTriggerInput } from "@/lib/automation/schema";
import { serializeCheckTrigger } from "@/lib/automation/serialize";
import { IntegrationCheckParams } from "@/lib/checks/schema";
import { deleteOutsideCheckTrigger, getOutsideCheckTrigger, putOutsideCheckTrigger } from "@/lib/checks/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IntegrationCheckParams }, async ({ db, accountId, params }) => ok(serializeCheckTrigger(await getOutsideCheckTrigger(db, accountId, params.id, params.checkId))));

export const PUT = apiRoute({ params: IntegrationCheckParams, body: CheckTriggerInput }, async ({ db, accountId, params, body }) =>
  ok(serializeCheckTrigger(await putOutsideCheckTrigger(db, accountId, params.id, params.checkId, body))),
);

export const DELETE = apiRoute({ params: IntegrationCheckParams }, async ({ db, accountId, params }) => {
  await deleteOutsideCheckTrigger(db, accountId, params.id, params.checkId);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
