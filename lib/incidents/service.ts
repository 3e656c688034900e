import "server-only";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { pageOf, type PageRequest } from "@/lib/db/keyset";
import type { Incident, IncidentUpdate, StatusPage } from "@/lib/db/types";
import { invalidatePages } from "@/lib/cache/invalidate";
import { ConflictError, NotFoundError, ValidationError, type AppError } from "@/lib/errors";
import { getPageOrThrow } from "@/lib/status-pages/service";
import { requireServices } from "@/lib/services/service";
import { pageIdsForServices } from "@/lib/status-pages/affected";
import { enqueueComponentUpdates, enqueueIncidentUpdate } from "@/lib/notifications/outbox";
import { affectedComponents, deriveFromUpdates } from "./derive";
import { isHuman, type Actor } from "@/lib/actors";
import { historyChanged } from "@/lib/uptime/strips";
import * as q from "./queries";
import type { CreateIncidentInput, IncidentPatch, IncidentUpdateInput, IncidentView } from "./types";

/** Any incident of the account, v1 or v3; the helpers below decide which API may touch it. */
async function findIncidentOrThrow(db: Db, accountId: string, id: string): Promise<Incident> {
  const row = isUuid(id) ? await q.findIncident(db, accountId, id) : undefined;
  if (!row) throw new NotFoundError("Incident not found");
  return row;
}

/** A v1 incident. A v3 one belongs to a page and is served by /v3 only: 400 naming where. */
export async function getIncidentOrThrow(db: Db, accountId: string, id: string): Promise<Incident> {
  const row = await findIncidentOrThrow(db, accountId, id);
  if (row.status_page_id !== null) {
    const use = `/v3/status-pages/${row.status_page_id}/incidents/${row.id}`;
    throw new ValidationError(`This incident is on a v3 status page: use ${use}`, { use });
  }
  return row;
}

/** A v3 incident of this page; a v1 incident of the account is a 400 naming the v1 path, one of another page 404. */
export async function getV3IncidentOrThrow(db: Db, accountId: string, pageId: string, id: string): Promise<{ page: StatusPage; incident: Incident }> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const incident = await findIncidentOrThrow(db, accountId, id);
  if (incident.status_page_id === null) {
    const use = `/v1/status-pages/incidents/${incident.id}`;
    throw new ValidationError(`This incident is not on a v3 status page: use ${use}`, { fields: ["incidentId"], use });
  }
  if (incident.status_page_id !== page.id) throw new NotFoundError("Incident not found");
  return { page, incident };
}

/**
 * Incidents with what they affect and their updates, in three queries however many incidents there are.
 * `timelineOf` limits the updates read to the incidents it accepts (the others' `updates` are empty): a reader
 * that shows only a line for most of them need not read every timeline.
 */
export async function loadIncidentViews(db: Db, incidents: Incident[], timelineOf?: (incident: Incident) => boolean): Promise<IncidentView[]> {
  const ids = incidents.map((i) => i.id);
  const timelines = timelineOf ? incidents.filter(timelineOf).map((i) => i.id) : ids;
  const [services, impacts, updates] = await Promise.all([q.listServicesOfIncidents(db, ids), q.listImpactsOfIncidents(db, ids), q.listUpdates(db, timelines)]);
  // Grouped once (rows keep their query order): filtering every list per incident made a page with 2,000
  // incidents in its 90 days spend ~170 ms of each render here.
  const servicesOf = byIncident(services);
  const impactsOf = byIncident(impacts);
  const updatesOf = byIncident(updates);
  return incidents.map((incident) => {
    const own = (servicesOf.get(incident.id) ?? []).map(({ incident_id: _i, ...s }) => s);
    const windows = impactsOf.get(incident.id) ?? [];
    return {
      incident,
      services: own,
      impacts: windows.map(({ component_name: _n, ...w }) => w),
      components: affectedComponents(incident, own, windows),
      updates: updatesOf.get(incident.id) ?? [],
    };
  });
}

function byIncident<T extends { incident_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.incident_id);
    if (list) list.push(row);
    else out.set(row.incident_id, [row]);
  }
  return out;
}

export async function getIncidentView(db: Db, accountId: string, id: string): Promise<IncidentView> {
  const [view] = await loadIncidentViews(db, [await getIncidentOrThrow(db, accountId, id)]);
  return view;
}

/** The unresolved incidents on these services (a status page's `incidents`). */
export async function listOpenIncidentViews(db: Db, accountId: string, serviceIds: readonly string[]): Promise<IncidentView[]> {
  return loadIncidentViews(db, await q.listOpenIncidentsForServices(db, accountId, serviceIds));
}

export async function listIncidents(db: Db, accountId: string, page: PageRequest) {
  const { rows, next } = pageOf(await q.listIncidents(db, accountId, page), page.limit);
  return { rows: await loadIncidentViews(db, rows), next };
}

async function serviceIdsOf(db: Db, incidentId: string): Promise<string[]> {
  return (await q.listIncidentServiceIds(db, [incidentId])).map((r) => r.service_id);
}

export type Derived = ReturnType<typeof deriveFromUpdates>;

/**
 * Every incident write (v1 and v3) runs through here with the components it may change, before and after: in its
 * transaction their status flips are queued and their stored uptime strips go stale (lib/uptime/strips.ts). The
 * versions are bumped last, after the write has locked its incident row, so writers take the locks in one order.
 */
export async function componentsWrite<T>(trx: Db, write: Parameters<typeof enqueueComponentUpdates>[1], run: () => Promise<T>): Promise<T> {
  const result = await enqueueComponentUpdates(trx, write, run);
  await historyChanged(trx, { componentIds: write.componentIds });
  return result;
}

async function refreshDerived(db: Db, incidentId: string, at: number): Promise<Derived> {
  const derived = deriveFromUpdates(await q.listUpdates(db, [incidentId]));
  await q.updateIncidentRow(db, incidentId, { ...derived, updated_at: at });
  return derived;
}

export function updateRow(incidentId: string, input: IncidentUpdateInput, status: IncidentUpdate["status"], at: number, actor: Actor | undefined): IncidentUpdate {
  return {
    id: newId(),
    incident_id: incidentId,
    status,
    description: input.description,
    public_incident_update_date: input.publicIncidentUpdateDate ?? at,
    notify_subscribers: input.notifySubscribers ? 1 : 0,
    actor_type: actor?.type ?? null,
    actor_id: actor?.id ?? null,
    created_at: at,
    updated_at: at,
  };
}

/** An incident and its first update are written together or not at all; subscribers are queued in the same transaction. */
export async function createIncident(db: Db, accountId: string, input: CreateIncidentInput, actor?: Actor): Promise<IncidentView> {
  await requireServices(db, accountId, input.serviceIds, "services");
  const id = newId();
  const pages = await db.transaction().execute((trx) => insertIncidentV1(trx, accountId, id, input, actor));
  await invalidatePages(pages);
  return getIncidentView(db, accountId, id);
}

/** createIncident's writes in the caller's transaction (services checked by the caller); the pages to invalidate. */
export async function insertIncidentV1(trx: Db, accountId: string, id: string, input: CreateIncidentInput, actor: Actor | undefined): Promise<string[]> {
  const at = Date.now();
  const serviceIds = [...new Set(input.serviceIds)];
  const update = updateRow(id, input.update, input.update.status ?? "INVESTIGATING", at, actor);
  await componentsWrite(trx, { componentIds: serviceIds, ref: update.id }, async () => {
    await q.insertIncident(trx, {
      id,
      account_id: accountId,
      status_page_id: null,
      name: input.name,
      severity: input.severity,
      impact_actor_type: actor?.type ?? null,
      impact_actor_id: actor?.id ?? null,
      humans_since: isHuman(actor) ? at : null,
      ...deriveFromUpdates([update]),
      created_at: at,
      updated_at: at,
    });
    await q.setIncidentServices(trx, id, serviceIds);
    await q.insertUpdate(trx, update);
  });
  if (update.notify_subscribers) await enqueueIncidentUpdate(trx, { incidentId: id, updateId: update.id, serviceIds });
  return pageIdsForServices(trx, serviceIds);
}

/** PUT replaces name, severity and services; PATCH passes only what changes. */
export async function updateIncident(db: Db, accountId: string, id: string, patch: IncidentPatch, actor?: Actor): Promise<IncidentView> {
  await getIncidentOrThrow(db, accountId, id);
  if (patch.serviceIds) await requireServices(db, accountId, patch.serviceIds, "services");
  const pages = await db.transaction().execute(async (trx) => {
    const before = await serviceIdsOf(trx, id);
    const impactChanged = patch.severity !== undefined || patch.serviceIds !== undefined;
    const impactActor = impactChanged ? { impact_actor_type: actor?.type ?? null, impact_actor_id: actor?.id ?? null } : {};
    await componentsWrite(trx, { componentIds: [...before, ...(patch.serviceIds ?? [])] }, async () => {
      await q.updateIncidentRow(trx, id, { name: patch.name, severity: patch.severity, ...impactActor, updated_at: Date.now() });
      if (isHuman(actor)) await q.markHumans(trx, id, Date.now());
      if (patch.serviceIds) await q.setIncidentServices(trx, id, [...new Set(patch.serviceIds)]);
    });
    return pageIdsForServices(trx, [...before, ...(patch.serviceIds ?? [])]);
  });
  await invalidatePages(pages);
  return getIncidentView(db, accountId, id);
}

/** Worsens a v1 incident's severity in the caller's transaction (lib/automation); the pages to invalidate. */
export async function raiseSeverity(trx: Db, incidentId: string, severity: Incident["severity"], actor: Actor): Promise<string[]> {
  const serviceIds = await serviceIdsOf(trx, incidentId);
  const impactActor = { impact_actor_type: actor.type, impact_actor_id: actor.id };
  await componentsWrite(trx, { componentIds: serviceIds }, () => q.updateIncidentRow(trx, incidentId, { severity, ...impactActor, updated_at: Date.now() }));
  return pageIdsForServices(trx, serviceIds);
}

export async function deleteIncident(db: Db, accountId: string, id: string): Promise<void> {
  await getIncidentOrThrow(db, accountId, id);
  const pages = await db.transaction().execute(async (trx) => {
    const serviceIds = await serviceIdsOf(trx, id);
    const affected = await pageIdsForServices(trx, serviceIds);
    await componentsWrite(trx, { componentIds: serviceIds }, () => q.deleteIncidentRow(trx, accountId, id));
    return affected;
  });
  await invalidatePages(pages);
}

export async function getUpdateOrThrow(db: Db, accountId: string, incidentId: string, updateId: string): Promise<IncidentUpdate> {
  await getIncidentOrThrow(db, accountId, incidentId);
  const row = isUuid(updateId) ? await q.findUpdate(db, incidentId, updateId) : undefined;
  if (!row) throw new NotFoundError("Incident update not found");
  return row;
}

export async function listIncidentUpdates(db: Db, accountId: string, incidentId: string, limit = 100): Promise<IncidentUpdate[]> {
  await getIncidentOrThrow(db, accountId, incidentId);
  return (await q.listUpdates(db, [incidentId])).slice(0, limit);
}

/** Writes a new update (v1 and v3) in the caller's transaction and refreshes the incident's derived columns. */
export async function writeUpdate(trx: Db, incident: Incident, input: IncidentUpdateInput, actor?: Actor): Promise<{ row: IncidentUpdate; derived: Derived }> {
  // Posting order decides the latest update: keep created_at strictly increasing within an incident.
  const [newest] = await q.listUpdates(trx, [incident.id]);
  const at = Math.max(Date.now(), (newest?.created_at ?? 0) + 1);
  // The default status is read here, inside the transaction, so concurrent posts never take a stale one.
  const row = updateRow(incident.id, input, input.status ?? newest?.status ?? incident.last_update_status, at, actor);
  await q.insertUpdate(trx, row);
  if (isHuman(actor)) await q.markHumans(trx, incident.id, at);
  return { row, derived: await refreshDerived(trx, incident.id, at) };
}

/** A new update; its status defaults to the incident's current one. A non-resolved update after RESOLVED reopens. */
export async function addIncidentUpdate(db: Db, accountId: string, incidentId: string, input: IncidentUpdateInput, actor?: Actor): Promise<IncidentUpdate> {
  const incident = await getIncidentOrThrow(db, accountId, incidentId);
  const { row, pages } = await db.transaction().execute((trx) => postIncidentUpdate(trx, incident, input, actor));
  await invalidatePages(pages);
  return row;
}

/** addIncidentUpdate's writes (v1) in the caller's transaction; the update and the pages to invalidate. */
export async function postIncidentUpdate(trx: Db, incident: Incident, input: IncidentUpdateInput, actor: Actor | undefined): Promise<{ row: IncidentUpdate; pages: string[] }> {
  const serviceIds = await serviceIdsOf(trx, incident.id);
  const { row } = await componentsWrite(trx, { componentIds: serviceIds }, () => writeUpdate(trx, incident, input, actor));
  if (row.notify_subscribers) await enqueueIncidentUpdate(trx, { incidentId: incident.id, updateId: row.id, serviceIds });
  return { row, pages: await pageIdsForServices(trx, serviceIds) };
}

/** Edits an update (v1 and v3) in the caller's transaction; omitted fields keep their stored values. */
export async function rewriteUpdate(trx: Db, existing: IncidentUpdate, input: IncidentUpdateInput, actor?: Actor): Promise<Derived> {
  const at = Date.now();
  await q.updateUpdateRow(trx, existing.id, {
    description: input.description,
    status: input.status ?? existing.status,
    public_incident_update_date: input.publicIncidentUpdateDate ?? existing.public_incident_update_date,
    notify_subscribers: input.notifySubscribers === undefined ? existing.notify_subscribers : input.notifySubscribers ? 1 : 0,
    // The last editor is who the update now speaks for.
    actor_type: actor?.type ?? existing.actor_type,
    actor_id: actor ? actor.id : existing.actor_id,
    updated_at: at,
  });
  if (isHuman(actor)) await q.markHumans(trx, existing.incident_id, at);
  return refreshDerived(trx, existing.incident_id, at);
}

/** Editing an update never notifies again, whatever notifySubscribers says. */
export async function editIncidentUpdate(db: Db, accountId: string, incidentId: string, updateId: string, input: IncidentUpdateInput, actor?: Actor): Promise<IncidentUpdate> {
  const existing = await getUpdateOrThrow(db, accountId, incidentId, updateId);
  const pages = await db.transaction().execute(async (trx) => {
    const serviceIds = await serviceIdsOf(trx, incidentId);
    await componentsWrite(trx, { componentIds: serviceIds }, () => rewriteUpdate(trx, existing, input, actor));
    return pageIdsForServices(trx, serviceIds);
  });
  await invalidatePages(pages);
  return getUpdateOrThrow(db, accountId, incidentId, updateId);
}

/** Deletes an update (v1 and v3) in the caller's transaction; the last one stays (v1 answers 409, v3 400). */
export async function removeUpdate(trx: Db, incidentId: string, updateId: string, lastOne: (message: string) => AppError, actor?: Actor): Promise<Derived> {
  if ((await q.listUpdates(trx, [incidentId])).length <= 1) throw lastOne("An incident keeps at least one update; delete the incident instead");
  await q.deleteUpdateRow(trx, updateId);
  if (isHuman(actor)) await q.markHumans(trx, incidentId, Date.now());
  return refreshDerived(trx, incidentId, Date.now());
}

export async function deleteIncidentUpdate(db: Db, accountId: string, incidentId: string, updateId: string): Promise<void> {
  await getUpdateOrThrow(db, accountId, incidentId, updateId);
  const pages = await db.transaction().execute(async (trx) => {
    const serviceIds = await serviceIdsOf(trx, incidentId);
    await componentsWrite(trx, { componentIds: serviceIds }, () => removeUpdate(trx, incidentId, updateId, (message) => new ConflictError(message)));
    return pageIdsForServices(trx, serviceIds);
  });
  await invalidatePages(pages);
}
