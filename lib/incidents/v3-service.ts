import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import type { Keyset, PageRequest } from "@/lib/db/keyset";
import type { ImpactStatus, Incident, IncidentImpact, IncidentImpactsTable, IncidentUpdate } from "@/lib/db/types";
import { invalidatePages } from "@/lib/cache/invalidate";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { findComponentsOfPage, sharePageComponents } from "@/lib/components/queries";
import { enqueueIncidentUpdate } from "@/lib/notifications/outbox";
import { actorColumns, isHuman, type Actor } from "@/lib/actors";
import type { ServiceStatus } from "@/lib/status";
import { deriveFromUpdates, severityOfImpacts } from "./derive";
import * as q from "./queries";
import { getPageOrThrow } from "@/lib/status-pages/service";
import { componentsWrite, getV3IncidentOrThrow, loadIncidentViews, removeUpdate, rewriteUpdate, updateRow, writeUpdate, type Derived } from "./service";
import type { ComponentImpactInput, CreateIncidentV3Input, ImpactWindowInput, IncidentUpdateInput, IncidentV3Patch, IncidentView } from "./types";
import { invalidFields, type FieldIssue } from "@/lib/http/validate";

/*
 * The v3 verbs: an incident belongs to one v3 page and says what it does to each of the page's components
 * as impact windows over time. The update rows, derived columns and outbox are the v1 ones (service.ts).
 */

type Issue = FieldIssue;
const invalid = (issues: Issue[]) => invalidFields(issues);

const isImpact = (s: ServiceStatus): s is ImpactStatus => s !== "OPERATIONAL";
const impactActor = (actor: Actor) => ({ impact_actor_type: actor.type, impact_actor_id: actor.id });

function impactRow(incidentId: string, componentId: string, status: ImpactStatus, startedAt: number, endedAt: number | null, actor: Actor, at: number): Insertable<IncidentImpactsTable> {
  return { id: newId(), incident_id: incidentId, component_id: componentId, status, started_at: startedAt, ended_at: endedAt, ...actorColumns(actor), created_at: at };
}

function assertDistinctComponents(impacts: readonly { componentId: string }[]): void {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  impacts.forEach((c, i) => {
    if (seen.has(c.componentId)) issues.push({ path: `componentImpacts.${i}.componentId`, message: "names a component already listed" });
    seen.add(c.componentId);
  });
  if (issues.length > 0) throw invalid(issues);
}

/** Impacts name SERVICE components of this page: a group shows the worst of its children, so it has no impact of its own. */
async function requireImpactComponents(trx: Db, pageId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // After any type change in progress on the page, and before the next: a component cannot turn into a GROUP under an impact.
  await sharePageComponents(trx, pageId);
  const found = new Map((await findComponentsOfPage(trx, pageId, [...new Set(ids)])).map((c) => [c.id, c]));
  const issues: Issue[] = [];
  ids.forEach((id, i) => {
    const c = found.get(id);
    const path = `componentImpacts.${i}.componentId`;
    if (!c) issues.push({ path, message: "must be a component of this status page" });
    else if (c.type !== "SERVICE") issues.push({ path, message: "must be a SERVICE component: a group shows the worst of its children" });
  });
  if (issues.length > 0) throw invalid(issues);
}

/** A replaced history must make sense on its own: ordered ends, open windows only while unresolved, no overlaps per component. */
function checkWindows(windows: readonly ImpactWindowInput[], resolvedAt: number | null, now: number): void {
  const issues: Issue[] = [];
  windows.forEach((w, i) => {
    if (w.endedAt !== null && w.endedAt < w.startedAt) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must not be before startedAt" });
    // An end still to come would outlast a sooner resolution (the page in outage with no incident open): null until it ends.
    if (w.endedAt !== null && resolvedAt === null && w.endedAt > now) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must not be after now while the incident is open (null keeps the window open)" });
    if (w.endedAt === null && resolvedAt !== null) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must be set: the incident is resolved, so no window can stay open" });
    // A window lasting past the resolution would keep the component in outage on the page after the incident ended.
    else if (w.endedAt !== null && resolvedAt !== null && w.endedAt > resolvedAt) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must not be after the incident was resolved" });
  });
  if (issues.length > 0) throw invalid(issues);
  const byComponent = new Map<string, { w: ImpactWindowInput; i: number }[]>();
  windows.forEach((w, i) => byComponent.set(w.componentId, [...(byComponent.get(w.componentId) ?? []), { w, i }]));
  for (const list of byComponent.values()) {
    list.sort((a, b) => a.w.startedAt - b.w.startedAt || (a.w.endedAt ?? Infinity) - (b.w.endedAt ?? Infinity));
    for (let k = 1; k < list.length; k++) {
      const prev = list[k - 1].w;
      if (prev.endedAt === null || list[k].w.startedAt < prev.endedAt) {
        issues.push({ path: `componentImpacts.${list[k].i}.startedAt`, message: "overlaps another window of the same component" });
      }
    }
  }
  if (issues.length > 0) throw invalid(issues);
}

/** After any change to the windows: the stored v1 severity follows the worst of them, and who changed them is recorded. */
async function impactsChanged(trx: Db, incidentId: string, actor: Actor): Promise<IncidentImpact[]> {
  const windows = await q.listImpacts(trx, incidentId);
  await q.updateIncidentRow(trx, incidentId, { severity: severityOfImpacts(windows.map((w) => w.status)), ...impactActor(actor) });
  return windows;
}

/**
 * A resolved incident has no window open past its resolution: the resolution ends them at its public time, those
 * left open and those set to end later alike (an older release stored ends in the future; they outlived the incident).
 */
async function settleResolution(trx: Db, incidentId: string, derived: Derived, actor: Actor): Promise<void> {
  const resolvedAt = derived.resolved_at;
  if (resolvedAt === null) return;
  const open = (await q.listImpacts(trx, incidentId)).filter((w) => w.ended_at === null || Number(w.ended_at) > resolvedAt);
  if (open.length === 0) return;
  await q.closeImpacts(trx, open.map((w) => w.id), resolvedAt, actorColumns(actor));
  await q.updateIncidentRow(trx, incidentId, impactActor(actor));
}

/** The components an update is about, for the outbox's fan-out: every component the incident has a window on. */
async function affectedComponentIds(trx: Db, incidentId: string): Promise<string[]> {
  return [...new Set((await q.listImpacts(trx, incidentId)).map((w) => w.component_id))];
}

async function notify(trx: Db, pageId: string, incidentId: string, update: IncidentUpdate): Promise<void> {
  if (update.notify_subscribers) await enqueueIncidentUpdate(trx, { incidentId, updateId: update.id, serviceIds: await affectedComponentIds(trx, incidentId), pageId });
}

async function viewOf(db: Db, incident: Incident): Promise<IncidentView> {
  const [view] = await loadIncidentViews(db, [incident]);
  return view;
}

async function reload(db: Db, incidentId: string): Promise<IncidentView> {
  const incident = await q.findIncidentById(db, incidentId);
  if (!incident) throw new NotFoundError("Incident not found");
  return viewOf(db, incident);
}

export async function listIncidentsV3(db: Db, accountId: string, pageId: string, request: PageRequest) {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const fetched = await q.listIncidentsOfPage(db, page.id, request);
  const rows = fetched.slice(0, request.limit);
  const last = rows[rows.length - 1];
  // The list runs by last change, so the cursor carries updated_at (see listIncidentsOfPage).
  const next: Keyset | null = fetched.length > request.limit ? { createdAt: last.updated_at, id: last.id } : null;
  const impacts = await q.listImpactsOfIncidents(db, rows.map((r) => r.id));
  const views = rows.map((incident) => ({ incident, impacts: impacts.filter((w) => w.incident_id === incident.id).map(({ component_name: _n, ...w }) => w) }));
  return { rows: views, next };
}

export async function getIncidentViewV3(db: Db, accountId: string, pageId: string, id: string): Promise<IncidentView> {
  return viewOf(db, (await getV3IncidentOrThrow(db, accountId, pageId, id)).incident);
}

/** The incident, its windows (opened at the first update's public time) and its first update, together or not at all. */
export async function createIncidentV3(db: Db, accountId: string, pageId: string, input: CreateIncidentV3Input, actor: Actor): Promise<IncidentView> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const id = newId();
  await db.transaction().execute((trx) => insertIncidentV3(trx, accountId, page.id, id, input, actor));
  await invalidatePages([page.id]);
  return reload(db, id);
}

/** createIncidentV3's writes in the caller's transaction (lib/automation opens incidents inside its own); the caller invalidates. */
export async function insertIncidentV3(trx: Db, accountId: string, pageId: string, id: string, input: CreateIncidentV3Input, actor: Actor): Promise<void> {
  assertDistinctComponents(input.componentImpacts);
  const at = Date.now();
  await requireImpactComponents(trx, pageId, input.componentImpacts.map((c) => c.componentId));
  const update = updateRow(id, input.update, input.update.status ?? "INVESTIGATING", at, actor);
  const derived = deriveFromUpdates([update]);
  const windows = input.componentImpacts.flatMap((c) => (isImpact(c.status) ? [impactRow(id, c.componentId, c.status, derived.started_at, null, actor, at)] : []));
  await componentsWrite(trx, { componentIds: windows.map((w) => w.component_id), ref: update.id }, async () => {
    await q.insertIncident(trx, {
      id,
      account_id: accountId,
      status_page_id: pageId,
      name: input.name,
      // Never shown in v3 answers: the column is NOT NULL and v1-shaped surfaces read one severity per incident.
      severity: severityOfImpacts(windows.map((w) => w.status)),
      ...impactActor(actor),
      humans_since: isHuman(actor) ? at : null,
      ...derived,
      created_at: at,
      updated_at: at,
    });
    await q.insertImpacts(trx, windows);
    await q.insertUpdate(trx, update);
    await settleResolution(trx, id, derived, actor);
  });
  await notify(trx, pageId, id, update);
}

/**
 * Each component whose status changed gets its open window closed now and, unless it is now OPERATIONAL,
 * a new one opened now. A resolved incident opens none (400): a non-resolved update reopens it first.
 */
async function reconcile(trx: Db, incidentId: string, impacts: readonly ComponentImpactInput[], at: number, actor: Actor): Promise<void> {
  const incident = await q.findIncidentById(trx, incidentId);
  if (!incident) throw new NotFoundError("Incident not found");
  const open = new Map((await q.listImpacts(trx, incidentId)).filter((w) => w.ended_at === null).map((w) => [w.component_id, w]));
  const wanted = new Map(impacts.map((c) => [c.componentId, c.status]));
  const closing = [...open.values()].filter((w) => (wanted.get(w.component_id) ?? "OPERATIONAL") !== w.status);
  const opening = impacts.map((c, i) => ({ c, i })).filter(({ c }) => isImpact(c.status) && open.get(c.componentId)?.status !== c.status);
  if (opening.length > 0 && incident.resolved_at !== null) {
    throw invalid(opening.map(({ i }) => ({ path: `componentImpacts.${i}.status`, message: "must be OPERATIONAL: the incident is resolved (post an update that reopens it first)" })));
  }
  if (closing.length === 0 && opening.length === 0) return;
  await q.closeImpacts(trx, closing.map((w) => w.id), at, actorColumns(actor));
  await q.insertImpacts(trx, opening.map(({ c }) => impactRow(incidentId, c.componentId, c.status as ImpactStatus, at, null, actor, at)));
  await impactsChanged(trx, incidentId, actor);
}

/** Renames, and with `componentImpacts` reconciles the components' status (those left out become operational). */
export async function updateIncidentV3(db: Db, accountId: string, pageId: string, id: string, patch: IncidentV3Patch, actor: Actor): Promise<IncidentView> {
  const { page } = await getV3IncidentOrThrow(db, accountId, pageId, id);
  if (patch.componentImpacts) assertDistinctComponents(patch.componentImpacts);
  await db.transaction().execute(async (trx) => {
    const at = Date.now();
    // Writing the incident row first takes its lock: a concurrent resolution is then seen, never raced.
    await q.updateIncidentRow(trx, id, { name: patch.name, updated_at: at });
    if (isHuman(actor)) await q.markHumans(trx, id, at);
    if (patch.componentImpacts) {
      const impacts = patch.componentImpacts;
      await requireImpactComponents(trx, page.id, impacts.map((c) => c.componentId));
      const touched = [...(await affectedComponentIds(trx, id)), ...impacts.map((c) => c.componentId)];
      await componentsWrite(trx, { componentIds: touched }, () => reconcile(trx, id, impacts, at, actor));
    }
  });
  await invalidatePages([page.id]);
  return reload(db, id);
}

/** Worsens these components' impact in the caller's transaction (lib/automation: a failure joining a degraded incident). */
export async function raiseImpactsV3(trx: Db, pageId: string, incidentId: string, raise: readonly ComponentImpactInput[], actor: Actor): Promise<void> {
  await requireImpactComponents(trx, pageId, raise.map((r) => r.componentId));
  const open = (await q.listImpacts(trx, incidentId)).filter((w) => w.ended_at === null && !raise.some((r) => r.componentId === w.component_id));
  const wanted = [...open.map((w) => ({ componentId: w.component_id, status: w.status })), ...raise];
  await componentsWrite(trx, { componentIds: wanted.map((w) => w.componentId) }, () => reconcile(trx, incidentId, wanted, Date.now(), actor));
}

/** Replaces the whole impact history (corrections after the fact). */
export async function replaceImpactsV3(db: Db, accountId: string, pageId: string, id: string, windows: ImpactWindowInput[], actor: Actor): Promise<IncidentView> {
  const { page } = await getV3IncidentOrThrow(db, accountId, pageId, id);
  await db.transaction().execute(async (trx) => {
    const at = Date.now();
    // The row lock first (see updateIncidentV3), then whether the incident is resolved.
    await q.updateIncidentRow(trx, id, { updated_at: at });
    if (isHuman(actor)) await q.markHumans(trx, id, at);
    const incident = await q.findIncidentById(trx, id);
    if (!incident) throw new NotFoundError("Incident not found");
    checkWindows(windows, incident.resolved_at, at);
    await requireImpactComponents(trx, page.id, windows.map((w) => w.componentId));
    const touched = [...(await affectedComponentIds(trx, id)), ...windows.map((w) => w.componentId)];
    await componentsWrite(trx, { componentIds: touched }, async () => {
      await q.deleteImpacts(trx, id);
      await q.insertImpacts(trx, windows.map((w) => impactRow(id, w.componentId, w.status, w.startedAt, w.endedAt, actor, at)));
      await impactsChanged(trx, id, actor);
    });
  });
  await invalidatePages([page.id]);
  return reload(db, id);
}

export async function deleteIncidentV3(db: Db, accountId: string, pageId: string, id: string): Promise<void> {
  const { page } = await getV3IncidentOrThrow(db, accountId, pageId, id);
  await db.transaction().execute(async (trx) => {
    await componentsWrite(trx, { componentIds: await affectedComponentIds(trx, id) }, () => q.deleteIncidentRow(trx, accountId, id));
  });
  await invalidatePages([page.id]);
}

async function getV3UpdateOrThrow(db: Db, accountId: string, pageId: string, incidentId: string, updateId: string) {
  const found = await getV3IncidentOrThrow(db, accountId, pageId, incidentId);
  const update = isUuid(updateId) ? await q.findUpdate(db, found.incident.id, updateId) : undefined;
  if (!update) throw new NotFoundError("Incident update not found");
  return { ...found, update };
}

export async function getIncidentUpdateV3(db: Db, accountId: string, pageId: string, incidentId: string, updateId: string): Promise<IncidentUpdate> {
  return (await getV3UpdateOrThrow(db, accountId, pageId, incidentId, updateId)).update;
}

export async function listIncidentUpdatesV3(db: Db, accountId: string, pageId: string, incidentId: string, limit = 100): Promise<IncidentUpdate[]> {
  const { incident } = await getV3IncidentOrThrow(db, accountId, pageId, incidentId);
  return (await q.listUpdates(db, [incident.id])).slice(0, limit);
}

/** A new update; a RESOLVED one closes every open window at its public time, a later non-resolved one reopens the incident (not its windows). */
export async function addIncidentUpdateV3(db: Db, accountId: string, pageId: string, incidentId: string, input: IncidentUpdateInput, actor: Actor): Promise<IncidentUpdate> {
  const { page, incident } = await getV3IncidentOrThrow(db, accountId, pageId, incidentId);
  const row = await db.transaction().execute((trx) => postIncidentUpdateV3(trx, page.id, incident, input, actor));
  await invalidatePages([page.id]);
  return row;
}

/** addIncidentUpdateV3's writes in the caller's transaction; the caller invalidates the page. */
export async function postIncidentUpdateV3(trx: Db, pageId: string, incident: Incident, input: IncidentUpdateInput, actor: Actor): Promise<IncidentUpdate> {
  const row = await componentsWrite(trx, { componentIds: await affectedComponentIds(trx, incident.id) }, async () => {
    const { row, derived } = await writeUpdate(trx, incident, input, actor);
    await settleResolution(trx, incident.id, derived, actor);
    return row;
  });
  await notify(trx, pageId, incident.id, row);
  return row;
}

/** Editing never notifies again; an edit that resolves the incident closes its open windows as posting would. */
export async function editIncidentUpdateV3(db: Db, accountId: string, pageId: string, incidentId: string, updateId: string, input: IncidentUpdateInput, actor: Actor): Promise<IncidentUpdate> {
  const { page, update } = await getV3UpdateOrThrow(db, accountId, pageId, incidentId, updateId);
  await db.transaction().execute(async (trx) =>
    componentsWrite(trx, { componentIds: await affectedComponentIds(trx, update.incident_id) }, async () => settleResolution(trx, update.incident_id, await rewriteUpdate(trx, update, input, actor), actor)),
  );
  await invalidatePages([page.id]);
  return getIncidentUpdateV3(db, accountId, pageId, incidentId, updateId);
}

/** The last remaining update cannot go (400: delete the incident instead). */
export async function deleteIncidentUpdateV3(db: Db, accountId: string, pageId: string, incidentId: string, updateId: string, actor: Actor): Promise<void> {
  const { page, update } = await getV3UpdateOrThrow(db, accountId, pageId, incidentId, updateId);
  await db.transaction().execute(async (trx) => {
    await componentsWrite(trx, { componentIds: await affectedComponentIds(trx, update.incident_id) }, async () => {
      const derived = await removeUpdate(trx, update.incident_id, update.id, (message) => new ValidationError(message, { fields: ["incidentUpdateId"] }), actor);
      await settleResolution(trx, update.incident_id, derived, actor);
    });
  });
  await invalidatePages([page.id]);
}
