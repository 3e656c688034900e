import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { PatchIncidentInput, UpdateIncidentInput } from "@/lib/incidents/schema";
import { serializeIncident } from "@/lib/incidents/serialize";
import { deleteIncident, getIncidentView, updateIncident } from "@/lib/incidents/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok(serializeIncident(await getIncidentView(db, accountId, params.id))));

export const PUT = apiRoute({ params: IdParams, body: UpdateIncidentInput }, async ({ db, accountId, actor, params, body }) =>
  ok(serializeIncident(await updateIncident(db, accountId, params.id, { name: body.name, severity: body.severity, serviceIds: body.services.map((s) => s.id) }, actor))),
);

export const PATCH = apiRoute({ params: IdParams, body: PatchIncidentInput }, async ({ db, accountId, actor, params, body }) =>
  ok(serializeIncident(await updateIncident(db, accountId, params.id, { name: body.name, severity: body.severity, serviceIds: body.services?.map((s) => s.id) }, actor))),
);

export const DELETE = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => {
  await deleteIncident(db, accountId, params.id);
  return noContent();
});

export const { POST } = otherMethods("GET", "PUT", "PATCH", "DELETE");
