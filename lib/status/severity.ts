import type { ServiceStatus, Severity } from "./types";

/** A v1 incident's one severity as the status of every service it affects. */
export function severityToStatus(sev: Severity): ServiceStatus {
  switch (sev) {
    case "CRITICAL":
    case "MAJOR":
      return "MAJOR_OUTAGE";
    case "MEDIUM":
      return "PARTIAL_OUTAGE";
    case "MINOR":
      return "DEGRADED_PERFORMANCE";
  }
}
