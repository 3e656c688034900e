import { incidentImpactsOn, isOpenAt, maintenanceCovers } from "./intervals";
import type { IncidentSpan, MaintenanceSpan, ServiceStatus } from "./types";
export { severityToStatus } from "./severity";

/** Statuses from best to worst; the index is the rank used for "worst of". */
export const STATUS_ORDER: readonly ServiceStatus[] = [
  "OPERATIONAL",
  "UNDER_MAINTENANCE",
  "DEGRADED_PERFORMANCE",
  "PARTIAL_OUTAGE",
  "MAJOR_OUTAGE",
];

/** Higher is worse: OPERATIONAL 0 < UNDER_MAINTENANCE 1 < DEGRADED 2 < PARTIAL 3 < MAJOR 4. */
export function statusRank(s: ServiceStatus): number {
  return STATUS_ORDER.indexOf(s);
}

export function worstStatus(statuses: ServiceStatus[]): ServiceStatus {
  let worst: ServiceStatus = "OPERATIONAL";
  for (const s of statuses) if (statusRank(s) > statusRank(worst)) worst = s;
  return worst;
}

/**
 * Any incident open at `at` decides the status (even MINOR beats maintenance, matching the rank order);
 * only with no open incident does a covering maintenance window in progress [startsAt, endsAt) apply.
 */
export function serviceStatusAt(
  serviceId: string,
  incidents: IncidentSpan[],
  maintenance: MaintenanceSpan[],
  at: number,
): ServiceStatus {
  const open: ServiceStatus[] = [];
  for (const incident of incidents) {
    for (const w of incidentImpactsOn(incident, serviceId)) if (isOpenAt(w, at)) open.push(w.status);
  }
  if (open.length > 0) return worstStatus(open);
  const inMaintenance = maintenance.some((m) => maintenanceCovers(m, serviceId) && m.startsAt <= at && at < m.endsAt);
  return inMaintenance ? "UNDER_MAINTENANCE" : "OPERATIONAL";
}
