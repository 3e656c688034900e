import type { IncidentUpdate, UpdateStatus } from "@/lib/db/types";

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
