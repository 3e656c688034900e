import "server-only";
import type { Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { Incident, IncidentUpdate, Service } from "@/lib/db/types";

export async function insertIncident(db: Db, row: Incident): Promise<void> {
  await db.insertInto("incidents").values(row).execute();
}

export async function findIncident(db: Db, accountId: string, id: string): Promise<Incident | undefined> {
  return db.selectFrom("incidents").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function listIncidents(db: Db, accountId: string, page: PageRequest): Promise<Incident[]> {
  return applyKeyset(db.selectFrom("incidents").selectAll().where("account_id", "=", accountId), "incidents", page, "desc").execute();
}

export async function updateIncidentRow(db: Db, id: string, patch: Partial<Omit<Incident, "id" | "account_id">>): Promise<void> {
  await db.updateTable("incidents").set(patch).where("id", "=", id).execute();
}

export async function deleteIncidentRow(db: Db, accountId: string, id: string): Promise<number> {
  const r = await db.deleteFrom("incidents").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function setIncidentServices(db: Db, incidentId: string, serviceIds: readonly string[]): Promise<void> {
  await db.deleteFrom("incident_services").where("incident_id", "=", incidentId).execute();
  if (serviceIds.length > 0) {
    await db.insertInto("incident_services").values(serviceIds.map((service_id) => ({ incident_id: incidentId, service_id }))).execute();
  }
}

export async function listIncidentServiceIds(db: Db, incidentIds: readonly string[]): Promise<{ incident_id: string; service_id: string }[]> {
  if (incidentIds.length === 0) return [];
  return db.selectFrom("incident_services").select(["incident_id", "service_id"]).where("incident_id", "in", incidentIds).execute();
}

export async function listServicesOfIncidents(db: Db, incidentIds: readonly string[]): Promise<(Service & { incident_id: string })[]> {
  if (incidentIds.length === 0) return [];
  return db
    .selectFrom("incident_services")
    .innerJoin("services", "services.id", "incident_services.service_id")
    .where("incident_services.incident_id", "in", incidentIds)
    .selectAll("services")
    .select("incident_services.incident_id")
    .orderBy("services.name")
    .execute();
}

/** Updates newest first (by posting order), as the API and the timeline show them. */
export async function listUpdates(db: Db, incidentIds: readonly string[]): Promise<IncidentUpdate[]> {
  if (incidentIds.length === 0) return [];
  return db
    .selectFrom("incident_updates")
    .selectAll()
    .where("incident_id", "in", incidentIds)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function findUpdate(db: Db, incidentId: string, id: string): Promise<IncidentUpdate | undefined> {
  return db.selectFrom("incident_updates").selectAll().where("incident_id", "=", incidentId).where("id", "=", id).executeTakeFirst();
}

export async function insertUpdate(db: Db, row: IncidentUpdate): Promise<void> {
  await db.insertInto("incident_updates").values(row).execute();
}

export async function updateUpdateRow(db: Db, id: string, patch: Partial<Omit<IncidentUpdate, "id" | "incident_id">>): Promise<void> {
  await db.updateTable("incident_updates").set(patch).where("id", "=", id).execute();
}

export async function deleteUpdateRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("incident_updates").where("id", "=", id).execute();
}

/** Incidents touching any of these services: unresolved ones, plus those resolved since `since`. */
export async function listIncidentsForServices(db: Db, serviceIds: readonly string[], since: number): Promise<Incident[]> {
  if (serviceIds.length === 0) return [];
  return db
    .selectFrom("incidents")
    .selectAll()
    .where((eb) =>
      eb.exists(
        eb.selectFrom("incident_services").select("incident_services.incident_id").whereRef("incident_services.incident_id", "=", "incidents.id").where("incident_services.service_id", "in", serviceIds),
      ),
    )
    .where((eb) => eb.or([eb("resolved_at", "is", null), eb("resolved_at", ">=", since)]))
    .orderBy("started_at", "desc")
    .execute();
}

/** Incidents of these services that started before `before`, newest first (history pages). */
export async function listIncidentsForServicesBetween(db: Db, serviceIds: readonly string[], from: number, to: number): Promise<Incident[]> {
  if (serviceIds.length === 0) return [];
  return db
    .selectFrom("incidents")
    .selectAll()
    .where((eb) =>
      eb.exists(
        eb.selectFrom("incident_services").select("incident_services.incident_id").whereRef("incident_services.incident_id", "=", "incidents.id").where("incident_services.service_id", "in", serviceIds),
      ),
    )
    .where("started_at", ">=", from)
    .where("started_at", "<", to)
    .orderBy("started_at", "desc")
    .execute();
}

export async function findIncidentById(db: Db, id: string): Promise<Incident | undefined> {
  return db.selectFrom("incidents").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Unresolved incidents of an account touching any of these services, newest first. */
export async function listOpenIncidentsForServices(db: Db, accountId: string, serviceIds: readonly string[]): Promise<Incident[]> {
  if (serviceIds.length === 0) return [];
  return db
    .selectFrom("incidents")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("resolved_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("incident_services").select("incident_services.incident_id").whereRef("incident_services.incident_id", "=", "incidents.id").where("incident_services.service_id", "in", serviceIds),
      ),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
