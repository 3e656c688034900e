import "server-only";
import type { Db } from "@/lib/db";
import type { Channel, Database, Subscriber, SubscriberStatus } from "@/lib/db/types";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { Insertable, Updateable } from "kysely";

type NewSubscriber = Insertable<Database["subscribers"]>;
type SubscriberPatch = Updateable<Database["subscribers"]>;

export async function findSubscriberByTarget(db: Db, pageId: string, channel: Channel, target: string): Promise<Subscriber | undefined> {
  return db
    .selectFrom("subscribers")
    .selectAll()
    .where("status_page_id", "=", pageId)
    .where("channel", "=", channel)
    .where("target", "=", target)
    .executeTakeFirst();
}

export async function findSubscribersByTargets(db: Db, pageId: string, channel: Channel, targets: string[]): Promise<Subscriber[]> {
  if (targets.length === 0) return [];
  return db
    .selectFrom("subscribers")
    .selectAll()
    .where("status_page_id", "=", pageId)
    .where("channel", "=", channel)
    .where("target", "in", targets)
    .execute();
}

export async function findSubscriber(db: Db, id: string): Promise<Subscriber | undefined> {
  return db.selectFrom("subscribers").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Active subscribers of a page (not unsubscribed or disabled), oldest first. */
export async function listActiveSubscribers(db: Db, pageId: string): Promise<Subscriber[]> {
  return db
    .selectFrom("subscribers")
    .selectAll()
    .where("status_page_id", "=", pageId)
    .where("unsubscribed_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function insertSubscriber(db: Db, row: NewSubscriber): Promise<void> {
  await db.insertInto("subscribers").values(row).execute();
}

export async function updateSubscriber(db: Db, id: string, patch: SubscriberPatch): Promise<void> {
  await db.updateTable("subscribers").set(patch).where("id", "=", id).execute();
}

/** Counts a code attempt and returns the new count (one statement, so parallel guesses each count). */
export async function countVerifyAttempt(db: Db, id: string): Promise<number> {
  await db.updateTable("subscribers").set((eb) => ({ verify_attempts: eb("verify_attempts", "+", 1) })).where("id", "=", id).execute();
  const row = await db.selectFrom("subscribers").select("verify_attempts").where("id", "=", id).executeTakeFirst();
  return row?.verify_attempts ?? Number.POSITIVE_INFINITY;
}

/** Deletes a subscriber of the page (of this channel only, when given). */
export async function deleteSubscriber(db: Db, pageId: string, id: string, channel?: Channel): Promise<number> {
  let q = db.deleteFrom("subscribers").where("status_page_id", "=", pageId).where("id", "=", id);
  if (channel) q = q.where("channel", "=", channel);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Active subscribers of one channel of a page, newest first, one cursor page (plus one row). */
export async function listActiveSubscribersPage(db: Db, pageId: string, filter: { channel: Channel; status?: SubscriberStatus }, page: PageRequest): Promise<Subscriber[]> {
  let q = db.selectFrom("subscribers").selectAll().where("status_page_id", "=", pageId).where("channel", "=", filter.channel).where("unsubscribed_at", "is", null);
  if (filter.status) q = q.where("status", "=", filter.status);
  return applyKeyset(q, "subscribers", page, "desc").execute();
}

/** The components each subscriber follows, in the page's display order; subscribers without rows are absent. */
export async function listSubscriberComponents(db: Db, subscriberIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (subscriberIds.length === 0) return out;
  const rows = await db
    .selectFrom("subscriber_components as sc")
    .innerJoin("components as c", "c.id", "sc.component_id")
    .select(["sc.subscriber_id", "sc.component_id"])
    .where("sc.subscriber_id", "in", subscriberIds)
    .orderBy("c.display_order")
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
  for (const r of rows) out.set(r.subscriber_id, [...(out.get(r.subscriber_id) ?? []), r.component_id]);
  return out;
}

/** The scope table mirrors service_ids so fan-out can match subscribers with one set-based query. */
export async function setSubscriberServices(db: Db, id: string, serviceIds: readonly string[] | null): Promise<void> {
  await db.deleteFrom("subscriber_services").where("subscriber_id", "=", id).execute();
  if (serviceIds && serviceIds.length > 0) {
    await db.insertInto("subscriber_services").values(serviceIds.map((service_id) => ({ subscriber_id: id, service_id }))).execute();
  }
}

/** A v3 subscriber's components (null or [] = every component of the page). */
export async function setSubscriberComponents(db: Db, id: string, componentIds: readonly string[] | null): Promise<void> {
  await db.deleteFrom("subscriber_components").where("subscriber_id", "=", id).execute();
  if (componentIds && componentIds.length > 0) {
    await db.insertInto("subscriber_components").values(componentIds.map((component_id) => ({ subscriber_id: id, component_id }))).execute();
  }
}

/** Unconfirmed sign-ups older than the cutoff; returns how many went. */
export async function deleteUnconfirmedBefore(db: Db, cutoff: number): Promise<number> {
  const r = await db
    .deleteFrom("subscribers")
    .where("status", "=", "PENDING")
    .where("created_at", "<", cutoff)
    .where((eb) => eb.or([eb("verify_sent_at", "is", null), eb("verify_sent_at", "<", cutoff)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function countActiveSubscribers(db: Db, pageId: string): Promise<number> {
  const r = await db
    .selectFrom("subscribers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status_page_id", "=", pageId)
    .where("unsubscribed_at", "is", null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** PENDING → VERIFIED (a test delivery answered 2xx, a link was followed, a code typed); a no-op otherwise. */
export async function markSubscriberVerified(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("subscribers").set({ status: "VERIFIED", verified_at: at, verify_nonce: null, updated_at: at }).where("id", "=", id).where("status", "=", "PENDING").execute();
}
