import "server-only";
import type { Db } from "@/lib/db";
import type { Channel } from "@/lib/db/types";
import { withNotify, type SubscriberRow } from "@/lib/notifications/tables";
import type { Insertable, Updateable } from "kysely";
import type { NotifyDatabase } from "@/lib/notifications/tables";

type NewSubscriber = Insertable<NotifyDatabase["subscribers"]>;
type SubscriberPatch = Updateable<NotifyDatabase["subscribers"]>;

export async function findSubscriberByTarget(db: Db, pageId: string, channel: Channel, target: string): Promise<SubscriberRow | undefined> {
  return withNotify(db)
    .selectFrom("subscribers")
    .selectAll()
    .where("status_page_id", "=", pageId)
    .where("channel", "=", channel)
    .where("target", "=", target)
    .executeTakeFirst();
}

export async function findSubscribersByTargets(db: Db, pageId: string, channel: Channel, targets: string[]): Promise<SubscriberRow[]> {
  if (targets.length === 0) return [];
  return withNotify(db)
    .selectFrom("subscribers")
    .selectAll()
    .where("status_page_id", "=", pageId)
    .where("channel", "=", channel)
    .where("target", "in", targets)
    .execute();
}

export async function findSubscriber(db: Db, id: string): Promise<SubscriberRow | undefined> {
  return withNotify(db).selectFrom("subscribers").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Active subscribers of a page (not unsubscribed or disabled), oldest first. */
export async function listActiveSubscribers(db: Db, pageId: string): Promise<SubscriberRow[]> {
  return withNotify(db)
    .selectFrom("subscribers")
    .selectAll()
    .where("status_page_id", "=", pageId)
    .where("unsubscribed_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function insertSubscriber(db: Db, row: NewSubscriber): Promise<void> {
  await withNotify(db).insertInto("subscribers").values(row).execute();
}

export async function updateSubscriber(db: Db, id: string, patch: SubscriberPatch): Promise<void> {
  await withNotify(db).updateTable("subscribers").set(patch).where("id", "=", id).execute();
}

/** Counts a code attempt and returns the new count (one statement, so parallel guesses each count). */
export async function countVerifyAttempt(db: Db, id: string): Promise<number> {
  const n = withNotify(db);
  await n.updateTable("subscribers").set((eb) => ({ verify_attempts: eb("verify_attempts", "+", 1) })).where("id", "=", id).execute();
  const row = await n.selectFrom("subscribers").select("verify_attempts").where("id", "=", id).executeTakeFirst();
  return row?.verify_attempts ?? Number.POSITIVE_INFINITY;
}

export async function deleteSubscriberRow(db: Db, pageId: string, id: string): Promise<number> {
  const r = await db.deleteFrom("subscribers").where("status_page_id", "=", pageId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The scope table mirrors service_ids so fan-out can match subscribers with one set-based query. */
export async function setSubscriberServices(db: Db, id: string, serviceIds: readonly string[] | null): Promise<void> {
  const n = withNotify(db);
  await n.deleteFrom("subscriber_services").where("subscriber_id", "=", id).execute();
  if (serviceIds && serviceIds.length > 0) {
    await n.insertInto("subscriber_services").values(serviceIds.map((service_id) => ({ subscriber_id: id, service_id }))).execute();
  }
}

/** Unconfirmed sign-ups older than the cutoff; returns how many went. */
export async function deleteUnconfirmedBefore(db: Db, cutoff: number): Promise<number> {
  const r = await withNotify(db)
    .deleteFrom("subscribers")
    .where("status", "=", "PENDING")
    .where("created_at", "<", cutoff)
    .where((eb) => eb.or([eb("verify_sent_at", "is", null), eb("verify_sent_at", "<", cutoff)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function countActiveSubscribers(db: Db, pageId: string): Promise<number> {
  const r = await withNotify(db)
    .selectFrom("subscribers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status_page_id", "=", pageId)
    .where("unsubscribed_at", "is", null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
