import type { ComponentSnapshot, PageSnapshot } from "@/lib/public-page/load";
import type { IncidentView } from "@/lib/incidents/types";
import { toIso, toIsoOrNull } from "@/lib/db/time";
import { hasComponentImpacts, incidentImpactStatus } from "@/lib/public-page/view";
import { componentStatus, incidentStatus, SEVERITY_IMPACT, STATUS_DESCRIPTION, STATUS_IMPACT, STATUS_INDICATOR, worstImpact } from "./mapping";
import type { SpComponent, SpImpact, SpIncident, SpMaintenanceStatus, SpMaintenanceUpdate, SpPage, SpScheduledMaintenance, SpStatus, SpSummaryResponse } from "./schema";
import { fromJson } from "@/lib/db/json";

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

// Statuspage spells UTC as the database's Etc/UTC; any other zone is the page's own IANA name.
const spTimeZone = (zone: string) => (zone === "UTC" ? "Etc/UTC" : zone);

export function toSpPage(snap: PageSnapshot, ctx: ProjectionContext): SpPage {
  return { id: snap.page.id, name: snap.page.name, url: ctx.pageUrl, time_zone: spTimeZone(snap.page.timezone), updated_at: toIso(lastChange(snap)) };
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

function componentsById(snap: PageSnapshot, components = toSpComponents(snap)): Map<string, SpComponent> {
  return new Map(components.filter((c) => !c.group).map((c) => [c.id, c]));
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
export function toSpIncidents(snap: PageSnapshot, ctx: ProjectionContext, opts: { unresolvedOnly?: boolean } = {}, components = componentsById(snap)): SpIncident[] {
  return [...snap.incidents]
    .filter((v) => !opts.unresolvedOnly || isUnresolved(v))
    .sort((a, b) => b.incident.started_at - a.incident.started_at || (a.incident.id < b.incident.id ? -1 : 1))
    .slice(0, LIST_LIMIT)
    .map((v) => toSpIncident(v, snap, ctx, components));
}

const SP_MAINTENANCE_STATUS = { SCHEDULED: "scheduled", IN_PROGRESS: "in_progress", VERIFYING: "verifying", COMPLETED: "completed" } as const;

/** The occurrence's real state (lib/maintenance/state.ts) in Statuspage's words. */
export function maintenanceStatus(m: Pick<Maintenance, "status">): SpMaintenanceStatus {
  return SP_MAINTENANCE_STATUS[m.status];
}

function maintenanceUpdatedAt(m: Maintenance, now: number): number {
  let t = Math.max(m.updatedAt, ...m.updates.map((u) => u.updated_at));
  // A state the clock reached (autoStart, autoEnd) changed the occurrence at that time.
  if (m.status !== "SCHEDULED" && now >= m.startsAt) t = Math.max(t, m.startsAt);
  if (m.status === "COMPLETED" && now >= m.endsAt && m.span) t = Math.max(t, Math.min(m.span.to, now));
  return t;
}

/** The feeds' entry id of an occurrence (window and start), kept as it was so readers see no entry twice. */
export const occurrenceId = (m: Pick<Maintenance, "id" | "startsAt">) => `${m.id}-${m.startsAt}`;

export const maintenanceUrl = (ctx: ProjectionContext, m: Pick<Maintenance, "key">) => `${ctx.pageUrl}/maintenance/${m.key}`;

/** "Rescheduled to …" for an update that only moved the occurrence (it carries no words of its own). */
function updateBody(u: Maintenance["updates"][number]): string {
  if (u.description.trim() !== "" || u.date_adjustments === null) return u.description;
  const moved = fromJson<{ startsAt?: string; endsAt?: string }>(u.date_adjustments) ?? {};
  return `Rescheduled${moved.startsAt ? ` to start ${moved.startsAt}` : ""}${moved.startsAt && moved.endsAt ? " and" : ""}${moved.endsAt ? ` to end ${moved.endsAt}` : ""}.`;
}

/**
 * One entry per occurrence (id: its uuid once it is a row, else `<window>-<rule start>`), status from its state, and
 * its updates newest first as `incident_updates`. The window's creation opens the list as the "scheduled" update,
 * and a state the clock reached without an update (autoStart, autoEnd) is one too, so the list tells the whole story.
 */
export function toSpMaintenance(m: Maintenance, snap: PageSnapshot, ctx: ProjectionContext, components = componentsById(snap)): SpScheduledMaintenance {
  const now = snap.generatedAt;
  const id = m.key;
  const status = maintenanceStatus(m);
  const update = (uid: string, s: SpMaintenanceStatus, at: number, body: string, notify = false, updatedAt = at): SpMaintenanceUpdate => ({
    id: uid,
    status: s,
    body,
    incident_id: id,
    created_at: toIso(at),
    updated_at: toIso(updatedAt),
    display_at: toIso(at),
    affected_components: null,
    deliver_notifications: notify,
    custom_tweet: null,
    tweet_id: null,
  });
  const created = Math.min(m.createdAt, m.startsAt);
  const updates = m.updates
    .filter((u) => u.status !== "CANCELLED")
    .map((u) => update(u.id, maintenanceStatus({ status: u.status as Maintenance["status"] }), u.created_at, updateBody(u), u.notify_subscribers === 1, u.updated_at));
  const span = m.span;
  const byOperator = (s: Maintenance["status"][], at: number) => m.updates.some((u) => s.includes(u.status as Maintenance["status"]) && u.created_at <= at);
  // Started by the clock: after any update made while it was still scheduled (a move into the past starts it then).
  const startedAt = Math.max(span?.from ?? 0, ...m.updates.filter((u) => u.status === "SCHEDULED").map((u) => u.created_at));
  if (span && !byOperator(["IN_PROGRESS", "VERIFYING"], span.from)) updates.push(update(`${id}-in_progress`, "in_progress", startedAt, "Scheduled maintenance is currently in progress."));
  if (span && status === "completed" && !byOperator(["COMPLETED"], span.to)) updates.push(update(`${id}-completed`, "completed", Math.min(span.to, now), "The scheduled maintenance has been completed."));
  // Newest first; at the same instant the later phase first (a move into the past and the start it causes).
  const PHASE = { scheduled: 0, in_progress: 1, verifying: 2, completed: 3 } as const;
  updates.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || PHASE[b.status] - PHASE[a.status]);
  updates.push(update(`${id}-scheduled`, "scheduled", created, m.description ?? `${m.name} is scheduled.`));
  const affected = !m.showAffectedServices ? [] : m.serviceIds === "ALL" ? [...components.values()] : m.serviceIds.flatMap((sid) => components.get(sid) ?? []);
  const verifying = m.updates.filter((u) => u.status === "VERIFYING").map((u) => u.created_at);
  return {
    id,
    name: m.name,
    status,
    created_at: toIso(created),
    updated_at: toIso(maintenanceUpdatedAt(m, now)),
    monitoring_at: verifying.length > 0 ? toIso(Math.min(...verifying)) : null,
    resolved_at: status === "completed" && m.span ? toIso(Math.min(m.span.to, now)) : status === "completed" ? toIso(Math.min(m.endsAt, now)) : null,
    impact: "maintenance",
    shortlink: maintenanceUrl(ctx, m),
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
 * all: the 50 most recent by start (newest first); upcoming: not started (scheduled); active: in progress or
 * verifying; summary: both. The last three run soonest first, as Statuspage lists them. Cancelled ones never show.
 */
export function toSpMaintenances(snap: PageSnapshot, ctx: ProjectionContext, which: MaintenanceSelection, components = componentsById(snap)): SpScheduledMaintenance[] {
  const keep = (m: Maintenance) => {
    if (which === "upcoming") return m.status === "SCHEDULED";
    if (which === "active") return m.status === "IN_PROGRESS" || m.status === "VERIFYING";
    if (which === "summary") return m.status !== "COMPLETED";
    return true;
  };
  const picked = snap.maintenance.filter(keep).sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  const ordered = which === "all" ? picked.reverse().slice(0, LIST_LIMIT) : picked;
  return ordered.map((m) => toSpMaintenance(m, snap, ctx, components));
}

export function toSpSummary(snap: PageSnapshot, ctx: ProjectionContext): SpSummaryResponse {
  // Projected once for the list and for what the incidents and maintenance name (a page may have hundreds).
  const components = toSpComponents(snap);
  const byId = componentsById(snap, components);
  return {
    page: toSpPage(snap, ctx),
    components,
    incidents: toSpIncidents(snap, ctx, { unresolvedOnly: true }, byId),
    scheduled_maintenances: toSpMaintenances(snap, ctx, "summary", byId),
    status: toSpStatus(snap),
  };
}
