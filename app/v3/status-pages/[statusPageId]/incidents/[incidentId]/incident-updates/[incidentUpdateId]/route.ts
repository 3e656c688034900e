import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IncidentUpdateV3Input, IncidentUpdateV3Params } from "@/lib/incidents/v3-schema";
import { serializeUpdateV3 } from "@/lib/incidents/v3-serialize";
import { deleteIncidentUpdateV3, editIncidentUpdateV3, getIncidentUpdateV3 } from "@/lib/incidents/v3-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IncidentUpdateV3Params }, async ({ db, accountId, params }) =>
  ok(serializeUpdateV3(await getIncidentUpdateV3(db, accountId, params.statusPageId, params.incidentId, params.incidentUpdateId))),
);

export const PUT = apiRoute({ params: IncidentUpdateV3Params, body: IncidentUpdateV3Input }, async ({ db, accountId, actor, params, body }) =>
  ok(serializeUpdateV3(await editIncidentUpdateV3(db, accountId, params.statusPageId, params.incidentId, params.incidentUpdateId, body, actor))),
);

export const DELETE = apiRoute({ params: IncidentUpdateV3Params }, async ({ db, accountId, actor, params }) => {
  await deleteIncidentUpdateV3(db, accountId, params.statusPageId, params.incidentId, params.incidentUpdateId, actor);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
