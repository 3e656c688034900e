import "server-only";
import type { Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { Service } from "@/lib/db/types";

export async function insertService(db: Db, row: Service): Promise<void> {
  await db.insertInto("services").values(row).execute();
}

export async function findService(db: Db, accountId: string, id: string): Promise<Service | undefined> {
  return db.selectFrom("services").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function findServicesByIds(db: Db, accountId: string, ids: readonly string[]): Promise<Service[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("services").selectAll().where("account_id", "=", accountId).where("id", "in", ids).execute();
}

export async function listServices(db: Db, accountId: string, page: PageRequest): Promise<Service[]> {
  return applyKeyset(db.selectFrom("services").selectAll().where("account_id", "=", accountId), "services", page, "asc").execute();
}

export async function renameService(db: Db, accountId: string, id: string, name: string, at: number): Promise<number> {
  const r = await db.updateTable("services").set({ name, updated_at: at }).where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteServiceRow(db: Db, accountId: string, id: string): Promise<number> {
  const r = await db.deleteFrom("services").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Services named by an unresolved incident cannot be deleted. */
export async function countOpenIncidentsUsing(db: Db, serviceId: string): Promise<number> {
  const r = await db
    .selectFrom("incident_services")
    .innerJoin("incidents", "incidents.id", "incident_services.incident_id")
    .where("incident_services.service_id", "=", serviceId)
    .where("incidents.resolved_at", "is", null)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Incident links of resolved incidents are removed with the service so history stays consistent. */
export async function deleteIncidentLinks(db: Db, serviceId: string): Promise<void> {
  await db.deleteFrom("incident_services").where("service_id", "=", serviceId).execute();
}
