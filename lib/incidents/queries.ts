import "server-only";
import type { Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { ExpressionBuilder, Insertable } from "kysely";
import type { ActorType, Database, Incident, IncidentImpact, IncidentImpactsTable, IncidentsTable, IncidentUpdate, IncidentUpdatesTable, Service } from "@/lib/db/types";

export async function insertIncident(db: Db, row: Insertable<IncidentsTable>): Promise<void> {
  await db.insertInto("incidents").values(row).execute();
}

export async function findIncident(db: Db, accountId: string, id: string): Promise<Incident | undefined> {
  return db.selectFrom("incidents").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

/** The account's v1 incidents (v3 ones belong to a page and are listed there). */
export async function listIncidents(db: Db, accountId: string, page: PageRequest): Promise<Incident[]> {
  return applyKeyset(db.selectFrom("incidents").selectAll().where("account_id", "=", accountId).where("status_page_id", "is", null), "incidents", page, "desc").execute();
}

/**
 * A v3 page's incidents, most recently updated first. The keyset is (updated_at, id): `after.createdAt`
 * carries the updated_at of the previous page's last row.
 */
export async function listIncidentsOfPage(db: Db, pageId: string, page: PageRequest): Promise<Incident[]> {
  let q = db.selectFrom("incidents").selectAll().where("status_page_id", "=", pageId);
  if (page.after) {
    const { createdAt: at, id } = page.after;
    q = q.where((eb) => eb.or([eb("updated_at", "<", at), eb.and([eb("updated_at", "=", at), eb("id", "<", id)])]));
  }
  return q.orderBy("updated_at", "desc").orderBy("id", "desc").limit(page.limit + 1).execute();
}

/** Anyone but the automation writing to an incident hands it to humans, from the first such write on. */
export async function markHumans(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("incidents").set((eb) => ({ humans_since: eb.fn.coalesce("humans_since", eb.val(at)) })).where("id", "=", id).execute();
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

/** v3 impact windows with their component's name, oldest first. */
export async function listImpactsOfIncidents(db: Db, incidentIds: readonly string[]): Promise<(IncidentImpact & { component_name: string })[]> {
  if (incidentIds.length === 0) return [];
  return db
    .selectFrom("incident_impacts")
    .innerJoin("components", "components.id", "incident_impacts.component_id")
    .where("incident_impacts.incident_id", "in", incidentIds)
    .selectAll("incident_impacts")
    .select("components.name as component_name")
    .orderBy("incident_impacts.started_at")
    .orderBy("incident_impacts.id")
    .execute();
}

/** One incident's impact windows, oldest first (inside a verb's transaction). */
export async function listImpacts(db: Db, incidentId: string): Promise<IncidentImpact[]> {
  return db.selectFrom("incident_impacts").selectAll().where("incident_id", "=", incidentId).orderBy("started_at").orderBy("id").execute();
}

export async function insertImpacts(db: Db, rows: readonly Insertable<IncidentImpactsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("incident_impacts").values([...rows]).execute();
}

/** Ends these windows at `at` (open ones, and any set to end later), never before they started; the closer is who they now speak for. */
export async function closeImpacts(db: Db, ids: readonly string[], at: number, actor: { actor_type: ActorType | null; actor_id: string | null }): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("incident_impacts")
    .set((eb) => ({ ended_at: eb.case().when("started_at", ">", at).then(eb.ref("started_at")).else(at).end(), ...actor }))
    .where("id", "in", ids)
    .where((eb) => eb.or([eb("ended_at", "is", null), eb("ended_at", ">", at)]))
    .execute();
}

export async function deleteImpacts(db: Db, incidentId: string): Promise<void> {
  await db.deleteFrom("incident_impacts").where("incident_id", "=", incidentId).execute();
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

export async function insertUpdate(db: Db, row: Insertable<IncidentUpdatesTable>): Promise<void> {
  await db.insertInto("incident_updates").values(row).execute();
}

export async function updateUpdateRow(db: Db, id: string, patch: Partial<Omit<IncidentUpdate, "id" | "incident_id">>): Promise<void> {
  await db.updateTable("incident_updates").set(patch).where("id", "=", id).execute();
}

export async function deleteUpdateRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("incident_updates").where("id", "=", id).execute();
}

/** What a page shows incidents of: its own (v3) and those of the services its cards list (v1). */
export interface IncidentScope {
  pageId: string;
  serviceIds: readonly string[];
}

export function onScope(scope: IncidentScope) {
  return (eb: ExpressionBuilder<Database, "incidents">) =>
    scope.serviceIds.length === 0
      ? eb("incidents.status_page_id", "=", scope.pageId)
      : eb.or([
          eb("incidents.status_page_id", "=", scope.pageId),
          eb.exists(
            eb.selectFrom("incident_services").select("incident_services.incident_id").whereRef("incident_services.incident_id", "=", "incidents.id").where("incident_services.service_id", "in", scope.serviceIds),
          ),
        ]);
}

/** A page's incidents unresolved or resolved since `since`, newest first. */
export async function listIncidentsForScope(db: Db, scope: IncidentScope, since: number): Promise<Incident[]> {
  return db
    .selectFrom("incidents")
    .selectAll()
    .where(onScope(scope))
    .where((eb) => eb.or([eb("resolved_at", "is", null), eb("resolved_at", ">=", since)]))
    .orderBy("started_at", "desc")
    .execute();
}

/** A page's incidents that started in [from, to), newest first (history pages). */
export async function listIncidentsForScopeBetween(db: Db, scope: IncidentScope, from: number, to: number): Promise<Incident[]> {
  return db
    .selectFrom("incidents")
    .selectAll()
    .where(onScope(scope))
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

/** Of these v3 components, those an open incident owned by humans has an open impact window on. */
export async function humanOwnedComponents(db: Db, pageId: string, componentIds: readonly string[]): Promise<string[]> {
  if (componentIds.length === 0) return [];
  const rows = await db
    .selectFrom("incident_impacts")
    .innerJoin("incidents", "incidents.id", "incident_impacts.incident_id")
    .select("incident_impacts.component_id")
    .distinct()
    .where("incidents.status_page_id", "=", pageId)
    .where("incidents.resolved_at", "is", null)
    .where("incidents.humans_since", "is not", null)
    .where("incident_impacts.ended_at", "is", null)
    .where("incident_impacts.component_id", "in", componentIds)
    .execute();
  return rows.map((r) => r.component_id);
}

/** Of these v1 services, those an open incident owned by humans covers. */
export async function humanOwnedServices(db: Db, accountId: string, serviceIds: readonly string[]): Promise<string[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db
    .selectFrom("incident_services")
    .innerJoin("incidents", "incidents.id", "incident_services.incident_id")
    .select("incident_services.service_id")
    .distinct()
    .where("incidents.account_id", "=", accountId)
    .where("incidents.resolved_at", "is", null)
    .where("incidents.humans_since", "is not", null)
    .where("incident_services.service_id", "in", serviceIds)
    .execute();
  return rows.map((r) => r.service_id);
}
