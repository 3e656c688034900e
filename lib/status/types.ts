export type Severity = "CRITICAL" | "MAJOR" | "MEDIUM" | "MINOR";

export type UpdateStatus = "INVESTIGATING" | "IDENTIFIED" | "MONITORING" | "RESOLVED";

export type ServiceStatus =
  | "OPERATIONAL"
  | "DEGRADED_PERFORMANCE"
  | "PARTIAL_OUTAGE"
  | "MAJOR_OUTAGE"
  | "UNDER_MAINTENANCE";

/** A half-open time interval [from, to) in epoch milliseconds; `to: null` means still open. */
export interface OpenInterval {
  from: number;
  to: number | null;
}

/** One component's impact over one stretch of an incident: [from, to), `to: null` while it lasts. */
export interface ImpactWindow {
  componentId: string;
  status: ServiceStatus;
  from: number;
  to: number | null;
}

/**
 * An incident as status derivation needs it. Times are epoch milliseconds (UTC). A v3 incident carries its
 * impact windows; a v1 incident is projected onto windows from its severity, services and open intervals
 * (`incidentImpactsOn`), so status and uptime are computed one way for both kinds of page.
 */
export interface IncidentSpan {
  id: string;
  severity: Severity;
  /** the components (v1: services) it affects */
  serviceIds: string[];
  startedAt: number;
  /** null while unresolved */
  resolvedAt: number | null;
  /** optional full history for reopened incidents: alternating open/resolved intervals. If present, use it instead of startedAt/resolvedAt. */
  openIntervals?: OpenInterval[];
  /** per-component impact over time (v3); when present it alone says what the incident did */
  impacts?: ImpactWindow[];
}

/** One occurrence of a maintenance window (repeats already expanded). */
export interface MaintenanceSpan {
  id: number;
  serviceIds: string[] | "ALL";
  startsAt: number;
  endsAt: number;
}
