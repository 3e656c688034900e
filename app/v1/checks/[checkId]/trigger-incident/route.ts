import { apiRoute, noContent, ok } from "@/lib/http/route";
import { CheckParams, CheckTriggerInput } from "@/lib/automation/schema";
import { serializeCheckTrigger } from "@/lib/automation/serialize";
import { deleteCheckTrigger, getCheckTriggerOrThrow, putCheckTrigger } from "@/lib/automation/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: CheckParams }, async ({ db, accountId, params }) => ok(serializeCheckTrigger(await getCheckTriggerOrThrow(db, accountId, params.checkId))));

export const PUT = apiRoute({ params: CheckParams, body: CheckTriggerInput }, async ({ db, accountId, params, body }) =>
  ok(serializeCheckTrigger(await putCheckTrigger(db, accountId, params.checkId, body))),
);

export const DELETE = apiRoute({ params: CheckParams }, async ({ db, accountId, params }) => {
  await deleteCheckTrigger(db, accountId, params.checkId);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
