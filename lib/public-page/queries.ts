import "server-only";
import { sql } from "kysely";
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

/**
 * What listIncidentsForScope returns (unresolved or resolved since `since`, newest first), at a cost bounded by the
 * window, not history: the window's incidents come from the (account_id, resolved_at) index, each checked through its
 * own incident_services rows. Checking every incident ever cost a 200-service page 34 ms a render (50 ms at 5 years).
 */
export async function listPageIncidentsSince(db: Db, accountId: string, scope: IncidentScope, since: number): Promise<Incident[]> {
  return db
    .selectFrom("incidents")
    .selectAll()
    // Two account-bound terms, so SQLite searches the index for each (a MULTI-INDEX OR).
    .where((eb) => eb.or([eb.and([eb("account_id", "=", accountId), eb("resolved_at", "is", null)]), eb.and([eb("account_id", "=", accountId), eb("resolved_at", ">=", since)])]))
    .where((eb) =>
      scope.serviceIds.length === 0
        ? eb("status_page_id", "=", scope.pageId)
        : eb.or([
            eb("status_page_id", "=", scope.pageId),
            eb.exists(
              eb
                .selectFrom("incident_services")
                .select("incident_services.incident_id")
                .whereRef("incident_services.incident_id", "=", "incidents.id")
                // `|| ''` keeps SQLite from probing the (incident_id, service_id) key once per listed service
                // (200 probes per incident): it reads the incident's own rows and tests each against the list.
                .where(sql<string>`${sql.ref("incident_services.service_id")} || ''`, "in", [...scope.serviceIds]),
            ),
          ]),
    )
    .orderBy("started_at", "desc")
    .execute();
}

/** Names of these incidents of the account (the incidents a component's bars name), by id. */
export async function listIncidentNames(db: Db, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("incidents").select(["id", "name"]).where("account_id", "=", accountId).where("id", "in", [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
