import type { Severity, UpdateStatus } from "@/lib/db/types";
import type { AffectedComponent, IncidentView } from "@/lib/incidents/types";
import { severityToStatus, statusLabel, worstStatus, type ServiceStatus } from "@/lib/status";
import type { DayUptime } from "@/lib/uptime";

/** Pure formatting and grouping for the public pages (unit-tested in tests/unit/public-page). */
export const DAY_MS = 86_400_000;

/** Never rounds a day with downtime up to 100 %. */
export function formatUptime(v: number | null): string {
  if (v === null) return "No data";
  if (v >= 100) return "100%";
  return `${(Math.floor(v * 100) / 100).toFixed(2)}%`;
}

const SEVERITY_LABELS: Record<Severity, string> = { CRITICAL: "Critical", MAJOR: "Major", MEDIUM: "Medium", MINOR: "Minor" };
export const severityLabel = (s: Severity) => SEVERITY_LABELS[s];

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

const UPDATE_LABELS: Record<UpdateStatus, string> = { INVESTIGATING: "Investigating", IDENTIFIED: "Identified", MONITORING: "Monitoring", RESOLVED: "Resolved" };
export const updateStatusLabel = (s: UpdateStatus) => UPDATE_LABELS[s];

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "20 Nov 2026, 14:05 UTC": what visitors without JavaScript read; a client component swaps in local time. */
export function formatUtc(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()].slice(0, 3)} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** "20 November 2026" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return `${hours} h${rest ? ` ${rest} min` : ""}`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

/** The accessible label and tooltip of one uptime bar. */
export function dayLabel(d: DayUptime, incidentNames: ReadonlyMap<string, string>): string {
  if (d.uptime === null) return `${d.day}: no data`;
  const names = d.incidentIds.map((id) => incidentNames.get(id)).filter((n): n is string => !!n);
  const count = d.incidentIds.length;
  let text = `${d.day}: ${formatUptime(d.uptime)} uptime`;
  if (count === 0) text += ", no incidents";
  else text += `, ${count} incident${count === 1 ? "" : "s"}${names.length ? `: ${names.slice(0, 3).join("; ")}${names.length > 3 ? " …" : ""}` : ""}`;
  if (d.maintenanceMinutes > 0) text += `, ${Math.round(d.maintenanceMinutes)} min maintenance`;
  return text;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days, newest first, each with the incidents that started on it (newest first). */
export function groupIncidentsByDay(incidents: IncidentView[], now: number, days = 14): { day: string; incidents: IncidentView[] }[] {
  const out: { day: string; incidents: IncidentView[] }[] = [];
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (let i = 0; i < days; i++) {
    const day = utcDay(today - i * DAY_MS);
    const list = incidents.filter((v) => utcDay(v.incident.started_at) === day).sort((a, b) => b.incident.started_at - a.incident.started_at);
    out.push({ day, incidents: list });
  }
  return out;
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

export function splitMaintenance<T extends MaintenanceOccurrence>(list: T[], now: number) {
  const byStart = [...list].sort((a, b) => a.startsAt - b.startsAt);
  return {
    active: byStart.filter((m) => m.startsAt <= now && now < m.endsAt),
    upcoming: byStart.filter((m) => m.startsAt > now),
    completed: byStart.filter((m) => m.endsAt <= now).reverse(),
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

/** The months of history page `page` (1 = the current month and the two before it), newest first. */
export function historyMonths(page: number, now: number, perPage = MONTHS_PER_HISTORY_PAGE): HistoryMonth[] {
  const d = new Date(now);
  const out: HistoryMonth[] = [];
  for (let i = 0; i < perPage; i++) {
    const offset = (page - 1) * perPage + i;
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - offset, 1);
    const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - offset + 1, 1);
    const s = new Date(start);
    out.push({ key: `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}`, label: `${MONTHS[s.getUTCMonth()]} ${s.getUTCFullYear()}`, start, end });
  }
  return out;
}

/** The history page number of a query string (repeated ?page= is invalid). */
export function historyPageOf(params: URLSearchParams): number | null {
  const all = params.getAll("page");
  return parseHistoryPage(all.length === 0 ? undefined : all.length === 1 ? all[0] : all);
}

/** `?page=` of the history: a positive integer up to 1200 (a century of quarters is plenty), else null. */
export function parseHistoryPage(raw: string | string[] | undefined): number | null {
  if (raw === undefined) return 1;
  if (typeof raw !== "string" || !/^[1-9]\d{0,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 1200 ? n : null;
}
