import "server-only";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { pageOf, type PageRequest } from "@/lib/db/keyset";
import type { Incident, IncidentUpdate, Severity, StatusPage } from "@/lib/db/types";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { getPageOrThrow } from "@/lib/status-pages/lookup";
import { requireServices } from "@/lib/services/service";
import { severityToStatus } from "@/lib/status";
import { affectedComponents } from "./derive";
import type { Actor } from "@/lib/actors";
import * as q from "./queries";
import { changeIncident, deleteIncident as removeIncident, deleteUpdate, editUpdate, openIncident, postUpdate, write } from "./writer";
import type { ComponentImpactInput, CreateIncidentInput, IncidentPatch, IncidentUpdateInput, IncidentView } from "./types";

/* Incident reads for both APIs, and the v1 verbs: translations of the v1 wire model into the writer's (writer.ts). */

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

/** A v1 incident's services, each at the status its severity shows. */
const atSeverity = (serviceIds: readonly string[], severity: Severity): ComponentImpactInput[] =>
  [...new Set(serviceIds)].map((componentId) => ({ componentId, status: severityToStatus(severity) }));

/** An incident and its first update are written together or not at all; subscribers are queued in the same transaction. */
export async function createIncident(db: Db, accountId: string, input: CreateIncidentInput, actor?: Actor): Promise<IncidentView> {
  await requireServices(db, accountId, input.serviceIds, "services");
  const id = newId();
  const description = { name: input.name, impacts: atSeverity(input.serviceIds, input.severity), severity: input.severity, update: input.update };
  await write(db, (w) => openIncident(w, { accountId, pageId: null }, id, description, actor));
  return getIncidentView(db, accountId, id);
}

/** PUT replaces name, severity and services; PATCH passes only what changes. */
export async function updateIncident(db: Db, accountId: string, id: string, patch: IncidentPatch, actor?: Actor): Promise<IncidentView> {
  const incident = await getIncidentOrThrow(db, accountId, id);
  if (patch.serviceIds) await requireServices(db, accountId, patch.serviceIds, "services");
  const impacts = patch.serviceIds && atSeverity(patch.serviceIds, patch.severity ?? incident.severity);
  await write(db, (w) => changeIncident(w, incident, { name: patch.name, severity: patch.severity, impacts }, actor));
  return getIncidentView(db, accountId, id);
}

export async function deleteIncident(db: Db, accountId: string, id: string): Promise<void> {
  const incident = await getIncidentOrThrow(db, accountId, id);
  await write(db, (w) => removeIncident(w, incident));
}

export async function getUpdateOrThrow(db: Db, accountId: string, incidentId: string, updateId: string): Promise<IncidentUpdate> {
  return (await findUpdateOrThrow(db, accountId, incidentId, updateId)).update;
}

async function findUpdateOrThrow(db: Db, accountId: string, incidentId: string, updateId: string): Promise<{ incident: Incident; update: IncidentUpdate }> {
  const incident = await getIncidentOrThrow(db, accountId, incidentId);
  const update = isUuid(updateId) ? await q.findUpdate(db, incidentId, updateId) : undefined;
  if (!update) throw new NotFoundError("Incident update not found");
  return { incident, update };
}

export async function listIncidentUpdates(db: Db, accountId: string, incidentId: string, limit = 100): Promise<IncidentUpdate[]> {
  await getIncidentOrThrow(db, accountId, incidentId);
  return (await q.listUpdates(db, [incidentId])).slice(0, limit);
}

/** A new update; its status defaults to the incident's current one. A non-resolved update after RESOLVED reopens. */
export async function addIncidentUpdate(db: Db, accountId: string, incidentId: string, input: IncidentUpdateInput, actor?: Actor): Promise<IncidentUpdate> {
  const incident = await getIncidentOrThrow(db, accountId, incidentId);
  return write(db, (w) => postUpdate(w, incident, input, actor));
}

/** Editing an update never notifies again, whatever notifySubscribers says. */
export async function editIncidentUpdate(db: Db, accountId: string, incidentId: string, updateId: string, input: IncidentUpdateInput, actor?: Actor): Promise<IncidentUpdate> {
  const { incident, update } = await findUpdateOrThrow(db, accountId, incidentId, updateId);
  await write(db, (w) => editUpdate(w, incident, update, input, actor));
  return getUpdateOrThrow(db, accountId, incidentId, updateId);
}

/** The last update stays: 409. */
export async function deleteIncidentUpdate(db: Db, accountId: string, incidentId: string, updateId: string): Promise<void> {
  const { incident, update } = await findUpdateOrThrow(db, accountId, incidentId, updateId);
  await write(db, (w) => deleteUpdate(w, incident, update.id, (message) => new ConflictError(message)));
}
