import "server-only";
import type { Db } from "@/lib/db";

/** Pages whose cards list any of these services: the pages a write to the services must refresh. */
export async function pageIdsForServices(db: Db, serviceIds: readonly string[]): Promise<string[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db
    .selectFrom("card_services")
    .innerJoin("cards", "cards.id", "card_services.card_id")
    .where("card_services.service_id", "in", serviceIds)
    .select("cards.status_page_id")
    .distinct()
    .execute();
  return rows.map((r) => r.status_page_id);
}

/** Pages that show any of these components: those whose cards list them (v1) and those they belong to (v3). */
export async function pageIdsShowing(db: Db, componentIds: readonly string[]): Promise<string[]> {
  if (componentIds.length === 0) return [];
  const [cards, own] = await Promise.all([
    pageIdsForServices(db, componentIds),
    db.selectFrom("components").where("id", "in", componentIds).select("status_page_id").distinct().execute(),
  ]);
  return [...new Set([...cards, ...own.map((r) => r.status_page_id)])];
}
