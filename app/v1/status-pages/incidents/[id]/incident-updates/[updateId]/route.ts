import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IncidentUpdateInput, UpdateParams } from "@/lib/incidents/schema";
import { serializeUpdate } from "@/lib/incidents/serialize";
import { deleteIncidentUpdate, editIncidentUpdate, getUpdateOrThrow } from "@/lib/incidents/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: UpdateParams }, async ({ db, accountId, params }) => ok(serializeUpdate(await getUpdateOrThrow(db, accountId, params.id, params.updateId))));

export const PUT = apiRoute({ params: UpdateParams, body: IncidentUpdateInput }, async ({ db, accountId, actor, params, body }) =>
  ok(serializeUpdate(await editIncidentUpdate(db, accountId, params.id, params.updateId, body, actor))),
);

export const DELETE = apiRoute({ params: UpdateParams }, async ({ db, accountId, params }) => {
  await deleteIncidentUpdate(db, accountId, params.id, params.updateId);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
