import type { ImpactStatus, Incident, IncidentImpact, IncidentUpdate, Service, Severity, UpdateStatus } from "@/lib/db/types";
import { severityToStatus, statusRank } from "@/lib/status";
import type { AffectedComponent } from "./types";

type UpdateFacts = Pick<IncidentUpdate, "status" | "public_incident_update_date" | "created_at" | "id">;

/**
 * An incident's updates in posting order, each at the public time it stands for, never later than the
 * one posted after it: the latest update's time is the truth (a resolution backdated to when the fix
 * went in closes the incident then). The incident row, status and uptime all read this one timeline.
 */
export function postedTimeline(updates: UpdateFacts[]): { status: UpdateStatus; at: number }[] {
  if (updates.length === 0) throw new Error("an incident has at least one update");
  const byPosting = [...updates].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
  const out = byPosting.map((u) => ({ status: u.status, at: u.public_incident_update_date }));
  for (let i = out.length - 2; i >= 0; i--) out[i].at = Math.min(out[i].at, out[i + 1].at);
  return out;
}

/** The incident columns that follow from its updates: the latest posted update decides open or resolved. */
export function deriveFromUpdates(updates: UpdateFacts[]): {
  last_update_status: UpdateStatus;
  started_at: number;
  resolved_at: number | null;
} {
  const timeline = postedTimeline(updates);
  const latest = timeline[timeline.length - 1];
  return {
    last_update_status: latest.status,
    started_at: timeline[0].at,
    resolved_at: latest.status === "RESOLVED" ? latest.at : null,
  };
}

/** Seconds from the first update to the resolving one; null while open. */
export function incidentDuration(startedAt: number, resolvedAt: number | null): number | null {
  return resolvedAt === null ? null : Math.round((resolvedAt - startedAt) / 1000);
}

/**
 * What every public surface says an incident affects: a v1 incident's services at its severity; a v3
 * incident's components at their open window's status, or at their worst once every window ended.
 */
export function affectedComponents(
  incident: Pick<Incident, "severity">,
  services: Pick<Service, "id" | "name">[],
  impacts: (Pick<IncidentImpact, "component_id" | "status" | "ended_at"> & { component_name: string })[],
): AffectedComponent[] {
  if (impacts.length === 0) return services.map((s) => ({ id: s.id, name: s.name, status: severityToStatus(incident.severity) }));
  const byComponent = new Map<string, AffectedComponent & { open: boolean }>();
  for (const w of impacts) {
    const seen = byComponent.get(w.component_id);
    const open = w.ended_at === null;
    // An open window is the truth now; among ended ones the worst is what the visitor should read.
    if (!seen || (open && !seen.open) || (open === seen.open && statusRank(w.status) > statusRank(seen.status))) {
      byComponent.set(w.component_id, { id: w.component_id, name: w.component_name, status: w.status, open });
    }
  }
  return [...byComponent.values()].map(({ open: _o, ...c }) => c).sort((a, b) => a.name.localeCompare(b.name));
}

const SEVERITY_OF_IMPACT: Record<ImpactStatus, Severity> = {
  MAJOR_OUTAGE: "MAJOR",
  PARTIAL_OUTAGE: "MEDIUM",
  DEGRADED_PERFORMANCE: "MINOR",
  UNDER_MAINTENANCE: "MINOR",
};

/**
 * The v1 severity a v3 incident is stored with: its worst impact window ever (MINOR with none). No v3
 * answer shows it; the column is NOT NULL and surfaces that speak in one severity per incident read it.
 */
export function severityOfImpacts(statuses: Iterable<ImpactStatus>): Severity {
  let worst: ImpactStatus | null = null;
  for (const s of statuses) if (worst === null || statusRank(s) > statusRank(worst)) worst = s;
  return worst === null ? "MINOR" : SEVERITY_OF_IMPACT[worst];
}
