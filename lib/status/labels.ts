import type { ServiceStatus } from "./types";

const STATUS_LABELS: Record<ServiceStatus, string> = {
  OPERATIONAL: "Operational",
  DEGRADED_PERFORMANCE: "Degraded performance",
  PARTIAL_OUTAGE: "Partial outage",
  MAJOR_OUTAGE: "Major outage",
  UNDER_MAINTENANCE: "Under maintenance",
};

const BANNER_TEXTS: Record<ServiceStatus, string> = {
  ...STATUS_LABELS,
  OPERATIONAL: "All systems operational",
};

export function statusLabel(s: ServiceStatus): string {
  return STATUS_LABELS[s];
}

export function pageBannerText(s: ServiceStatus): string {
  return BANNER_TEXTS[s];
}
