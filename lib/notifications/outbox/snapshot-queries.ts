import "server-only";
/* Reads an event's snapshot is made from (snapshot.ts), and the page head the worker's links need. */
import type { Db } from "@/lib/db";

/** Of the given components (null = all), those the page shows, in display order: its cards' services (v1) or its own visible components (v3). */
export async function servicesOnPage(db: Db, pageId: string, componentIds: readonly string[] | null): Promise<{ id: string; name: string }[]> {
  if (componentIds !== null && componentIds.length === 0) return [];
  let cards = db
    .selectFrom("card_services")
    .innerJoin("cards", "cards.id", "card_services.card_id")
    .innerJoin("services", "services.id", "card_services.service_id")
    .where("cards.status_page_id", "=", pageId)
    .select(["services.id", "services.name"])
    .orderBy("cards.position")
    .orderBy("card_services.position");
  // As the public page shows them: a visible service whose group (if any) is visible too (lib/components/structure.ts).
  let own = db
    .selectFrom("components as c")
    .leftJoin("components as g", "g.id", "c.parent_id")
    .where("c.status_page_id", "=", pageId)
    .where("c.hidden", "=", 0)
    .where("c.type", "=", "SERVICE")
    .where((eb) => eb.or([eb("g.id", "is", null), eb("g.hidden", "=", 0)]))
    .select(["c.id", "c.name"])
    .orderBy("c.display_order")
    .orderBy("c.id");
  if (componentIds) {
    cards = cards.where("services.id", "in", [...componentIds]);
    own = own.where("c.id", "in", [...componentIds]);
  }
  const [fromCards, fromComponents] = await Promise.all([cards.execute(), own.execute()]);
  const seen = new Set<string>();
  return [...fromCards, ...fromComponents].filter((s) => !seen.has(s.id) && seen.add(s.id));
}

/**
 * What may be open at `at` or later on these components (v1 incidents through their services, v3 impact windows), read
 * from the account's incidents unresolved or resolved after `at` by its (account_id, resolved_at) index: resolving closes
 * every window (lib/incidents/models.ts). Every write reads this twice; by component it cost 70 ms at five years.
 */
export async function openImpactsOn(db: Db, accountId: string, componentIds: readonly string[], at: number) {
  if (componentIds.length === 0) return { incidents: [], windows: [] };
  const [incidents, windows] = await Promise.all([
    db
      .selectFrom("incidents as i")
      .innerJoin("incident_services as x", "x.incident_id", "i.id")
      .where((eb) => eb.or([eb.and([eb("i.account_id", "=", accountId), eb("i.resolved_at", "is", null)]), eb.and([eb("i.account_id", "=", accountId), eb("i.resolved_at", ">", at)])]))
      .where("x.service_id", "in", componentIds)
      .select(["i.id", "i.severity", "i.started_at", "i.resolved_at", "x.service_id"])
      .execute(),
    db
      .selectFrom("incidents as i")
      .innerJoin("incident_impacts as w", "w.incident_id", "i.id")
      .where((eb) => eb.or([eb.and([eb("i.account_id", "=", accountId), eb("i.resolved_at", "is", null)]), eb.and([eb("i.account_id", "=", accountId), eb("i.resolved_at", ">", at)])]))
      .where("w.component_id", "in", componentIds)
      .where((eb) => eb.or([eb("w.ended_at", "is", null), eb("w.ended_at", ">", at)]))
      .select(["w.incident_id", "i.severity", "i.started_at", "i.resolved_at", "w.component_id", "w.status", "w.started_at as window_started_at", "w.ended_at"])
      .execute(),
  ]);
  return { incidents, windows };
}

/** The account these components (v1: services) belong to; a write's components are all of one account. */
export async function accountOfComponent(db: Db, componentId: string): Promise<string | undefined> {
  const service = await db.selectFrom("services").select("account_id").where("id", "=", componentId).executeTakeFirst();
  if (service) return service.account_id;
  const component = await db
    .selectFrom("components")
    .innerJoin("status_pages", "status_pages.id", "components.status_page_id")
    .select("status_pages.account_id")
    .where("components.id", "=", componentId)
    .executeTakeFirst();
  return component?.account_id;
}

/** When these components (v1: services) were created. */
export async function componentsCreatedAt(db: Db, componentIds: readonly string[]): Promise<Map<string, number>> {
  if (componentIds.length === 0) return new Map();
  const [services, components] = await Promise.all([
    db.selectFrom("services").where("id", "in", componentIds).select(["id", "created_at"]).execute(),
    db.selectFrom("components").where("id", "in", componentIds).select(["id", "created_at"]).execute(),
  ]);
  return new Map([...services, ...components].map((r) => [r.id, r.created_at]));
}

/** An incident and its newest updates (what a message about one of them quotes). */
export async function findIncidentWithUpdates(db: Db, incidentId: string, limit: number) {
  const [incident, updates] = await Promise.all([
    db.selectFrom("incidents").selectAll().where("id", "=", incidentId).executeTakeFirst(),
    db.selectFrom("incident_updates").selectAll().where("incident_id", "=", incidentId).orderBy("created_at", "desc").limit(limit).execute(),
  ]);
  return incident ? { incident, updates } : null;
}

export async function findPageHead(db: Db, id: string) {
  return db.selectFrom("status_pages").select(["id", "account_id", "name", "url", "custom_domain", "timezone", "locale"]).where("id", "=", id).executeTakeFirst();
}

