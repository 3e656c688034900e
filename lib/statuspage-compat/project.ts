import type { ComponentSnapshot, PageSnapshot } from "@/lib/public-page/load";
import type { IncidentView } from "@/lib/incidents/types";
import { toIso, toIsoOrNull } from "@/lib/db/time";
import { hasComponentImpacts, incidentImpactStatus } from "@/lib/public-page/view";
import { componentStatus, incidentStatus, SEVERITY_IMPACT, STATUS_DESCRIPTION, STATUS_IMPACT, STATUS_INDICATOR, worstImpact } from "./mapping";
import type { SpComponent, SpImpact, SpIncident, SpMaintenanceUpdate, SpPage, SpScheduledMaintenance, SpStatus, SpSummaryResponse } from "./schema";

/** Where the page lives (custom domain when set), never taken from the request. */
export interface ProjectionContext {
  pageUrl: string;
}

type Maintenance = PageSnapshot["maintenance"][number];

export const LIST_LIMIT = 50;
const isUnresolved = (v: IncidentView) => v.incident.last_update_status !== "RESOLVED";
const day = (ms: number) => toIso(ms).slice(0, 10);

export function incidentUrl(ctx: ProjectionContext, incidentId: string): string {
  return `${ctx.pageUrl}/incidents/${incidentId}`;
}

/** The page's last visible change: any row it shows, or a maintenance starting or ending. Stable between changes. */
export function lastChange(snap: PageSnapshot): number {
  let t = snap.page.updated_at;
  for (const e of snap.entries) t = Math.max(t, e.updatedAt);
  for (const c of snap.components) t = Math.max(t, c.updatedAt);
  for (const v of snap.incidents) t = Math.max(t, v.incident.updated_at);
  for (const m of snap.maintenance) t = Math.max(t, maintenanceUpdatedAt(m, snap.generatedAt));
  return t;
}

export function toSpPage(snap: PageSnapshot, ctx: ProjectionContext): SpPage {
  return { id: snap.page.id, name: snap.page.name, url: ctx.pageUrl, time_zone: "Etc/UTC", updated_at: toIso(lastChange(snap)) };
}

/** A v1 incident's severity; a v3 incident's worst component status, rated the way Statuspage rates it. */
export function incidentImpact(v: IncidentView): SpImpact {
  return hasComponentImpacts(v) ? STATUS_IMPACT[incidentImpactStatus(v)] : SEVERITY_IMPACT[v.incident.severity];
}

export function toSpStatus(snap: PageSnapshot): SpStatus {
  const quiet = snap.status === "OPERATIONAL" || snap.status === "UNDER_MAINTENANCE";
  const fromIncidents = worstImpact(snap.incidents.filter(isUnresolved).map(incidentImpact));
  const indicator = quiet ? "none" : fromIncidents === "none" ? STATUS_INDICATOR[snap.status] : fromIncidents;
  return { indicator, description: STATUS_DESCRIPTION[snap.status] };
}

const spComponent = (c: ComponentSnapshot, pageId: string, position: number, groupId: string | null): SpComponent => ({
  id: c.id,
  name: c.name,
  status: componentStatus(c.status),
  created_at: toIso(c.createdAt),
  updated_at: toIso(c.updatedAt),
  position,
  description: c.description,
  showcase: true,
  start_date: day(c.createdAt),
  group_id: groupId,
  page_id: pageId,
  group: false,
  only_show_if_degraded: false,
});

/**
 * The page's entries in display order: a group (v1: a card) with `group: true` and its children's ids,
 * each child with `group_id` set to it; a component outside any group with `group_id: null`. A v1
 * service listed on several cards appears once (under its first card), but every group names it.
 */
export function toSpComponents(snap: PageSnapshot): SpComponent[] {
  const out: SpComponent[] = [];
  const seen = new Set<string>();
  const pageId = snap.page.id;
  let position = 0;
  for (const entry of snap.entries) {
    if (entry.kind === "component") {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      out.push(spComponent(entry, pageId, ++position, null));
      continue;
    }
    out.push({
      id: entry.id,
      name: entry.name,
      status: componentStatus(entry.status),
      created_at: toIso(entry.createdAt),
      updated_at: toIso(entry.updatedAt),
      position: ++position,
      description: entry.description,
      showcase: false,
      start_date: null,
      group_id: null,
      page_id: pageId,
      group: true,
      only_show_if_degraded: false,
      components: entry.children.map((c) => c.id),
    });
    for (const c of entry.children) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(spComponent(c, pageId, ++position, entry.id));
    }
  }
  return out;
}

function componentsById(snap: PageSnapshot): Map<string, SpComponent> {
  return new Map(toSpComponents(snap).filter((c) => !c.group).map((c) => [c.id, c]));
}

export function toSpIncident(v: IncidentView, snap: PageSnapshot, ctx: ProjectionContext, components = componentsById(snap)): SpIncident {
  const { incident } = v;
  const monitoring = v.updates.filter((u) => u.status === "MONITORING").map((u) => u.public_incident_update_date);
  return {
    id: incident.id,
    name: incident.name,
    status: incidentStatus(incident.last_update_status),
    created_at: toIso(incident.created_at),
    updated_at: toIso(incident.updated_at),
    monitoring_at: monitoring.length > 0 ? toIso(Math.min(...monitoring)) : null,
    resolved_at: incident.last_update_status === "RESOLVED" ? toIsoOrNull(incident.resolved_at) : null,
    impact: incidentImpact(v),
    shortlink: incidentUrl(ctx, incident.id),
    started_at: toIso(incident.started_at),
    page_id: snap.page.id,
    incident_updates: v.updates.map((u) => ({
      id: u.id,
      status: incidentStatus(u.status),
      body: u.description,
      incident_id: incident.id,
      created_at: toIso(u.created_at),
      updated_at: toIso(u.updated_at),
      display_at: toIso(u.public_incident_update_date),
      affected_components: null,
      deliver_notifications: u.notify_subscribers === 1,
      custom_tweet: null,
      tweet_id: null,
    })),
    // What the incident does to each component it affects (now, or at its worst once over).
    components: v.components.flatMap((c) => {
      const shown = components.get(c.id);
      return shown ? [{ ...shown, status: componentStatus(c.status) }] : [];
    }),
  };
}

/** Newest first (by start), at most 50; `unresolvedOnly` for incidents/unresolved.json and the summary. */
export function toSpIncidents(snap: PageSnapshot, ctx: ProjectionContext, opts: { unresolvedOnly?: boolean } = {}): SpIncident[] {
  const components = componentsById(snap);
  return [...snap.incidents]
    .filter((v) => !opts.unresolvedOnly || isUnresolved(v))
    .sort((a, b) => b.incident.started_at - a.incident.started_at || (a.incident.id < b.incident.id ? -1 : 1))
    .slice(0, LIST_LIMIT)
    .map((v) => toSpIncident(v, snap, ctx, components));
}

export function maintenanceStatus(m: Pick<Maintenance, "startsAt" | "endsAt">, now: number): "scheduled" | "in_progress" | "completed" {
  return now < m.startsAt ? "scheduled" : now < m.endsAt ? "in_progress" : "completed";
}

function maintenanceUpdatedAt(m: Maintenance, now: number): number {
  let t = m.updatedAt;
  if (now >= m.startsAt) t = Math.max(t, m.startsAt);
  if (now >= m.endsAt) t = Math.max(t, m.endsAt);
  return t;
}

/** One entry per occurrence of a window, so a repeating window has an id per occurrence. */
export const occurrenceId = (m: Pick<Maintenance, "id" | "startsAt">) => `${m.id}-${m.startsAt}`;

export function toSpMaintenance(m: Maintenance, snap: PageSnapshot, ctx: ProjectionContext, components = componentsById(snap)): SpScheduledMaintenance {
  const now = snap.generatedAt;
  const id = occurrenceId(m);
  const status = maintenanceStatus(m, now);
  // Windows have no update history; these updates mark the phases the occurrence has reached.
  const phase = (s: SpMaintenanceUpdate["status"], at: number, body: string): SpMaintenanceUpdate => ({
    id: `${id}-${s}`,
    status: s,
    body,
    incident_id: id,
    created_at: toIso(at),
    updated_at: toIso(at),
    display_at: toIso(at),
    affected_components: null,
    deliver_notifications: false,
    custom_tweet: null,
    tweet_id: null,
  });
  const updates = [phase("scheduled", Math.min(m.createdAt, m.startsAt), m.description ?? `${m.name} is scheduled.`)];
  if (status !== "scheduled") updates.unshift(phase("in_progress", m.startsAt, "Scheduled maintenance is currently in progress."));
  if (status === "completed") updates.unshift(phase("completed", m.endsAt, "The scheduled maintenance has been completed."));
  const affected = !m.showAffectedServices ? [] : m.serviceIds === "ALL" ? [...components.values()] : m.serviceIds.flatMap((sid) => components.get(sid) ?? []);
  return {
    id,
    name: m.name,
    status,
    created_at: toIso(Math.min(m.createdAt, m.startsAt)),
    updated_at: toIso(maintenanceUpdatedAt(m, now)),
    monitoring_at: null,
    resolved_at: status === "completed" ? toIso(m.endsAt) : null,
    impact: "maintenance",
    shortlink: ctx.pageUrl,
    started_at: toIso(m.startsAt),
    page_id: snap.page.id,
    incident_updates: updates,
    components: affected,
    scheduled_for: toIso(m.startsAt),
    scheduled_until: toIso(m.endsAt),
  };
}

export type MaintenanceSelection = "all" | "upcoming" | "active" | "summary";

/**
 * all: the 50 most recent by start (newest first); upcoming: not started; active: in progress;
 * summary: upcoming and in progress. The last three run soonest first, as Statuspage lists them.
 */
export function toSpMaintenances(snap: PageSnapshot, ctx: ProjectionContext, which: MaintenanceSelection): SpScheduledMaintenance[] {
  const now = snap.generatedAt;
  const components = componentsById(snap);
  const keep = (m: Maintenance) => {
    const s = maintenanceStatus(m, now);
    if (which === "upcoming") return s === "scheduled";
    if (which === "active") return s === "in_progress";
    if (which === "summary") return s !== "completed";
    return true;
  };
  const picked = snap.maintenance.filter(keep).sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  const ordered = which === "all" ? picked.reverse().slice(0, LIST_LIMIT) : picked;
  return ordered.map((m) => toSpMaintenance(m, snap, ctx, components));
}

export function toSpSummary(snap: PageSnapshot, ctx: ProjectionContext): SpSummaryResponse {
  return {
    page: toSpPage(snap, ctx),
    components: toSpComponents(snap),
    incidents: toSpIncidents(snap, ctx, { unresolvedOnly: true }),
    scheduled_maintenances: toSpMaintenances(snap, ctx, "summary"),
    status: toSpStatus(snap),
  };
}
