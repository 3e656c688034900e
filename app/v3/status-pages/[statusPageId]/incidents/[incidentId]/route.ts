import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IncidentV3Params, UpdateIncidentV3Input } from "@/lib/incidents/v3-schema";
import { serializeIncidentV3 } from "@/lib/incidents/v3-serialize";
import { deleteIncidentV3, getIncidentViewV3, updateIncidentV3 } from "@/lib/incidents/v3-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IncidentV3Params }, async ({ db, accountId, params }) =>
  ok(serializeIncidentV3(await getIncidentViewV3(db, accountId, params.statusPageId, params.incidentId))),
);

export const PUT = apiRoute({ params: IncidentV3Params, body: UpdateIncidentV3Input }, async ({ db, accountId, actor, params, body }) =>
  ok(serializeIncidentV3(await updateIncidentV3(db, accountId, params.statusPageId, params.incidentId, body, actor))),
);

export const DELETE = apiRoute({ params: IncidentV3Params }, async ({ db, accountId, params }) => {
  await deleteIncidentV3(db, accountId, params.statusPageId, params.incidentId);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
