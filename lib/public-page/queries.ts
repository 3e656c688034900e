import "server-only";
import type { Db } from "@/lib/db";
import type { Incident } from "@/lib/db/types";
import { onScope, type IncidentScope } from "@/lib/incidents/queries";

/** An incident of the page's account shown on the page (its own, or on one of its cards' services), or undefined. */
export async function findIncidentShownOn(db: Db, accountId: string, incidentId: string, pageId: string): Promise<Incident | undefined> {
  return db
    .selectFrom("incidents")
    .selectAll()
    .where("id", "=", incidentId)
    .where("account_id", "=", accountId)
    .where((eb) =>
      eb.or([
        eb("incidents.status_page_id", "=", pageId),
        eb.exists(
          eb
            .selectFrom("incident_services as isv")
            .innerJoin("card_services as cs", "cs.service_id", "isv.service_id")
            .innerJoin("cards as c", "c.id", "cs.card_id")
            .select("isv.incident_id")
            .whereRef("isv.incident_id", "=", "incidents.id")
            .where("c.status_page_id", "=", pageId),
        ),
      ]),
    )
    .executeTakeFirst();
}

/** Start of the oldest incident the page shows (bounds history paging), or null. */
export async function earliestIncidentStart(db: Db, scope: IncidentScope): Promise<number | null> {
  const row = await db
    .selectFrom("incidents")
    .select((eb) => eb.fn.min("started_at").as("first"))
    .where(onScope(scope))
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}
