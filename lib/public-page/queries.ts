import "server-only";
import type { Db } from "@/lib/db";
import type { Incident } from "@/lib/db/types";

/** An incident of the page's account that touches one of the page's services, or undefined. */
export async function findIncidentOnServices(db: Db, accountId: string, incidentId: string, serviceIds: readonly string[]): Promise<Incident | undefined> {
  if (serviceIds.length === 0) return undefined;
  return db
    .selectFrom("incidents")
    .selectAll()
    .where("id", "=", incidentId)
    .where("account_id", "=", accountId)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("incident_services").select("incident_services.incident_id").whereRef("incident_services.incident_id", "=", "incidents.id").where("incident_services.service_id", "in", serviceIds),
      ),
    )
    .executeTakeFirst();
}

/** Start of the oldest incident on these services (bounds history paging), or null. */
export async function earliestIncidentStart(db: Db, serviceIds: readonly string[]): Promise<number | null> {
  if (serviceIds.length === 0) return null;
  const row = await db
    .selectFrom("incidents")
    .select((eb) => eb.fn.min("started_at").as("first"))
    .where((eb) =>
      eb.exists(
        eb.selectFrom("incident_services").select("incident_services.incident_id").whereRef("incident_services.incident_id", "=", "incidents.id").where("incident_services.service_id", "in", serviceIds),
      ),
    )
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}
