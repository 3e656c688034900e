import "server-only";
import type { Db } from "@/lib/db";
import type { MaintenanceWindow } from "@/lib/db/types";
import type { ServiceStatus } from "@/lib/status/types";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import { newId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { listWindowsForPage, type ShownWindow } from "@/lib/maintenance/shown";
import { coverage, loadChildren, loadPageMaintenance, maintenanceSpansOf } from "@/lib/public-page/maintenance";
import { severityToStatus, worstStatus, type IncidentSpan, type MaintenanceSpan } from "@/lib/status";
import { pageAddress } from "@/lib/tenancy/address";
import { pageIndicator, spansOf, statusesAt } from "./component-status";
import { componentsCreatedAt, findIncidentWithUpdates, findPageHead, openImpactsOn, servicesOnPage } from "./snapshot-queries";
import { listImpactsOfIncidents } from "@/lib/incidents/queries";
import { affectedComponents } from "@/lib/incidents/derive";

type PageHead = NonNullable<Awaited<ReturnType<typeof findPageHead>>>;

/** What a payload says of its page (never its account). */
function infoOf(page: PageHead): EventPayload["page"] {
  return { id: page.id, name: page.name, address: pageAddress(page, env.HELIOGRAPH_PUBLIC_URL), timezone: page.timezone, locale: page.locale };
}

async function pageInfo(db: Db, pageId: string) {
  const page = await findPageHead(db, pageId);
  return page ? infoOf(page) : null;
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

/** What a maintenance message is about: the occurrence, and the operator's update for `maintenance.update`. */
export interface MaintenanceSubject {
  kind: "maintenance.start" | "maintenance.end" | "maintenance.reminder" | "maintenance.update";
  window: Pick<MaintenanceWindow, "id" | "name" | "description">;
  occurrence: { id?: string; startsAt: number; endsAt: number };
  update?: { id: string; status: string; description: string; at: number };
  minutesBefore?: number;
  /** when the state changed (start and end follow the occurrence's real state, not its times) */
  at?: number;
}

const MAINTENANCE_STATUS = { "maintenance.start": "IN_PROGRESS", "maintenance.end": "COMPLETED", "maintenance.reminder": "SCHEDULED" } as const;

export async function snapshotMaintenance(db: Db, pageId: string, m: MaintenanceSubject, serviceIds: readonly string[] | null): Promise<EventPayload | null> {
  const [page, services] = await Promise.all([pageInfo(db, pageId), servicesOnPage(db, pageId, serviceIds)]);
  if (!page) return null;
  const { kind, window: w, occurrence, update } = m;
  const defaultAt = kind === "maintenance.end" ? occurrence.endsAt : kind === "maintenance.start" ? occurrence.startsAt : Date.now();
  return {
    kind,
    page,
    title: w.name,
    status: kind === "maintenance.update" ? (update?.status ?? "SCHEDULED") : MAINTENANCE_STATUS[kind],
    body: update ? update.description : (w.description ?? ""),
    at: update?.at ?? m.at ?? defaultAt,
    services,
    maintenance: { id: w.id, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt, minutesBefore: m.minutesBefore, occurrenceId: occurrence.id, updateId: update?.id },
  };
}

/**
 * The page's maintenance around [from, to], as the page shows it at `to`: each occurrence while it really is
 * under maintenance by its state (lib/public-page/maintenance.ts). A component under maintenance reads so when
 * no incident is open on it.
 */
async function maintenanceAround(db: Db, page: { id: string; account_id: string }, from: number, to: number): Promise<MaintenanceSpan[]> {
  const windows = await listWindowsForPage(db, page.account_id, page.id);
  return maintenanceSpansOf(await loadPageMaintenance(db, windows, from, to + 1, to));
}

/** A flip's payload: one component's change on the page, and the page's status after it. */
function flipPayload(
  page: EventPayload["page"],
  c: { id: string; name: string },
  change: { was: ServiceStatus; now: ServiceStatus; createdAt: number; pageStatus: ServiceStatus; pageIndicator: string },
  at: number,
): EventPayload {
  return {
    kind: "component.update",
    page,
    title: c.name,
    status: change.now,
    body: "",
    at,
    services: [c],
    component: { id: c.id, name: c.name, createdAt: change.createdAt, oldStatus: change.was, newStatus: change.now, updateId: newId(), pageStatus: change.pageStatus, pageIndicator: change.pageIndicator },
  };
}

/**
 * component.update payloads for a maintenance occurrence going under way (`open.now`) or ending: its components on
 * the page, at `at`, with and without it; the page's other maintenance and open incidents still count, so a
 * component an incident or another window already covers does not flip.
 */
export async function snapshotMaintenanceFlips(db: Db, pageId: string, w: ShownWindow, open: { was: boolean; now: boolean }, at: number): Promise<EventPayload[]> {
  const cover = coverage(w, await loadChildren(db, [w]));
  const [head, shown] = await Promise.all([findPageHead(db, pageId), servicesOnPage(db, pageId, cover === "ALL" ? null : cover)]);
  if (!head || shown.length === 0) return [];
  const page = infoOf(head);
  const all = (await servicesOnPage(db, pageId, null)).map((c) => c.id);
  const spans = spansOf(await openImpactsOn(db, head.account_id, all, at));
  const others = (await maintenanceAround(db, head, at, at)).filter((m) => m.id !== w.id);
  const self: MaintenanceSpan = { id: w.id, serviceIds: cover, startsAt: at, endsAt: at + 1 };
  const before = open.was ? [...others, self] : others;
  const after = open.now ? [...others, self] : others;
  const ids = shown.map((c) => c.id);
  const was = statusesAt(ids, spans, before, at);
  const now = statusesAt(ids, spans, after, at);
  const flipped = shown.filter((c) => was.get(c.id) !== now.get(c.id));
  if (flipped.length === 0) return [];
  const pageStatus = worstStatus([...statusesAt(all, spans, after, at).values()]);
  const indicator = pageIndicator(pageStatus, all, spans, at);
  const created = await componentsCreatedAt(db, flipped.map((c) => c.id));
  return flipped.map((c) => flipPayload(page, c, { was: was.get(c.id)!, now: now.get(c.id)!, createdAt: created.get(c.id) ?? at, pageStatus, pageIndicator: indicator }, at));
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
  const [head, shown] = await Promise.all([findPageHead(db, pageId), servicesOnPage(db, pageId, candidates)]);
  if (!head || shown.length === 0) return [];
  const page = infoOf(head);
  const maintenance = await maintenanceAround(db, head, from, at);
  const ids = shown.map((c) => c.id);
  const was = statusesAt(ids, before, maintenance, from);
  const now = statusesAt(ids, after, maintenance, at);
  const flipped = shown.filter((c) => was.get(c.id) !== now.get(c.id));
  if (flipped.length === 0) return [];
  // The page's status after the write: every component it shows, from the incidents open on them.
  const all = (await servicesOnPage(db, pageId, null)).map((c) => c.id);
  const allSpans = spansOf(await openImpactsOn(db, head.account_id, all, at));
  const pageStatus = worstStatus([...statusesAt(all, allSpans, maintenance, at).values()]);
  const indicator = pageIndicator(pageStatus, all, allSpans, at);
  const created = await componentsCreatedAt(db, flipped.map((c) => c.id));
  return flipped.map((c) => flipPayload(page, c, { was: was.get(c.id)!, now: now.get(c.id)!, createdAt: created.get(c.id) ?? at, pageStatus, pageIndicator: indicator }, at));
}
