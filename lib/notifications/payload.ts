import "server-only";
import type { Db } from "@/lib/db";
import type { EventKind, MaintenanceWindow, Severity, UpdateStatus } from "@/lib/db/types";
import type { ServiceStatus } from "@/lib/status/types";
import { newId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { listWindowsForPage } from "@/lib/maintenance/service";
import { maintenanceOccurrences } from "@/lib/public-page/maintenance";
import { severityToStatus, worstStatus, type IncidentSpan, type MaintenanceSpan } from "@/lib/status";
import { pageAddress } from "@/lib/tenancy/address";
import { pageIndicator, spansOf, statusesAt } from "./component-status";
import { componentsCreatedAt, findIncidentWithUpdates, findPageAccount, findPageHead, openImpactsOn, servicesOnPage } from "./queries";
import { listImpactsOfIncidents } from "@/lib/incidents/queries";
import { affectedComponents } from "@/lib/incidents/derive";

/** What a message says, frozen when the event is queued: a later edit of the update never changes a sent message. */
export interface EventPayload {
  kind: EventKind;
  page: { id: string; name: string; address: string };
  title: string;
  /** INVESTIGATING…RESOLVED for incidents; SCHEDULED, IN_PROGRESS, COMPLETED for maintenance; the new status for a component */
  status: string;
  body: string;
  at: number;
  /** the components (v1: services) named, with what an incident does to each (absent for maintenance) */
  services: { id: string; name: string; status?: ServiceStatus }[];
  incident?: {
    id: string;
    severity: Severity;
    createdAt: number;
    updatedAt: number;
    resolvedAt: number | null;
    updates: { id: string; status: UpdateStatus; description: string; displayAt: number; createdAt: number; updatedAt: number }[];
  };
  maintenance?: { id: number; startsAt: number; endsAt: number; minutesBefore?: number };
  /** component.update: one component's derived status on the page changed; the page's status after it */
  component?: {
    id: string;
    name: string;
    createdAt: number;
    oldStatus: ServiceStatus;
    newStatus: ServiceStatus;
    /** the change's own id (Statuspage's component_update.id) */
    updateId: string;
    pageStatus: ServiceStatus;
    /** Statuspage's page status indicator: none, minor, major, critical */
    pageIndicator: string;
  };
}

async function pageInfo(db: Db, pageId: string) {
  const page = await findPageHead(db, pageId);
  return page ? { id: page.id, name: page.name, address: pageAddress(page, env.HELIOGRAPH_PUBLIC_URL) } : null;
}

export async function snapshotIncidentUpdate(db: Db, pageId: string, e: { incidentId: string; updateId: string; serviceIds: string[] }): Promise<EventPayload | null> {
  const [page, found, shown, impacts] = await Promise.all([
    pageInfo(db, pageId),
    findIncidentWithUpdates(db, e.incidentId, 20),
    servicesOnPage(db, pageId, e.serviceIds),
    listImpactsOfIncidents(db, [e.incidentId]),
  ]);
  const update = found?.updates.find((u) => u.id === e.updateId);
  if (!page || !found || !update) return null;
  const { incident, updates } = found;
  // Each component at what the incident does to it (a v3 incident's windows, a v1 incident's severity).
  const statuses = new Map(affectedComponents(incident, shown, impacts).map((c) => [c.id, c.status]));
  const services = shown.map((s) => ({ ...s, status: statuses.get(s.id) ?? severityToStatus(incident.severity) }));
  return {
    kind: "incident.update",
    page,
    title: incident.name,
    status: update.status,
    body: update.description,
    at: update.public_incident_update_date,
    services,
    incident: {
      id: incident.id,
      severity: incident.severity,
      createdAt: incident.created_at,
      updatedAt: incident.updated_at,
      resolvedAt: incident.resolved_at,
      updates: updates.map((u) => ({ id: u.id, status: u.status, description: u.description, displayAt: u.public_incident_update_date, createdAt: u.created_at, updatedAt: u.updated_at })),
    },
  };
}

export async function snapshotMaintenance(
  db: Db,
  pageId: string,
  w: Pick<MaintenanceWindow, "id" | "name" | "description">,
  kind: "maintenance.start" | "maintenance.end" | "maintenance.reminder",
  occurrence: { startsAt: number; endsAt: number },
  serviceIds: readonly string[] | null,
  minutesBefore?: number,
): Promise<EventPayload | null> {
  const [page, services] = await Promise.all([pageInfo(db, pageId), servicesOnPage(db, pageId, serviceIds)]);
  if (!page) return null;
  const status = kind === "maintenance.start" ? "IN_PROGRESS" : kind === "maintenance.end" ? "COMPLETED" : "SCHEDULED";
  return {
    kind,
    page,
    title: w.name,
    status,
    body: w.description ?? "",
    at: kind === "maintenance.end" ? occurrence.endsAt : kind === "maintenance.start" ? occurrence.startsAt : Date.now(),
    services,
    maintenance: { id: w.id, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt, minutesBefore },
  };
}

/** The page's maintenance in progress around [from, to]: a component under maintenance reads so when no incident is open on it. */
async function maintenanceAround(db: Db, pageId: string, from: number, to: number): Promise<MaintenanceSpan[]> {
  const accountId = await findPageAccount(db, pageId);
  if (!accountId) return [];
  const windows = await listWindowsForPage(db, accountId, pageId);
  return maintenanceOccurrences(windows, from, to + 1).map((m) => ({ id: m.id, serviceIds: m.serviceIds, startsAt: m.startsAt, endsAt: m.endsAt }));
}

/**
 * One component.update payload per component of `candidates` that the page shows and whose status on it
 * differs between `before` (at `from`) and `after` (at `at`), with the page's status after the change.
 */
export async function snapshotComponentUpdates(
  db: Db,
  pageId: string,
  candidates: readonly string[],
  before: IncidentSpan[],
  after: IncidentSpan[],
  from: number,
  at: number,
): Promise<EventPayload[]> {
  const [page, shown] = await Promise.all([pageInfo(db, pageId), servicesOnPage(db, pageId, candidates)]);
  if (!page || shown.length === 0) return [];
  const maintenance = await maintenanceAround(db, pageId, from, at);
  const ids = shown.map((c) => c.id);
  const was = statusesAt(ids, before, maintenance, from);
  const now = statusesAt(ids, after, maintenance, at);
  const flipped = shown.filter((c) => was.get(c.id) !== now.get(c.id));
  if (flipped.length === 0) return [];
  // The page's status after the write: every component it shows, from the incidents open on them.
  const all = (await servicesOnPage(db, pageId, null)).map((c) => c.id);
  const allSpans = spansOf(await openImpactsOn(db, all, at));
  const pageStatus = worstStatus([...statusesAt(all, allSpans, maintenance, at).values()]);
  const indicator = pageIndicator(pageStatus, all, allSpans, at);
  const created = await componentsCreatedAt(db, flipped.map((c) => c.id));
  return flipped.map((c) => ({
    kind: "component.update",
    page,
    title: c.name,
    status: now.get(c.id)!,
    body: "",
    at,
    services: [c],
    component: {
      id: c.id,
      name: c.name,
      createdAt: created.get(c.id) ?? at,
      oldStatus: was.get(c.id)!,
      newStatus: now.get(c.id)!,
      updateId: newId(),
      pageStatus,
      pageIndicator: indicator,
    },
  }));
}
