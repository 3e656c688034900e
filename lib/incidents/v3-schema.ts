import { z } from "zod";
import { CursorPage } from "@/lib/http/pagination";
import { Timestamp, TimestampInput, Uuid, UuidOut } from "@/lib/http/wire";
import { IncidentName, IncidentUpdate, IncidentUpdateInput, UpdateStatus } from "./schema";

/** What a create or PUT may say a component is now; OPERATIONAL means no impact. */
export const ComponentImpactStatus = z
  .enum(["OPERATIONAL", "UNDER_MAINTENANCE", "DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE"])
  .meta({ id: "ComponentImpactStatus" });

/** What an impact window says (OPERATIONAL is the absence of a window). */
export const ImpactWindowStatus = z.enum(["UNDER_MAINTENANCE", "DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE"]).meta({ id: "ImpactWindowStatus" });

export const ComponentImpactInput = z
  .strictObject({
    componentId: Uuid.meta({ description: "A SERVICE component of this page" }),
    status: ComponentImpactStatus,
  })
  .meta({ id: "ComponentImpactInput" });

const ComponentImpacts = z
  .array(ComponentImpactInput)
  .max(200)
  .meta({ description: "Each component at most once; components left out are operational" });

/** The vendor's update mutation: unlike v1, `status` is required. */
export const IncidentUpdateV3Input = IncidentUpdateInput.extend({ status: UpdateStatus }).meta({ id: "IncidentUpdateV3Input" });

export const CreateIncidentV3Input = z
  .strictObject({
    name: IncidentName,
    componentImpacts: ComponentImpacts.optional(),
    incidentUpdates: z.array(IncidentUpdateV3Input).length(1, "must hold exactly one update"),
  })
  .meta({ id: "CreateIncidentV3Input" });

export const UpdateIncidentV3Input = z
  .strictObject({
    name: IncidentName,
    componentImpacts: ComponentImpacts.optional().meta({
      description: "When present, each component whose status changed gets its open window closed now and a new one opened (none for OPERATIONAL); when absent, impacts stay",
    }),
  })
  .meta({ id: "UpdateIncidentV3Input" });

export const ImpactWindowInput = z
  .strictObject({
    componentId: Uuid.meta({ description: "A SERVICE component of this page" }),
    status: ImpactWindowStatus,
    startedAt: TimestampInput,
    endedAt: TimestampInput.nullable()
      .optional()
      .meta({ description: "Not before startedAt, nor after now while the incident is open; null (or absent) keeps the window open, on an unresolved incident only. Resolving the incident ends every window at the resolution's time" }),
  })
  .meta({ id: "ImpactWindowInput" });

export const ReplaceComponentImpactsInput = z
  .strictObject({
    componentImpacts: z.array(ImpactWindowInput).max(1000).meta({ description: "The whole impact history; windows of one component must not overlap" }),
  })
  .meta({ id: "ReplaceComponentImpactsInput" });

export const ComponentImpact = z
  .strictObject({
    componentId: UuidOut,
    status: ImpactWindowStatus,
    startedAt: Timestamp,
    endedAt: Timestamp.nullable().meta({ description: "null while the window is open" }),
  })
  .meta({ id: "ComponentImpact" });

// The v1 update without `updated_at`, as the vendor's v3 shape lists it.
export const IncidentUpdateV3 = IncidentUpdate.omit({ updated_at: true }).meta({ id: "IncidentUpdateV3" });

const incidentV3Fields = {
  id: UuidOut,
  statusPageId: UuidOut,
  name: z.string(),
  lastUpdateStatus: UpdateStatus,
  duration: z.number().int().nullable().meta({ description: "Seconds from the first update to the resolving one; null while open" }),
  componentImpacts: z.array(ComponentImpact).meta({ description: "The impact windows, oldest first" }),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const IncidentV3ListItem = z.strictObject(incidentV3Fields).meta({ id: "IncidentV3ListItem" });

export const IncidentV3 = z
  .strictObject({ ...incidentV3Fields, incidentUpdates: z.array(IncidentUpdateV3).meta({ description: "Newest first" }) })
  .meta({ id: "IncidentV3" });

export const IncidentsV3Paginated = CursorPage(IncidentV3ListItem, "IncidentsV3Paginated");
export const IncidentUpdatesV3 = z.array(IncidentUpdateV3).max(100).meta({ id: "IncidentUpdatesV3" });

export const PageIncidentsParams = z.object({ statusPageId: Uuid });
export const IncidentV3Params = z.object({ statusPageId: Uuid, incidentId: Uuid });
export const IncidentUpdateV3Params = z.object({ statusPageId: Uuid, incidentId: Uuid, incidentUpdateId: Uuid });
