import { apiRoute, created, ok } from "@/lib/http/route";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { CreateIncidentInput } from "@/lib/incidents/schema";
import { serializeIncident } from "@/lib/incidents/serialize";
import { createIncident, listIncidents } from "@/lib/incidents/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: CursorQuery }, async ({ db, accountId, query, cursors }) => {
  const { rows, next } = await listIncidents(db, accountId, { limit: query.limit, after: cursors.decode("incidents", query.nextId) });
  return ok(cursorPage(rows.map(serializeIncident), cursors.encode("incidents", next)));
});

export const POST = apiRoute({ body: CreateIncidentInput }, async ({ db, accountId, actor, body }) => {
  const { name, severity, services, incidentUpdates } = body;
  const view = await createIncident(db, accountId, { name, severity, serviceIds: services.map((s) => s.id), update: incidentUpdates[0] }, actor);
  return created(serializeIncident(view));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
