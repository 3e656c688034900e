import { apiRoute, created, ok } from "@/lib/http/route";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { CreateIncidentV3Input, PageIncidentsParams } from "@/lib/incidents/v3-schema";
import { serializeIncidentV3, serializeIncidentV3ListItem } from "@/lib/incidents/v3-serialize";
import { createIncidentV3, listIncidentsV3 } from "@/lib/incidents/v3-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: PageIncidentsParams, query: CursorQuery }, async ({ db, accountId, params, query, cursors }) => {
  const list = `incidents-v3:${params.statusPageId}`;
  const { rows, next } = await listIncidentsV3(db, accountId, params.statusPageId, { limit: query.limit, after: cursors.decode(list, query.nextId) });
  return ok(cursorPage(rows.map(serializeIncidentV3ListItem), cursors.encode(list, next)));
});

export const POST = apiRoute({ params: PageIncidentsParams, body: CreateIncidentV3Input }, async ({ db, accountId, actor, params, body }) => {
  const { name, componentImpacts = [], incidentUpdates } = body;
  return created(serializeIncidentV3(await createIncidentV3(db, accountId, params.statusPageId, { name, componentImpacts, update: incidentUpdates[0] }, actor)));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
