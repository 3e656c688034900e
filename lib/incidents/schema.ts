import { z } from "zod";
import { ServiceReference, text, Timestamp, TimestampInput, Uuid, UuidOut } from "@/lib/http/wire";
import { CursorPage } from "@/lib/http/pagination";
import { Service } from "@/lib/services/schema";

export const Severity = z.enum(["CRITICAL", "MAJOR", "MEDIUM", "MINOR"]).meta({ id: "Severity" });
export const UpdateStatus = z.enum(["INVESTIGATING", "IDENTIFIED", "MONITORING", "RESOLVED"]).meta({ id: "IncidentUpdateStatus" });

export const IncidentName = text().trim().min(1, "must not be empty").max(255);
const Services = z.array(ServiceReference).min(1, "must name at least one service").max(100);

export const IncidentUpdateInput = z
  .strictObject({
    description: text().trim().min(1, "must not be empty").max(10_000),
    status: UpdateStatus.optional().meta({ description: "Default: the incident's current status (INVESTIGATING for the first update)" }),
    publicIncidentUpdateDate: TimestampInput.optional().meta({ description: "The time shown to visitors; default now" }),
    notifySubscribers: z.boolean().optional(),
  })
  .meta({ id: "IncidentUpdateInput" });

export const CreateIncidentInput = z
  .strictObject({
    name: IncidentName,
    severity: Severity,
    services: Services,
    incidentUpdates: z.array(IncidentUpdateInput).length(1, "must hold exactly one update"),
  })
  .meta({ id: "CreateIncidentInput" });

export const UpdateIncidentInput = z.strictObject({ name: IncidentName, severity: Severity, services: Services }).meta({ id: "UpdateIncidentInput" });
export const PatchIncidentInput = z
  .strictObject({ name: IncidentName.optional(), severity: Severity.optional(), services: Services.optional() })
  .meta({ id: "PatchIncidentInput" });

export const IncidentUpdate = z
  .strictObject({
    id: UuidOut,
    description: z.string(),
    status: UpdateStatus,
    publicIncidentUpdateDate: Timestamp,
    notifySubscribers: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "IncidentUpdate" });

export const Incident = z
  .strictObject({
    id: UuidOut,
    name: z.string(),
    severity: Severity,
    services: z.array(Service),
    incidentUpdates: z.array(IncidentUpdate).meta({ description: "Newest first" }),
    lastUpdateStatus: UpdateStatus,
    duration: z.number().int().nullable().meta({ description: "Seconds from the first update to the resolving one; null while open" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "Incident" });

export const IncidentPage = CursorPage(Incident, "IncidentPage");
export const IncidentUpdateList = z.array(IncidentUpdate).max(100).meta({ id: "IncidentUpdateList" });

export const UpdateParams = z.object({ id: Uuid, updateId: Uuid });
export const LegacyUpdateParams = z.object({ incidentId: Uuid, id: Uuid });
