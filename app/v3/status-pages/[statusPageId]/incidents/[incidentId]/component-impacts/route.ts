import { apiRoute, ok } from "@/lib/http/route";
import { IncidentV3Params, ReplaceComponentImpactsInput } from "@/lib/incidents/v3-schema";
import { serializeIncidentV3 } from "@/lib/incidents/v3-serialize";
import { replaceImpactsV3 } from "@/lib/incidents/v3-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** Replaces the incident's whole impact history. */
export const PUT = apiRoute({ params: IncidentV3Params, body: ReplaceComponentImpactsInput }, async ({ db, accountId, actor, params, body }) => {
  const windows = body.componentImpacts.map((w) => ({ ...w, endedAt: w.endedAt ?? null }));
  return ok(serializeIncidentV3(await replaceImpactsV3(db, accountId, params.statusPageId, params.incidentId, windows, actor)));
});

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
