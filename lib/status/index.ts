export type { ImpactWindow, IncidentSpan, MaintenanceSpan, OpenInterval, ServiceStatus, Severity, UpdateStatus } from "./types";
export { STATUS_ORDER, serviceStatusAt, severityToStatus, statusRank, worstStatus } from "./derive";
export {
  incidentImpactsOn,
  incidentOpenIntervals,
  isOpenAt,
  maintenanceCovers,
  openIntervalsFromUpdates,
} from "./intervals";
export { pageBannerText, severityLabel, statusLabel } from "./labels";
