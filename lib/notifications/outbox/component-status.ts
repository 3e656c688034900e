import type { ImpactStatus, Severity } from "@/lib/db/types";
import { incidentImpactsOn, isOpenAt, serviceStatusAt, type IncidentSpan, type MaintenanceSpan, type ServiceStatus } from "@/lib/status";
import { SEVERITY_IMPACT, STATUS_IMPACT, STATUS_INDICATOR, worstImpact } from "@/lib/statuspage-compat/mapping";
import type { SpImpact, SpIndicator } from "@/lib/statuspage-compat/schema";

/* Pure: components' derived statuses from the incidents open on them, the way the public page derives them. */

/** Rows of `openImpactsOn` (lib/notifications/outbox/snapshot-queries.ts). */
export interface OpenImpactRows {
  incidents: { id: string; severity: Severity; started_at: number; resolved_at: number | null; service_id: string }[];
  windows: { incident_id: string; severity: Severity; started_at: number; resolved_at: number | null; component_id: string; status: ImpactStatus; window_started_at: number; ended_at: number | null }[];
}

/** Incident spans as lib/status reads them: a v1 incident by its services, a v3 one by its (open) impact windows. */
export function spansOf(rows: OpenImpactRows): IncidentSpan[] {
  const byId = new Map<string, IncidentSpan>();
  const spanOf = (r: { severity: Severity; started_at: number; resolved_at: number | null }, id: string) => {
    let s = byId.get(id);
    if (!s) byId.set(id, (s = { id, severity: r.severity, serviceIds: [], startedAt: r.started_at, resolvedAt: r.resolved_at }));
    return s;
  };
  for (const r of rows.incidents) spanOf(r, r.id).serviceIds.push(r.service_id);
  for (const w of rows.windows) (spanOf(w, w.incident_id).impacts ??= []).push({ componentId: w.component_id, status: w.status, from: w.window_started_at, to: w.ended_at });
  return [...byId.values()];
}

export function statusesAt(ids: readonly string[], spans: IncidentSpan[], maintenance: MaintenanceSpan[], at: number): Map<string, ServiceStatus> {
  return new Map(ids.map((id) => [id, serviceStatusAt(id, spans, maintenance, at)]));
}

/** Statuspage's page indicator, as its status.json rates it (lib/statuspage-compat): the worst open incident's impact. */
export function pageIndicator(status: ServiceStatus, componentIds: readonly string[], spans: IncidentSpan[], at: number): SpIndicator {
  if (status === "OPERATIONAL" || status === "UNDER_MAINTENANCE") return "none";
  const impacts: SpImpact[] = [];
  for (const span of spans) {
    for (const id of componentIds) {
      for (const w of incidentImpactsOn(span, id)) if (isOpenAt(w, at)) impacts.push(span.impacts ? STATUS_IMPACT[w.status] : SEVERITY_IMPACT[span.severity]);
    }
  }
  const worst = worstImpact(impacts);
  return worst === "none" ? STATUS_INDICATOR[status] : worst;
}
