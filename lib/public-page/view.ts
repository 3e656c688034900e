import type { AffectedComponent, IncidentView } from "@/lib/incidents/types";
import { severityToStatus, statusLabel, worstStatus, type ServiceStatus } from "@/lib/status";
import { statusOrNoDataLabel } from "@/lib/status/labels";
import type { DayUptime } from "@/lib/uptime";
import { lastDays, monthsBack } from "@/lib/time/days";
import { formatDateTime, formatDayKey, formatMonthKey, UTC_STYLE } from "@/lib/time/format";

/* Pure formatting and grouping for the public pages (unit-tested in tests/unit/public-page). */

/** Never rounds a day with downtime up to 100 %. */
export function formatUptime(v: number | null): string {
  if (v === null) return "No data";
  if (v >= 100) return "100%";
  return `${(Math.floor(v * 100) / 100).toFixed(2)}%`;
}

// The words for states live in one module (lib/status/labels.ts); re-exported for the callers of this one.
export { severityLabel, updateStatusLabel } from "@/lib/status/labels";

/** A v3 incident (a page's own) has no severity: what it does is said per component, over time. */
export const hasComponentImpacts = (view: Pick<IncidentView, "incident" | "impacts">) => view.incident.status_page_id !== null || view.impacts.length > 0;

/**
 * How bad an incident is, as one status (colours, pills, feeds): a v1 incident's severity; a v3 incident's
 * worst affected component (operational when it affects none on this page).
 */
export function incidentImpactStatus(view: Pick<IncidentView, "incident" | "impacts" | "components">): ServiceStatus {
  return hasComponentImpacts(view) ? worstStatus(view.components.map((c) => c.status)) : severityToStatus(view.incident.severity);
}

/** "API — Partial outage": a component and what the incident does to it. */
export const impactText = (c: Pick<AffectedComponent, "name" | "status">) => `${c.name} — ${statusLabel(c.status)}`;

export interface ImpactStretch {
  id: string;
  componentId: string;
  name: string;
  status: ServiceStatus;
  from: number;
  /** null while it lasts */
  to: number | null;
}

/** A v3 incident's impact windows in order (start, then component name), named; empty for a v1 incident. */
export function impactHistory(view: Pick<IncidentView, "impacts" | "components">): ImpactStretch[] {
  const names = new Map(view.components.map((c) => [c.id, c.name]));
  return view.impacts
    .map((w) => ({ id: w.id, componentId: w.component_id, name: names.get(w.component_id) ?? "", status: w.status, from: w.started_at, to: w.ended_at }))
    .filter((w) => w.name !== "")
    .sort((a, b) => a.from - b.from || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
}



/** "20 Nov 2026, 14:05 UTC" (lib/time/format prints in a page's zone: `formatDateTime(ms, pageTimeStyle(page))`). */
export const formatUtc = (ms: number): string => formatDateTime(ms, UTC_STYLE);

/** "20 November 2026" for a YYYY-MM-DD day. */
export const formatDay = (day: string): string => formatDayKey(day);

export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return `${hours} h${rest ? ` ${rest} min` : ""}`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

/** "45 min", "2 h 10 min": how long an impact lasted within one day. */
export function formatMinutes(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
}

/**
 * The accessible label and tooltip of one uptime bar: the day, its worst status and how long it cost
 * (downtime counts a major outage fully and a partial one at 30 %, as the uptime does), the day's uptime,
 * its incidents and maintenance.
 */
export function dayLabel(d: DayUptime, incidentNames: ReadonlyMap<string, string>): string {
  const date = formatDay(d.day);
  if (d.uptime === null) return `${date}: ${statusOrNoDataLabel("NO_DATA")}`;
  const names = d.incidentIds.map((id) => incidentNames.get(id)).filter((n): n is string => !!n);
  const count = d.incidentIds.length;
  let text = `${date}: ${statusLabel(d.worst ?? "OPERATIONAL")}`;
  if (d.downtimeMinutes > 0) text += ` (${formatMinutes(d.downtimeMinutes)} downtime)`;
  text += ` · ${formatUptime(d.uptime)} uptime`;
  if (count > 0) text += ` · ${count} incident${count === 1 ? "" : "s"}${names.length ? `: ${names.slice(0, 3).join("; ")}${names.length > 3 ? " …" : ""}` : ""}`;
  if (d.maintenanceMinutes > 0) text += ` · ${formatMinutes(d.maintenanceMinutes)} maintenance`;
  return text;
}

/**
 * How many days back the home page lists incidents ("past incidents"); the home page's lean read
 * (loadRecentSnapshot) loads exactly the incidents these days need.
 */
export const RECENT_INCIDENT_DAYS = 14;

/** The last `days` days of the page's zone, newest first, each with the incidents that started on it (newest first). */
export function groupIncidentsByDay(incidents: IncidentView[], now: number, days = RECENT_INCIDENT_DAYS, zone = "UTC"): { day: string; incidents: IncidentView[] }[] {
  return lastDays(now, days, zone)
    .slice()
    .reverse()
    .map(({ day, start, end }) => ({
      day,
      incidents: incidents.filter((v) => v.incident.started_at >= start && v.incident.started_at < end).sort((a, b) => b.incident.started_at - a.incident.started_at),
    }));
}

export interface MaintenanceOccurrence {
  id: number;
  name: string;
  description: string | null;
  startsAt: number;
  endsAt: number;
  serviceIds: string[] | "ALL";
  showAffectedServices: boolean;
}

/** By state when the occurrence carries one (lib/maintenance/state.ts), else by the clock. */
export function splitMaintenance<T extends MaintenanceOccurrence & { status?: string }>(list: T[], now: number) {
  const byStart = [...list].sort((a, b) => a.startsAt - b.startsAt);
  const phase = (m: T) =>
    m.status === undefined ? (m.startsAt > now ? "upcoming" : m.endsAt <= now ? "completed" : "active") : m.status === "SCHEDULED" ? "upcoming" : m.status === "COMPLETED" ? "completed" : "active";
  return {
    active: byStart.filter((m) => phase(m) === "active"),
    upcoming: byStart.filter((m) => phase(m) === "upcoming"),
    completed: byStart.filter((m) => phase(m) === "completed").reverse(),
  };
}

/** An incident as a page shows it: only the services that are on that page (others belong to other pages). */
export function onPage(view: IncidentView, pageServiceIds: ReadonlySet<string>): IncidentView {
  return { ...view, services: view.services.filter((s) => pageServiceIds.has(s.id)), components: view.components.filter((c) => pageServiceIds.has(c.id)), impacts: view.impacts.filter((w) => pageServiceIds.has(w.component_id)) };
}

export interface HistoryMonth {
  /** YYYY-MM */
  key: string;
  label: string;
  start: number;
  end: number;
}

export const MONTHS_PER_HISTORY_PAGE = 3;

/** The months of history page `page` (1 = the current month and the two before it) in the page's zone, newest first. */
export function historyMonths(page: number, now: number, perPage = MONTHS_PER_HISTORY_PAGE, zone = "UTC"): HistoryMonth[] {
  return monthsBack(now, (page - 1) * perPage, perPage, zone).map((m) => ({ key: m.key, label: formatMonthKey(m.key), start: m.start, end: m.end }));
}

/** `?page=` of the history: a positive integer up to 1200 (a century of quarters is plenty), else null. */
export function parseHistoryPage(raw: string | string[] | undefined): number | null {
  if (raw === undefined) return 1;
  if (typeof raw !== "string" || !/^[1-9]\d{0,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 1200 ? n : null;
}
