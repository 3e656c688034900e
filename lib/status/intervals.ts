import { severityToStatus } from "./severity";
import type { ImpactWindow, IncidentSpan, MaintenanceSpan, OpenInterval, UpdateStatus } from "./types";

/**
 * Open intervals of an incident from its update history: open from the first update until a RESOLVED update;
 * a later non-RESOLVED update reopens it. Updates are sorted by `at` (stable) so callers may pass them unordered.
 * A RESOLVED update while already resolved (including as the very first update) opens nothing.
 */
export function openIntervalsFromUpdates(updates: { status: UpdateStatus; at: number }[]): OpenInterval[] {
  const sorted = [...updates].sort((a, b) => a.at - b.at);
  const intervals: OpenInterval[] = [];
  let openFrom: number | null = null;
  for (const u of sorted) {
    if (u.status === "RESOLVED") {
      if (openFrom !== null) {
        intervals.push({ from: openFrom, to: u.at });
        openFrom = null;
      }
    } else if (openFrom === null) {
      openFrom = u.at;
    }
  }
  if (openFrom !== null) intervals.push({ from: openFrom, to: null });
  return intervals;
}

/** The intervals during which an incident was open; `openIntervals` (reopen history) wins over startedAt/resolvedAt. */
export function incidentOpenIntervals(incident: IncidentSpan): OpenInterval[] {
  return incident.openIntervals ?? [{ from: incident.startedAt, to: incident.resolvedAt }];
}

export function isOpenAt(interval: OpenInterval, at: number): boolean {
  return interval.from <= at && (interval.to === null || at < interval.to);
}

/**
 * What the incident did to one component, as impact windows: its own (v3), or its severity over every
 * interval it was open (v1). The one place where the two kinds of incident meet.
 */
export function incidentImpactsOn(incident: IncidentSpan, componentId: string): ImpactWindow[] {
  if (incident.impacts) return incident.impacts.filter((w) => w.componentId === componentId);
  if (!incident.serviceIds.includes(componentId)) return [];
  const status = severityToStatus(incident.severity);
  return incidentOpenIntervals(incident).map((iv) => ({ componentId, status, from: iv.from, to: iv.to }));
}

export function maintenanceCovers(window: MaintenanceSpan, serviceId: string): boolean {
  return window.serviceIds === "ALL" || window.serviceIds.includes(serviceId);
}
