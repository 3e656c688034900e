import type { z } from "zod";
import type { IncidentUpdate as UpdateRow } from "@/lib/db/types";
import { toIso } from "@/lib/db/time";
import { times } from "@/lib/http/wire";
import { serializeService } from "@/lib/services/serialize";
import { incidentDuration } from "./derive";
import type { Incident, IncidentUpdate } from "./schema";
import type { IncidentView } from "./types";

export function serializeUpdate(row: UpdateRow): z.infer<typeof IncidentUpdate> {
  return {
    id: row.id,
    description: row.description,
    status: row.status,
    publicIncidentUpdateDate: toIso(row.public_incident_update_date),
    notifySubscribers: row.notify_subscribers === 1,
    ...times(row),
  };
}

export function serializeIncident(view: IncidentView): z.infer<typeof Incident> {
  const { incident } = view;
  return {
    id: incident.id,
    name: incident.name,
    severity: incident.severity,
    services: view.services.map(serializeService),
    incidentUpdates: view.updates.map(serializeUpdate),
    lastUpdateStatus: incident.last_update_status,
    duration: incidentDuration(incident.started_at, incident.resolved_at),
    ...times(incident),
  };
}
