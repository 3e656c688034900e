import type { z } from "zod";
import type { IncidentImpact, IncidentUpdate as UpdateRow } from "@/lib/db/types";
import { toIso, toIsoOrNull } from "@/lib/db/time";
import { times } from "@/lib/http/wire";
import { incidentDuration } from "./derive";
import { serializeUpdate } from "./serialize";
import type { IncidentView } from "./types";
import type { ComponentImpact, IncidentUpdateV3, IncidentV3, IncidentV3ListItem } from "./v3-schema";

export function serializeImpact(w: IncidentImpact): z.infer<typeof ComponentImpact> {
  return { componentId: w.component_id, status: w.status, startedAt: toIso(w.started_at), endedAt: toIsoOrNull(w.ended_at) };
}

/** The v1 update without `updated_at`, which the v3 answer does not carry. */
export function serializeUpdateV3(row: UpdateRow): z.infer<typeof IncidentUpdateV3> {
  const { updated_at: _u, ...update } = serializeUpdate(row);
  return update;
}

export function serializeIncidentV3ListItem(view: Pick<IncidentView, "incident" | "impacts">): z.infer<typeof IncidentV3ListItem> {
  const { incident } = view;
  return {
    id: incident.id,
    statusPageId: incident.status_page_id!,
    name: incident.name,
    lastUpdateStatus: incident.last_update_status,
    duration: incidentDuration(incident.started_at, incident.resolved_at),
    componentImpacts: view.impacts.map(serializeImpact),
    ...times(incident),
  };
}

/** `severity` is stored for v1-shaped surfaces and never shown here: v3 impact is per component. */
export function serializeIncidentV3(view: IncidentView): z.infer<typeof IncidentV3> {
  const { created_at, updated_at, ...item } = serializeIncidentV3ListItem(view);
  return { ...item, incidentUpdates: view.updates.map(serializeUpdateV3), created_at, updated_at };
}
