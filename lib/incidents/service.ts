import "server-only";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { pageOf, type PageRequest } from "@/lib/db/keyset";
import type { Incident, IncidentUpdate } from "@/lib/db/types";
import { invalidatePages } from "@/lib/cache/invalidate";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { requireServices } from "@/lib/services/service";
import { pageIdsForServices } from "@/lib/status-pages/affected";
import { enqueueIncidentUpdate } from "@/lib/notifications/outbox";
import { deriveFromUpdates } from "./derive";
import * as q from "./queries";
import type { CreateIncidentInput, IncidentPatch, IncidentUpdateInput, IncidentView } from "./types";

export async function getIncidentOrThrow(db: Db, accountId: string, id: string): Promise<Incident> {
  const row = isUuid(id) ? await q.findIncident(db, accountId, id) : undefined;
  if (!row) throw new NotFoundError("Incident not found");
  return row;
}

/** Incidents with their services and updates, in two queries however many incidents there are. */
export async function loadIncidentViews(db: Db, incidents: Incident[]): Promise<IncidentView[]> {
  const ids = incidents.map((i) => i.id);
  const [services, updates] = await Promise.all([q.listServicesOfIncidents(db, ids), q.listUpdates(db, ids)]);
  return incidents.map((incident) => ({
    incident,
    services: services.filter((s) => s.incident_id === incident.id).map(({ incident_id: _i, ...s }) => s),
    updates: updates.filter((u) => u.incident_id === incident.id),
  }));
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

async function refreshDerived(db: Db, incidentId: string, at: number): Promise<void> {
  const updates = await q.listUpdates(db, [incidentId]);
  await q.updateIncidentRow(db, incidentId, { ...deriveFromUpdates(updates), updated_at: at });
}

function updateRow(incidentId: string, input: IncidentUpdateInput, status: IncidentUpdate["status"], at: number): IncidentUpdate {
  return {
    id: newId(),
    incident_id: incidentId,
    status,
    description: input.description,
    public_incident_update_date: input.publicIncidentUpdateDate ?? at,
    notify_subscribers: input.notifySubscribers ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
}

/** An incident and its first update are written together or not at all; subscribers are queued in the same transaction. */
export async function createIncident(db: Db, accountId: string, input: CreateIncidentInput): Promise<IncidentView> {
  await requireServices(db, accountId, input.serviceIds, "services");
  const at = Date.now();
  const id = newId();
  const serviceIds = [...new Set(input.serviceIds)];
  const pages = await db.transaction().execute(async (trx) => {
    const update = updateRow(id, input.update, input.update.status ?? "INVESTIGATING", at);
    await q.insertIncident(trx, { id, account_id: accountId, name: input.name, severity: input.severity, ...deriveFromUpdates([update]), created_at: at, updated_at: at });
    await q.setIncidentServices(trx, id, serviceIds);
    await q.insertUpdate(trx, update);
    if (update.notify_subscribers) await enqueueIncidentUpdate(trx, { incidentId: id, updateId: update.id, serviceIds });
    return pageIdsForServices(trx, serviceIds);
  });
  await invalidatePages(pages);
  return getIncidentView(db, accountId, id);
}

/** PUT replaces name, severity and services; PATCH passes only what changes. */
export async function updateIncident(db: Db, accountId: string, id: string, patch: IncidentPatch): Promise<IncidentView> {
  await getIncidentOrThrow(db, accountId, id);
  if (patch.serviceIds) await requireServices(db, accountId, patch.serviceIds, "services");
  const pages = await db.transaction().execute(async (trx) => {
    const before = await serviceIdsOf(trx, id);
    await q.updateIncidentRow(trx, id, { name: patch.name, severity: patch.severity, updated_at: Date.now() });
    if (patch.serviceIds) await q.setIncidentServices(trx, id, [...new Set(patch.serviceIds)]);
    return pageIdsForServices(trx, [...before, ...(patch.serviceIds ?? [])]);
  });
  await invalidatePages(pages);
  return getIncidentView(db, accountId, id);
}

export async function deleteIncident(db: Db, accountId: string, id: string): Promise<void> {
  await getIncidentOrThrow(db, accountId, id);
  const pages = await db.transaction().execute(async (trx) => {
    const affected = await pageIdsForServices(trx, await serviceIdsOf(trx, id));
    await q.deleteIncidentRow(trx, accountId, id);
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

/** A new update; its status defaults to the incident's current one. A non-resolved update after RESOLVED reopens. */
export async function addIncidentUpdate(db: Db, accountId: string, incidentId: string, input: IncidentUpdateInput): Promise<IncidentUpdate> {
  const incident = await getIncidentOrThrow(db, accountId, incidentId);
  let row: IncidentUpdate | undefined;
  const pages = await db.transaction().execute(async (trx) => {
    // Posting order decides the latest update: keep created_at strictly increasing within an incident.
    const [newest] = await q.listUpdates(trx, [incidentId]);
    const at = Math.max(Date.now(), (newest?.created_at ?? 0) + 1);
    // The default status is read here, inside the transaction, so concurrent posts never take a stale one.
    row = updateRow(incidentId, input, input.status ?? newest?.status ?? incident.last_update_status, at);
    await q.insertUpdate(trx, row);
    await refreshDerived(trx, incidentId, at);
    const serviceIds = await serviceIdsOf(trx, incidentId);
    if (row.notify_subscribers) await enqueueIncidentUpdate(trx, { incidentId, updateId: row.id, serviceIds });
    return pageIdsForServices(trx, serviceIds);
  });
  await invalidatePages(pages);
  return row!;
}

/** Editing an update never notifies again, whatever notifySubscribers says. */
export async function editIncidentUpdate(db: Db, accountId: string, incidentId: string, updateId: string, input: IncidentUpdateInput): Promise<IncidentUpdate> {
  const existing = await getUpdateOrThrow(db, accountId, incidentId, updateId);
  const at = Date.now();
  const pages = await db.transaction().execute(async (trx) => {
    await q.updateUpdateRow(trx, updateId, {
      description: input.description,
      status: input.status ?? existing.status,
      public_incident_update_date: input.publicIncidentUpdateDate ?? existing.public_incident_update_date,
      notify_subscribers: input.notifySubscribers === undefined ? existing.notify_subscribers : input.notifySubscribers ? 1 : 0,
      updated_at: at,
    });
    await refreshDerived(trx, incidentId, at);
    return pageIdsForServices(trx, await serviceIdsOf(trx, incidentId));
  });
  await invalidatePages(pages);
  return getUpdateOrThrow(db, accountId, incidentId, updateId);
}

export async function deleteIncidentUpdate(db: Db, accountId: string, incidentId: string, updateId: string): Promise<void> {
  await getUpdateOrThrow(db, accountId, incidentId, updateId);
  const pages = await db.transaction().execute(async (trx) => {
    if ((await q.listUpdates(trx, [incidentId])).length <= 1) {
      throw new ConflictError("An incident keeps at least one update; delete the incident instead");
    }
    await q.deleteUpdateRow(trx, updateId);
    await refreshDerived(trx, incidentId, Date.now());
    return pageIdsForServices(trx, await serviceIdsOf(trx, incidentId));
  });
  await invalidatePages(pages);
}
