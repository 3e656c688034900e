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

/** An incident as status derivation needs it. Times are epoch milliseconds (UTC). */
export interface IncidentSpan {
  id: string;
  severity: Severity;
  serviceIds: string[];
  startedAt: number;
  /** null while unresolved */
  resolvedAt: number | null;
  /** optional full history for reopened incidents: alternating open/resolved intervals. If present, use it instead of startedAt/resolvedAt. */
  openIntervals?: OpenInterval[];
}

/** One occurrence of a maintenance window (repeats already expanded). */
export interface MaintenanceSpan {
  id: number;
  serviceIds: string[] | "ALL";
  startsAt: number;
  endsAt: number;
}
