import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { loadIncidentViews } from "@/lib/incidents/service";
import { listWindowsForPage } from "@/lib/maintenance/shown";
import { loadPageMaintenance, maintenanceSpansOf, type PageMaintenance } from "./maintenance";
import { loadPageStructure, type PageStructure, type ShownComponent } from "@/lib/components/structure";
import { serviceStatusAt, worstStatus, type IncidentSpan, type MaintenanceSpan, type ServiceStatus } from "@/lib/status";
import { openIntervalsFromUpdates } from "@/lib/status/intervals";
import { dailyUptime, groupDays, meanUptime, overallUptime, type DayUptime } from "@/lib/uptime";
import type { IncidentView } from "@/lib/incidents/types";
import { postedTimeline } from "@/lib/incidents/derive";
import { zoneOf } from "@/lib/time/zone";
import { onPage, RECENT_INCIDENT_DAYS } from "./view";
import { listPageIncidentsSince } from "./queries";
import { deriveDays, derivedFrom, planStrips, storeStrips, type History } from "@/lib/uptime/strips";
import { lastDays } from "@/lib/time/days";
import type { Incident } from "@/lib/db/types";


/** A component (v1: a service) as the page shows it: status now and its 90 days. */
export interface ComponentSnapshot extends ShownComponent {
  status: ServiceStatus;
  uptime: number | null;
  days: DayUptime[];
}

/** A top-level entry: a group (v1: a card) summarising its components, or a component on its own. */
export interface EntrySnapshot extends ComponentSnapshot {
  kind: "group" | "component";
  children: ComponentSnapshot[];
}

export interface PageSnapshot {
  page: StatusPage;
  status: ServiceStatus;
  /** top-level entries in display order */
  entries: EntrySnapshot[];
  /** every component shown, each once, in display order */
  components: ComponentSnapshot[];
  /** unresolved incidents and those resolved in the last `days` (90) days, newest first (loadRecentSnapshot: the last
   * RECENT_INCIDENT_DAYS, and the updates only of those open or resolved within the days it derives) */
  incidents: IncidentView[];
  maintenance: PageMaintenance[];
  generatedAt: number;
}

export function incidentSpan(v: IncidentView): IncidentSpan {
  return {
    id: v.incident.id,
    severity: v.incident.severity,
    serviceIds: v.components.map((c) => c.id),
    startedAt: v.incident.started_at,
    resolvedAt: v.incident.resolved_at,
    // The same timeline the incident row was derived from (times never decrease, so the sort keeps its order).
    // A resolved incident read without its updates (loadRecentSnapshot's, resolved before the days it derives)
    // was open only before its resolution (no update is later than the resolving one): no interval there.
    openIntervals: v.updates.length === 0 && v.incident.resolved_at !== null ? [] : openIntervalsFromUpdates(postedTimeline(v.updates)),
    impacts: v.impacts.length > 0 ? v.impacts.map((w) => ({ componentId: w.component_id, status: w.status, from: w.started_at, to: w.ended_at })) : undefined,
  };
}

/**
 * Each component's incidents: those naming it (a v1 incident's services, a v3 incident's impacts). The status
 * and uptime functions ignore incidents not about the component they are asked for; handing each only its own
 * keeps a page of 200 components and 2,000 incidents from doing 400,000 of those checks per render.
 */
export function spansByComponent(spans: IncidentSpan[]): Map<string, IncidentSpan[]> {
  const out = new Map<string, IncidentSpan[]>();
  for (const span of spans) {
    const ids = new Set([...span.serviceIds, ...(span.impacts ?? []).map((w) => w.componentId)]);
    for (const id of ids) {
      const list = out.get(id);
      if (list) list.push(span);
      else out.set(id, [span]);
    }
  }
  return out;
}


export function maintenanceSpans(maintenance: PageMaintenance[]): MaintenanceSpan[] {
  return maintenanceSpansOf(maintenance);
}

/**
 * Everything a status page shows, read in a handful of queries and derived with the pure status and
 * uptime functions, the same way for v1 and v3 pages. The public page, its JSON, badges and feeds all
 * start from this snapshot.
 */
export async function loadPageSnapshot(db: Db, page: StatusPage, now = Date.now(), { days: dayCount = 90 }: { days?: number } = {}): Promise<PageSnapshot> {
  const structure = await loadPageStructure(db, page);
  const zone = zoneOf(page.timezone);
  // A day of margin: the oldest local day may begin up to 14 h before `now - days` UTC days.
  const since = now - (dayCount + 1) * DAY_MS;
  const [incidentRows, windows] = await Promise.all([listPageIncidentsSince(db, page.account_id, structure.scope, since), listWindowsForPage(db, page.account_id, page.id)]);
  const shownIds = new Set(structure.components.map((c) => c.id));
  const incidents = (await loadIncidentViews(db, incidentRows)).map((v) => onPage(v, shownIds));
  const spans = incidents.map(incidentSpan);
  const maintenance = await loadPageMaintenance(db, windows, since, now + 60 * DAY_MS, now);
  const mSpans = maintenanceSpans(maintenance);

  const spansOf = spansByComponent(spans);
  const snapshotOf = (c: ShownComponent): ComponentSnapshot => {
    const own = spansOf.get(c.id) ?? [];
    const days = dailyUptime({ serviceId: c.id, serviceCreatedAt: c.createdAt, incidents: own, maintenance: mSpans, now, days: dayCount, zone });
    return { ...c, status: serviceStatusAt(c.id, own, mSpans, now), uptime: overallUptime(days), days };
  };
  return assemble(page, structure, structure.components.map(snapshotOf), incidents, maintenance, now);
}

/** `keepGroups`: the days come from stored strips (the same objects at every render), see groupDays. */
function assemble(page: StatusPage, structure: PageStructure, components: ComponentSnapshot[], incidents: IncidentView[], maintenance: PageMaintenance[], now: number, keepGroups = false): PageSnapshot {
  const byId = new Map(components.map((c) => [c.id, c]));
  const entries: EntrySnapshot[] = structure.entries.map((e) => {
    if (e.kind === "component") return { ...byId.get(e.id)!, kind: "component", children: [] };
    const children = e.children.map((c) => byId.get(c.id)!);
    return { ...e, kind: "group", status: worstStatus(children.map((c) => c.status)), uptime: meanUptime(children.map((c) => c.uptime)), days: groupDays(children.map((c) => c.days), keepGroups), children };
  });
  return { page, status: worstStatus(components.map((c) => c.status)), entries, components, incidents, maintenance, generatedAt: now };
}

/** Incident rows as the page shows them (only its own components named); `timelineOf` as loadIncidentViews has it. */
async function shownViews(db: Db, rows: Incident[], shownIds: ReadonlySet<string>, timelineOf?: (incident: Incident) => boolean): Promise<IncidentView[]> {
  return (await loadIncidentViews(db, rows, timelineOf)).map((v) => onPage(v, shownIds));
}

const historyOf = (incidents: IncidentView[], maintenance: PageMaintenance[]): History => ({ spansOf: spansByComponent(incidents.map(incidentSpan)), maintenance: maintenanceSpans(maintenance) });

/**
 * The home page's lean read: loadPageSnapshot's status, entries and components' days and maintenance, but `incidents`
 * only those unresolved or resolved within RECENT_INCIDENT_DAYS in the page's zone. Complete days come from stored strips
 * (lib/uptime/strips.ts); a missing or stale strip costs the window's raw history, for its components only.
 */
export async function loadRecentSnapshot(db: Db, page: StatusPage, now = Date.now(), dayCount = 90): Promise<PageSnapshot> {
  const structure = await loadPageStructure(db, page);
  const zone = zoneOf(page.timezone);
  const shownIds = new Set(structure.components.map((c) => c.id));
  // The strips (and their versions) are read before any history: see lib/uptime/strips.ts.
  const plan = await planStrips(db, page.id, structure.components, zone, now, dayCount, RECENT_INCIDENT_DAYS);
  const recentSince = lastDays(now, RECENT_INCIDENT_DAYS, zone)[0].start;
  const fullSince = now - (dayCount + 1) * DAY_MS;
  // The page shows a line for each past incident and the latest update of the open ones; timelines are read only
  // for incidents that can change a day derived here or the status now (a page of 300 recent incidents: ~600 updates).
  const timelineFrom = derivedFrom(plan);
  const needsTimeline = (i: Incident) => i.resolved_at === null || i.resolved_at >= timelineFrom;
  const recentIncidents = async () => shownViews(db, await listPageIncidentsSince(db, page.account_id, structure.scope, recentSince), shownIds, needsTimeline);
  // Maintenance as the full read has it (a handful of windows): the same upcoming and open occurrences, and the
  // same live status summary (components/live's fingerprint) as the page's JSON.
  const maintenance = await loadPageMaintenance(db, await listWindowsForPage(db, page.account_id, page.id), fullSince, now + 60 * DAY_MS, now);

  let full: History | null = null;
  let incidents: IncidentView[];
  if (plan.recompute.size === 0) {
    incidents = await recentIncidents();
  } else {
    // Recomputed strips read the window's history exactly as loadPageSnapshot does, scoped to their components
    // (a v3 page's incidents are the page's own, so its scope stays the page).
    const wholePage = structure.scope.serviceIds.length === 0 || plan.recompute.size === structure.components.length;
    const scope = wholePage ? structure.scope : { ...structure.scope, serviceIds: [...plan.recompute.keys()] };
    const all = await shownViews(db, await listPageIncidentsSince(db, page.account_id, scope, fullSince), shownIds);
    full = historyOf(all, maintenance);
    incidents = wholePage ? all.filter((v) => v.incident.resolved_at === null || v.incident.resolved_at >= recentSince) : await recentIncidents();
  }
  const recent = historyOf(incidents, maintenance);
  const { days, rows } = deriveDays(plan, structure.components, recent, full);
  await storeStrips(db, rows);

  const components = structure.components.map((c): ComponentSnapshot => {
    const own = days.get(c.id)!;
    return { ...c, status: serviceStatusAt(c.id, recent.spansOf.get(c.id) ?? [], recent.maintenance, now), uptime: overallUptime(own), days: own };
  });
  return assemble(page, structure, components, incidents, maintenance, now, true);
}
