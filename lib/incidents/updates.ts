import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { IncidentUpdate } from "@/lib/db/types";
import type { AppError } from "@/lib/errors";
import { isHuman, type Actor } from "@/lib/actors";
import { deriveFromUpdates } from "./derive";
import * as q from "./queries";
import type { IncidentUpdateInput } from "./types";

/* An incident's update rows and the columns derived from them; only the writer (writer.ts) calls these. */

export type Derived = ReturnType<typeof deriveFromUpdates>;

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

/** Writes a new update and refreshes the incident's derived columns. */
export async function writeUpdate(trx: Db, incident: { id: string; last_update_status: IncidentUpdate["status"] }, input: IncidentUpdateInput, actor?: Actor): Promise<{ row: IncidentUpdate; derived: Derived }> {
  // Posting order decides the latest update: keep created_at strictly increasing within an incident.
  const [newest] = await q.listUpdates(trx, [incident.id]);
  const at = Math.max(Date.now(), (newest?.created_at ?? 0) + 1);
  // The default status is read here, inside the transaction, so concurrent posts never take a stale one.
  const row = updateRow(incident.id, input, input.status ?? newest?.status ?? incident.last_update_status, at, actor);
  await q.insertUpdate(trx, row);
  if (isHuman(actor)) await q.markHumans(trx, incident.id, at);
  return { row, derived: await refreshDerived(trx, incident.id, at) };
}

/** Edits an update; omitted fields keep their stored values. */
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

/** Deletes an update; the last one stays (`lastOne` says how each API refuses). */
export async function removeUpdate(trx: Db, incidentId: string, updateId: string, lastOne: (message: string) => AppError, actor?: Actor): Promise<Derived> {
  if ((await q.listUpdates(trx, [incidentId])).length <= 1) throw lastOne("An incident keeps at least one update; delete the incident instead");
  await q.deleteUpdateRow(trx, updateId);
  if (isHuman(actor)) await q.markHumans(trx, incidentId, Date.now());
  return refreshDerived(trx, incidentId, Date.now());
}
