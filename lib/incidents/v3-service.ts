import "server-only";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import type { Keyset, PageRequest } from "@/lib/db/keyset";
import type { Incident, IncidentUpdate } from "@/lib/db/types";
import { NotFoundError, ValidationError } from "@/lib/errors";
import type { Actor } from "@/lib/actors";
import * as q from "./queries";
import { getPageOrThrow } from "@/lib/status-pages/lookup";
import { getV3IncidentOrThrow, loadIncidentViews } from "./service";
import { changeIncident, deleteIncident, deleteUpdate, editUpdate, openIncident, postUpdate, replaceImpactHistory, write } from "./writer";
import type { CreateIncidentV3Input, ImpactWindowInput, IncidentUpdateInput, IncidentV3Patch, IncidentView } from "./types";

/*
 * The v3 verbs: an incident belongs to one v3 page and says what it does to each of the page's components.
 * They find and authorize, then hand the incident to the one writer (writer.ts).
 */

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
  await write(db, (w) => openIncident(w, { accountId, pageId: page.id }, id, { name: input.name, impacts: input.componentImpacts, update: input.update }, actor));
  return reload(db, id);
}

/** Renames, and with `componentImpacts` reconciles the components' status (those left out become operational). */
export async function updateIncidentV3(db: Db, accountId: string, pageId: string, id: string, patch: IncidentV3Patch, actor: Actor): Promise<IncidentView> {
  const { incident } = await getV3IncidentOrThrow(db, accountId, pageId, id);
  await write(db, (w) => changeIncident(w, incident, { name: patch.name, impacts: patch.componentImpacts }, actor));
  return reload(db, id);
}

/** Replaces the whole impact history (corrections after the fact). */
export async function replaceImpactsV3(db: Db, accountId: string, pageId: string, id: string, windows: ImpactWindowInput[], actor: Actor): Promise<IncidentView> {
  const { incident } = await getV3IncidentOrThrow(db, accountId, pageId, id);
  await write(db, (w) => replaceImpactHistory(w, incident, windows, actor));
  return reload(db, id);
}

export async function deleteIncidentV3(db: Db, accountId: string, pageId: string, id: string): Promise<void> {
  const { incident } = await getV3IncidentOrThrow(db, accountId, pageId, id);
  await write(db, (w) => deleteIncident(w, incident));
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
  const { incident } = await getV3IncidentOrThrow(db, accountId, pageId, incidentId);
  return write(db, (w) => postUpdate(w, incident, input, actor));
}

/** Editing never notifies again; an edit that resolves the incident closes its open windows as posting would. */
export async function editIncidentUpdateV3(db: Db, accountId: string, pageId: string, incidentId: string, updateId: string, input: IncidentUpdateInput, actor: Actor): Promise<IncidentUpdate> {
  const { incident, update } = await getV3UpdateOrThrow(db, accountId, pageId, incidentId, updateId);
  await write(db, (w) => editUpdate(w, incident, update, input, actor));
  return getIncidentUpdateV3(db, accountId, pageId, incidentId, updateId);
}

/** The last remaining update cannot go (400: delete the incident instead). */
export async function deleteIncidentUpdateV3(db: Db, accountId: string, pageId: string, incidentId: string, updateId: string, actor: Actor): Promise<void> {
  const { incident, update } = await getV3UpdateOrThrow(db, accountId, pageId, incidentId, updateId);
  await write(db, (w) => deleteUpdate(w, incident, update.id, (message) => new ValidationError(message, { fields: ["incidentUpdateId"] }), actor));
}
