import { z } from "zod";

/*
 * Wire shapes of Statuspage's public v2 API (https://<page>.statuspage.io/api/v2/*.json), written from
 * its published payloads. Strict: a field Statuspage does not send is an error, so tests catch drift.
 */

const iso = z.iso.datetime();
const isoOrNull = iso.nullable();

export const ComponentStatus = z.enum(["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"]);
export const IncidentImpact = z.enum(["none", "minor", "major", "critical"]);
export const IncidentStatus = z.enum(["investigating", "identified", "monitoring", "resolved", "postmortem"]);
export const MaintenanceStatus = z.enum(["scheduled", "in_progress", "verifying", "completed"]);
export const StatusIndicator = z.enum(["none", "minor", "major", "critical"]);

export const SpPage = z.strictObject({
  id: z.string(),
  name: z.string(),
  url: z.url(),
  time_zone: z.string(),
  updated_at: iso,
});

export const SpStatus = z.strictObject({ indicator: StatusIndicator, description: z.string() });

export const SpComponent = z.strictObject({
  id: z.string(),
  name: z.string(),
  status: ComponentStatus,
  created_at: iso,
  updated_at: iso,
  position: z.number().int().positive(),
  description: z.string().nullable(),
  showcase: z.boolean(),
  start_date: z.iso.date().nullable(),
  group_id: z.string().nullable(),
  page_id: z.string(),
  group: z.boolean(),
  only_show_if_degraded: z.boolean(),
  /** groups only: ids of their components */
  components: z.array(z.string()).optional(),
});

export const SpAffectedComponent = z.strictObject({
  code: z.string(),
  name: z.string(),
  old_status: ComponentStatus,
  new_status: ComponentStatus,
});

const updateFields = {
  id: z.string(),
  body: z.string(),
  incident_id: z.string(),
  created_at: iso,
  updated_at: iso,
  display_at: iso,
  affected_components: z.array(SpAffectedComponent).nullable(),
  deliver_notifications: z.boolean(),
  custom_tweet: z.string().nullable(),
  tweet_id: z.string().nullable(),
};

export const SpIncidentUpdate = z.strictObject({ ...updateFields, status: IncidentStatus });
export const SpMaintenanceUpdate = z.strictObject({ ...updateFields, status: MaintenanceStatus });

const incidentFields = {
  id: z.string(),
  name: z.string(),
  created_at: iso,
  updated_at: iso,
  monitoring_at: isoOrNull,
  resolved_at: isoOrNull,
  shortlink: z.url(),
  started_at: iso,
  page_id: z.string(),
  components: z.array(SpComponent),
};

export const SpIncident = z.strictObject({
  ...incidentFields,
  status: IncidentStatus,
  impact: IncidentImpact,
  incident_updates: z.array(SpIncidentUpdate),
});

export const SpScheduledMaintenance = z.strictObject({
  ...incidentFields,
  status: MaintenanceStatus,
  impact: z.literal("maintenance"),
  incident_updates: z.array(SpMaintenanceUpdate),
  scheduled_for: iso,
  scheduled_until: iso,
});

export const SpStatusResponse = z.strictObject({ page: SpPage, status: SpStatus });
export const SpComponentsResponse = z.strictObject({ page: SpPage, components: z.array(SpComponent) });
export const SpIncidentsResponse = z.strictObject({ page: SpPage, incidents: z.array(SpIncident) });
export const SpMaintenancesResponse = z.strictObject({ page: SpPage, scheduled_maintenances: z.array(SpScheduledMaintenance) });
export const SpSummaryResponse = z.strictObject({
  page: SpPage,
  components: z.array(SpComponent),
  incidents: z.array(SpIncident),
  scheduled_maintenances: z.array(SpScheduledMaintenance),
  status: SpStatus,
});

export type SpPage = z.infer<typeof SpPage>;
export type SpStatus = z.infer<typeof SpStatus>;
export type SpComponent = z.infer<typeof SpComponent>;
export type SpIncident = z.infer<typeof SpIncident>;
export type SpIncidentUpdate = z.infer<typeof SpIncidentUpdate>;
export type SpScheduledMaintenance = z.infer<typeof SpScheduledMaintenance>;
export type SpMaintenanceUpdate = z.infer<typeof SpMaintenanceUpdate>;
export type SpSummaryResponse = z.infer<typeof SpSummaryResponse>;
export type SpComponentStatus = z.infer<typeof ComponentStatus>;
export type SpImpact = z.infer<typeof IncidentImpact>;
export type SpIndicator = z.infer<typeof StatusIndicator>;
export type SpMaintenanceStatus = z.infer<typeof MaintenanceStatus>;
