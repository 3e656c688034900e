import type { Severity, UpdateStatus } from "@/lib/db/types";
import type { ServiceStatus } from "@/lib/status/types";
import type { SpComponentStatus, SpImpact, SpIndicator } from "./schema";

/** Heliograph's service statuses have exact Statuspage twins. */
export function componentStatus(s: ServiceStatus): SpComponentStatus {
  return s.toLowerCase() as SpComponentStatus;
}

/**
 * Statuspage has three impacts for our four severities. MEDIUM puts a service in partial outage, and
 * Statuspage itself derives impact "major" from partial-outage components, so MEDIUM maps to major.
 */
export const SEVERITY_IMPACT: Record<Severity, Exclude<SpImpact, "none">> = {
  CRITICAL: "critical",
  MAJOR: "major",
  MEDIUM: "major",
  MINOR: "minor",
};

/**
 * A v3 incident has no severity: Statuspage rates such an incident by its worst component, major outage
 * critical, partial outage major, degraded performance minor; maintenance alone is no incident impact.
 */
export const STATUS_IMPACT: Record<ServiceStatus, SpImpact> = {
  OPERATIONAL: "none",
  UNDER_MAINTENANCE: "none",
  DEGRADED_PERFORMANCE: "minor",
  PARTIAL_OUTAGE: "major",
  MAJOR_OUTAGE: "critical",
};

const IMPACT_RANK: Record<SpImpact, number> = { none: 0, minor: 1, major: 2, critical: 3 };

export function worstImpact(impacts: SpImpact[]): SpIndicator {
  let worst: SpImpact = "none";
  for (const i of impacts) if (IMPACT_RANK[i] > IMPACT_RANK[worst]) worst = i;
  return worst;
}

export function incidentStatus(s: UpdateStatus): "investigating" | "identified" | "monitoring" | "resolved" {
  return s.toLowerCase() as "investigating" | "identified" | "monitoring" | "resolved";
}

/** Descriptions as Statuspage words its status rollup. */
export const STATUS_DESCRIPTION: Record<ServiceStatus, string> = {
  OPERATIONAL: "All Systems Operational",
  UNDER_MAINTENANCE: "Service Under Maintenance",
  DEGRADED_PERFORMANCE: "Partially Degraded Service",
  PARTIAL_OUTAGE: "Partial System Outage",
  MAJOR_OUTAGE: "Major System Outage",
};

/** Used when a page is degraded without an unresolved incident to take the impact from. */
export const STATUS_INDICATOR: Record<ServiceStatus, SpIndicator> = {
  OPERATIONAL: "none",
  UNDER_MAINTENANCE: "none",
  DEGRADED_PERFORMANCE: "minor",
  PARTIAL_OUTAGE: "major",
  MAJOR_OUTAGE: "major",
};
