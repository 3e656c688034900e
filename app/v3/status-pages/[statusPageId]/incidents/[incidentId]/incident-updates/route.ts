import { apiRoute, created, ok } from "@/lib/http/route";
import { IncidentUpdateV3Input, IncidentV3Params } from "@/lib/incidents/v3-schema";
import { serializeUpdateV3 } from "@/lib/incidents/v3-serialize";
import { addIncidentUpdateV3, listIncidentUpdatesV3 } from "@/lib/incidents/v3-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IncidentV3Params }, async ({ db, accountId, params }) =>
  ok((await listIncidentUpdatesV3(db, accountId, params.statusPageId, params.incidentId, 100)).map(serializeUpdateV3)),
);

// 201 in v3 (v1 answers 200).
export const POST = apiRoute({ params: IncidentV3Params, body: IncidentUpdateV3Input }, async ({ db, accountId, actor, params, body }) =>
  created(serializeUpdateV3(await addIncidentUpdateV3(db, accountId, params.statusPageId, params.incidentId, body, actor))),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
