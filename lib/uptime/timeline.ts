import { STATUS_ORDER, statusRank } from "../status/derive";
import { incidentImpactsOn, maintenanceCovers } from "../status/intervals";
import type { IncidentSpan, MaintenanceSpan, ServiceStatus } from "../status/types";

export const MINUTE_MS = 60_000;

/** A stretch of time with one effective (worst) non-operational status; half-open [from, to). */
export interface Segment {
  from: number;
  to: number;
  status: ServiceStatus;
}

/**
 * Downtime weight in tenths: major outage counts fully, partial outage at 30 %, the rest not at all.
 * Integer tenths keep sums exact (0.3 is not representable in binary floating point).
 */
export function downtimeTenths(status: ServiceStatus): number {
  if (status === "MAJOR_OUTAGE") return 10;
  if (status === "PARTIAL_OUTAGE") return 3;
  return 0;
}

/**
 * Non-operational segments of one service clipped to [from, to): sorted, disjoint, adjacent equal statuses merged.
 * A sweep over interval boundaries keeps one counter per status, so overlaps count once at the worst status
 * and an incident overlapping maintenance still shows as the outage.
 */
export function serviceTimeline(
  serviceId: string,
  incidents: IncidentSpan[],
  maintenance: MaintenanceSpan[],
  from: number,
  to: number,
): Segment[] {
  const events: { t: number; rank: number; delta: 1 | -1 }[] = [];
  const add = (start: number, end: number | null, rank: number) => {
    const s = Math.max(start, from);
    const e = Math.min(end ?? Infinity, to);
    if (s < e) events.push({ t: s, rank, delta: 1 }, { t: e, rank, delta: -1 });
  };
  for (const incident of incidents) {
    for (const w of incidentImpactsOn(incident, serviceId)) add(w.from, w.to, statusRank(w.status));
  }
  const maintenanceRank = statusRank("UNDER_MAINTENANCE");
  for (const m of maintenance) if (maintenanceCovers(m, serviceId)) add(m.startsAt, m.endsAt, maintenanceRank);

  events.sort((a, b) => a.t - b.t);
  const counts = STATUS_ORDER.map(() => 0);
  const segments: Segment[] = [];
  let i = 0;
  while (i < events.length) {
    const t = events[i].t;
    while (i < events.length && events[i].t === t) counts[events[i].rank] += events[i++].delta;
    if (i === events.length) break;
    let rank = counts.length - 1;
    while (rank > 0 && counts[rank] === 0) rank--;
    if (rank === 0) continue;
    const status = STATUS_ORDER[rank];
    const last = segments.at(-1);
    if (last && last.to === t && last.status === status) last.to = events[i].t;
    else segments.push({ from: t, to: events[i].t, status });
  }
  return segments;
}
