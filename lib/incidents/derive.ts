import type { IncidentUpdate, UpdateStatus } from "@/lib/db/types";

/**
 * The incident columns that follow from its updates. "Latest" is posting order, so a backdated
 * update does not reopen or resolve an incident by accident; times are the public dates shown to visitors.
 */
export function deriveFromUpdates(updates: Pick<IncidentUpdate, "status" | "public_incident_update_date" | "created_at" | "id">[]): {
  last_update_status: UpdateStatus;
  started_at: number;
  resolved_at: number | null;
} {
  if (updates.length === 0) throw new Error("an incident has at least one update");
  const byPosting = [...updates].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
  const latest = byPosting[byPosting.length - 1];
  const started_at = Math.min(...updates.map((u) => u.public_incident_update_date));
  return {
    last_update_status: latest.status,
    started_at,
    resolved_at: latest.status === "RESOLVED" ? Math.max(latest.public_incident_update_date, started_at) : null,
  };
}

/** Seconds from the first update to the resolving one; null while open. */
export function incidentDuration(startedAt: number, resolvedAt: number | null): number | null {
  return resolvedAt === null ? null : Math.round((resolvedAt - startedAt) / 1000);
}
