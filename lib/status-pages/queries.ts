import "server-only";
import type { Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { Card, NewStatusPage, PageVersion, Service, StatusPage, StatusPageKey, StatusPagePatch } from "@/lib/db/types";

export async function insertPage(db: Db, row: NewStatusPage): Promise<void> {
  await db.insertInto("status_pages").values(row).execute();
}

export async function updatePageRow(db: Db, accountId: string, id: string, patch: StatusPagePatch): Promise<void> {
  await db.updateTable("status_pages").set(patch).where("account_id", "=", accountId).where("id", "=", id).execute();
}

export async function deletePageRow(db: Db, accountId: string, id: string): Promise<number> {
  const r = await db.deleteFrom("status_pages").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function findPage(db: Db, accountId: string, id: string): Promise<StatusPage | undefined> {
  return db.selectFrom("status_pages").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function findPageBySlug(db: Db, slug: string): Promise<StatusPage | undefined> {
  return db.selectFrom("status_pages").selectAll().where("url", "=", slug).executeTakeFirst();
}

/** The page served at `host`. Only a proven domain (or, with verification off, one accepted as set) is in custom_domain. */
export async function findPageByDomain(db: Db, host: string): Promise<StatusPage | undefined> {
  return db.selectFrom("status_pages").selectAll().where("custom_domain", "=", host).executeTakeFirst();
}

/** The page's waiting domain, now proven, becomes the one it is served at; 0 when the page's domain changed meanwhile. */
export async function promotePendingDomain(db: Db, accountId: string, id: string, domain: string): Promise<number> {
  const r = await db
    .updateTable("status_pages")
    .set({ custom_domain: domain, pending_custom_domain: null })
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .where("pending_custom_domain", "=", domain)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function findPageById(db: Db, id: string): Promise<StatusPage | undefined> {
  return db.selectFrom("status_pages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The account's pages of one API version (each API lists only its own kind, as the vendor's do). */
export async function listPages(db: Db, accountId: string, version: PageVersion, page: PageRequest): Promise<StatusPage[]> {
  return applyKeyset(db.selectFrom("status_pages").selectAll().where("account_id", "=", accountId).where("version", "=", version), "status_pages", page, "asc").execute();
}

export async function listAllPageAddresses(db: Db): Promise<Pick<StatusPage, "id" | "url" | "custom_domain" | "is_private" | "allow_indexing">[]> {
  return db.selectFrom("status_pages").select(["id", "url", "custom_domain", "is_private", "allow_indexing"]).execute();
}

export async function listCards(db: Db, pageId: string): Promise<Card[]> {
  return db.selectFrom("cards").selectAll().where("status_page_id", "=", pageId).orderBy("position").execute();
}

/** Services of the given cards, in card order then service order. */
export async function listCardServices(db: Db, cardIds: readonly string[]): Promise<(Service & { card_id: string })[]> {
  if (cardIds.length === 0) return [];
  return db
    .selectFrom("card_services")
    .innerJoin("services", "services.id", "card_services.service_id")
    .where("card_services.card_id", "in", cardIds)
    .selectAll("services")
    .select("card_services.card_id")
    .orderBy("card_services.card_id")
    .orderBy("card_services.position")
    .execute();
}

export async function insertCard(db: Db, row: Card): Promise<void> {
  await db.insertInto("cards").values(row).execute();
}

export async function updateCard(db: Db, id: string, patch: { name: string; position: number; updated_at: number }): Promise<void> {
  await db.updateTable("cards").set(patch).where("id", "=", id).execute();
}

export async function deleteCards(db: Db, pageId: string, keep: readonly string[]): Promise<void> {
  let q = db.deleteFrom("cards").where("status_page_id", "=", pageId);
  if (keep.length > 0) q = q.where("id", "not in", keep);
  await q.execute();
}

export async function replaceCardServices(db: Db, cardId: string, serviceIds: readonly string[]): Promise<void> {
  await db.deleteFrom("card_services").where("card_id", "=", cardId).execute();
  if (serviceIds.length === 0) return;
  await db
    .insertInto("card_services")
    .values(serviceIds.map((service_id, position) => ({ card_id: cardId, service_id, position })))
    .execute();
}

export async function listKeys(db: Db, pageId: string): Promise<StatusPageKey[]> {
  return db.selectFrom("status_page_keys").selectAll().where("status_page_id", "=", pageId).orderBy("created_at").execute();
}

export async function insertKey(db: Db, row: StatusPageKey): Promise<void> {
  await db.insertInto("status_page_keys").values(row).execute();
}

export async function deleteKey(db: Db, pageId: string, keyId: string): Promise<number> {
  const r = await db.deleteFrom("status_page_keys").where("status_page_id", "=", pageId).where("id", "=", keyId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The page's key with this hash if it has not expired at `now`. */
export async function findKeyByHash(db: Db, pageId: string, keyHash: string, now: number): Promise<StatusPageKey | undefined> {
  return db.selectFrom("status_page_keys").selectAll().where("status_page_id", "=", pageId).where("key_hash", "=", keyHash).where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)])).executeTakeFirst();
}

/** The page's keys that have not expired at `now`: those that open it. */
export async function listUnexpiredKeys(db: Db, pageId: string, now: number): Promise<StatusPageKey[]> {
  return db.selectFrom("status_page_keys").selectAll().where("status_page_id", "=", pageId).where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)])).orderBy("created_at").execute();
}

export async function countKeys(db: Db, pageId: string): Promise<number> {
  const r = await db.selectFrom("status_page_keys").where("status_page_id", "=", pageId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}
