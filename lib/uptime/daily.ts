import { STATUS_ORDER, statusRank } from "../status/derive";
import { incidentImpactsOn } from "../status/intervals";
import type { IncidentSpan, MaintenanceSpan, ServiceStatus } from "../status/types";
import { lastDays, type ZonedDay } from "@/lib/time/days";
import { DEFAULT_ZONE } from "@/lib/time/zone";
import { MINUTE_MS, downtimeTenths, serviceTimeline } from "./timeline";

export interface DayUptime {
  /** YYYY-MM-DD in the page's zone */
  day: string;
  /** 0..100, null = no data (service did not exist yet, or no time of the day has elapsed) */
  uptime: number | null;
  worst: ServiceStatus | null;
  incidentIds: string[];
  /** weighted: major outage minutes + 30 % of partial outage minutes */
  downtimeMinutes: number;
  /** minutes whose effective status was maintenance (an overlapping incident takes those minutes) */
  maintenanceMinutes: number;
  /** minutes of the day that were observed: after service creation and up to `now`; the weight for overallUptime */
  observedMinutes: number;
}

interface ServiceHistory {
  serviceId: string;
  serviceCreatedAt: number;
  incidents: IncidentSpan[];
  maintenance: MaintenanceSpan[];
}

/** Tenths keep the 30 % weight exact, so e.g. 144 major minutes of 1440 give exactly 90. */
const uptimePercent = (observedMs: number, weightedTenths: number): number =>
  (100 * (10 * observedMs - weightedTenths)) / (10 * observedMs);

/**
 * Per-day uptime for the last `days` calendar days of `zone` (default UTC), oldest first; the last entry is
 * today (counted up to `now`). A DST day is as long as it really is (23 or 25 h), so its percentage is of that.
 */
export function dailyUptime(args: ServiceHistory & { now: number; days?: number; zone?: string; window?: readonly ZonedDay[] }): DayUptime[] {
  const { serviceId, serviceCreatedAt, incidents, maintenance, now } = args;
  const count = Math.max(0, Math.floor(args.days ?? 90));
  // `window`: those days when the caller has them already (a page asks for 200 components' days at one `now`).
  const days = args.window?.length === count ? args.window : lastDays(now, count, args.zone ?? DEFAULT_ZONE);
  const firstDay = days[0]?.start ?? now;
  const windowStart = Math.max(firstDay, serviceCreatedAt);
  const acc = Array.from({ length: count }, () => ({ tenths: 0, maintenanceMs: 0, worstRank: 0, ids: new Set<string>() }));
  // Index of the day holding t (days are sorted and contiguous); t lies inside the window.
  const dayIndex = (t: number) => {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (days[mid].start <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Visits every day overlapping [from, to) with the overlap length; [from, to) must lie inside the window.
  const eachDay = (from: number, to: number, visit: (i: number, overlapMs: number) => void) => {
    for (let i = dayIndex(from); i < count && days[i].start < to; i++) {
      visit(i, Math.min(to, days[i].end) - Math.max(from, days[i].start));
    }
  };

  if (windowStart < now) {
    for (const seg of serviceTimeline(serviceId, incidents, maintenance, windowStart, now)) {
      const rank = statusRank(seg.status);
      const weight = downtimeTenths(seg.status);
      eachDay(seg.from, seg.to, (i, ms) => {
        acc[i].tenths += weight * ms;
        if (seg.status === "UNDER_MAINTENANCE") acc[i].maintenanceMs += ms;
        acc[i].worstRank = Math.max(acc[i].worstRank, rank);
      });
    }
    for (const incident of incidents) {
      for (const iv of incidentImpactsOn(incident, serviceId)) {
        const from = Math.max(iv.from, windowStart);
        const to = Math.min(iv.to ?? Infinity, now);
        if (from < to) eachDay(from, to, (i) => acc[i].ids.add(incident.id));
      }
    }
  }

  return acc.map((a, i) => {
    const { day, start, end } = days[i];
    const observedMs = Math.max(0, Math.min(end, now) - Math.max(start, serviceCreatedAt));
    if (observedMs === 0) {
      return { day, uptime: null, worst: null, incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 0 };
    }
    return {
      day,
      uptime: uptimePercent(observedMs, a.tenths),
      worst: STATUS_ORDER[a.worstRank],
      incidentIds: [...a.ids],
      downtimeMinutes: a.tenths / 10 / MINUTE_MS,
      maintenanceMinutes: a.maintenanceMs / MINUTE_MS,
      observedMinutes: observedMs / MINUTE_MS,
    };
  });
}

/** Uptime over all days with data, weighted by observed time (a partial creation day or today weighs less). */
export function overallUptime(days: DayUptime[]): number | null {
  let observed = 0;
  let downtime = 0;
  for (const d of days) {
    if (d.uptime === null) continue;
    observed += d.observedMinutes;
    downtime += d.downtimeMinutes;
  }
  return observed > 0 ? (100 * (observed - downtime)) / observed : null;
}

/** Plain mean of the values that have data (e.g. card uptime from its services); null if none do. */
export function meanUptime(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length > 0 ? present.reduce((sum, v) => sum + v, 0) / present.length : null;
}

/** Exact minute-weighted uptime over [from, to) for 24h/7d/30d badges; null if the service did not exist in it. */
export function uptimeOverWindow(args: ServiceHistory & { from: number; to: number }): number | null {
  const start = Math.max(args.from, args.serviceCreatedAt);
  if (start >= args.to) return null;
  let tenths = 0;
  for (const seg of serviceTimeline(args.serviceId, args.incidents, args.maintenance, start, args.to)) {
    tenths += downtimeTenths(seg.status) * (seg.to - seg.from);
  }
  return uptimePercent(args.to - start, tenths);
}

/** statusRank by lookup: groupDays asks 18,000 times a render (200 components, 90 days). */
const RANK = new Map(STATUS_ORDER.map((s, i) => [s, i]));

/**
 * A group's days from its components' (same days, same order): the worst status of any of them, the mean
 * uptime of those with data, and every incident of the day. One pass per day without intermediate arrays:
 * a page of 200 components ran this for every render.
 */
const sameQuietDay = (d: DayUptime) =>
  (d.uptime === null || d.uptime === 100) && d.incidentIds.length === 0 && d.downtimeMinutes === 0 && d.maintenanceMinutes === 0 && Number.isInteger(d.observedMinutes);

/**
 * `keep`: the components' days are the objects stored strips hand out (the same at every render), so a group's
 * day may be kept by them (below). Days derived afresh (the full read) would only fill the memo with garbage.
 */
export function groupDays(children: DayUptime[][], keep = false): DayUptime[] {
  if (children.length === 0) return [];
  return children[0].map((first, i) => {
    // Every child on the very same day object (stored strips lend quiet days, lib/uptime/strips.ts), fully up or
    // without data over whole minutes: the group's day is that day, exactly as the sums below would make it (sums
    // of equal integers divided back are exact; of other numbers they need not be).
    if (sameQuietDay(first) && children.every((c) => c[i] === first)) return first;
    const key = keep && children.length >= KEEP_FROM ? keyDay(children, i) : undefined;
    return key ? keptGroupDay(children, i, key) : sumDay(children, i);
  });
}

/*
 * A group's day kept by the (immutable, shared) day objects it was summed from: stored strips hand each render the same
 * objects, so a re-render compares by reference instead of summing (~1.5 ms a render at 200 components). Held weakly by
 * its first non-quiet component day (quiet days are shared by all); an all-quiet day has no key and is cheap to sum.
 */
const GROUPS_PER_KEY = 4;
/*
 * Only groups this large are kept: summing a few days costs less than keeping them, and a server of many small
 * pages would hold an entry for most of their days (the mixed-load benchmark's 1,000 pages of one or two components:
 * peak RSS 442 -> 536 MB when every group was kept).
 */
const KEEP_FROM = 8;
const grouped = new WeakMap<DayUptime, { of: DayUptime[]; day: DayUptime }[]>();

/** The first component's day that is not quiet: what the group's day is kept by (none when all are quiet). */
function keyDay(children: DayUptime[][], i: number): DayUptime | undefined {
  for (const c of children) if (!sameQuietDay(c[i])) return c[i];
  return undefined;
}

/** The group's day kept under `key` for these very day objects, or summed now and kept. */
function keptGroupDay(children: DayUptime[][], i: number, key: DayUptime): DayUptime {
  const kept = grouped.get(key) ?? [];
  const found = kept.find((k) => k.of.length === children.length && children.every((c, j) => c[i] === k.of[j]));
  if (found) return found.day;
  const day = sumDay(children, i);
  kept.unshift({ of: children.map((c) => c[i]), day });
  if (kept.length > GROUPS_PER_KEY) kept.length = GROUPS_PER_KEY;
  grouped.set(key, kept);
  return day;
}

function sumDay(children: DayUptime[][], i: number): DayUptime {
  const first = children[0][i];
  let n = 0;
  let uptime = 0;
  let downtime = 0;
  let maintenance = 0;
  let observed = 0;
  let worstRank = 0;
  let ids: Set<string> | null = null;
  for (const c of children) {
    const d = c[i];
    if (d.uptime === null) continue;
    n++;
    uptime += d.uptime;
    downtime += d.downtimeMinutes;
    maintenance += d.maintenanceMinutes;
    observed += d.observedMinutes;
    worstRank = Math.max(worstRank, RANK.get(d.worst ?? "OPERATIONAL")!);
    if (d.incidentIds.length > 0) for (const id of d.incidentIds) (ids ??= new Set()).add(id);
  }
  if (n === 0) return { ...first, uptime: null, worst: null, incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 0 };
  return {
    day: first.day,
    uptime: uptime / n,
    worst: STATUS_ORDER[worstRank],
    incidentIds: ids ? [...ids] : [],
    downtimeMinutes: downtime / n,
    maintenanceMinutes: maintenance / n,
    observedMinutes: observed / n,
  };
}
