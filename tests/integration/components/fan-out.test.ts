/**
 * Subscribers per component: an update of a v3 incident reaches the page's subscribers whose scope meets
 * the components it affects — every component (no scope), the component itself, or the group holding it
 * (a group covers its current children) — and no one else. v1 subscribers scoped by service are unchanged.
 */
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/db/ids";
import type { Db } from "@/lib/db";
import { enqueueIncidentUpdate } from "@/lib/notifications/outbox/enqueue";
import { newAccount } from "../../setup/db";

async function v3Page(db: Db, accountId: string, slug: string) {
  const at = Date.now();
  const pageId = newId();
  await db.insertInto("status_pages").values({ id: pageId, account_id: accountId, name: `Page ${slug}`, url: slug, description: null, custom_domain: null, is_private: 0, default_theme: "AUTO", theme_colors: null, logo: null, logo_dark: null, favicon: null, redirect_to: null, password_hash: null, version: 3, created_at: at, updated_at: at }).execute();
  const component = async (name: string, type: "SERVICE" | "GROUP", parentId: string | null, order: number) => {
    const id = newId();
    await db.insertInto("components").values({ id, status_page_id: pageId, type, name, description: null, display_order: order, hidden: 0, parent_id: parentId, created_at: at, updated_at: at }).execute();
    return id;
  };
  const group = await component("Payments", "GROUP", null, 0);
  const cards = await component("Cards", "SERVICE", group, 1);
  const payouts = await component("Payouts", "SERVICE", group, 2);
  const widget = await component("Widget", "SERVICE", null, 3);
  return { pageId, group, cards, payouts, widget };
}

async function subscriber(db: Db, pageId: string, name: string, components: string[] | null) {
  const id = newId();
  const at = Date.now();
  await db.insertInto("subscribers").values({ id, status_page_id: pageId, channel: "EMAIL", target: `${name}@example.com`, status: "VERIFIED", service_ids: components ? JSON.stringify(components) : null, dest_host: "smtp", secret_enc: null, contact_email: null, token_nonce: newId(), verify_nonce: null, verify_sent_at: null, verified_at: at, failing_since: null, disabled_at: null, unsubscribed_at: null, created_at: at, updated_at: at }).execute();
  if (components) await db.insertInto("subscriber_components").values(components.map((component_id) => ({ subscriber_id: id, component_id }))).execute();
  return id;
}

async function postUpdate(db: Db, accountId: string, pageId: string, affected: string[]) {
  const at = Date.now();
  const incidentId = newId();
  const updateId = newId();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("incidents").values({ id: incidentId, account_id: accountId, status_page_id: pageId, name: "Delayed payouts", severity: "MEDIUM", last_update_status: "INVESTIGATING", started_at: at, resolved_at: null, created_at: at, updated_at: at }).execute();
    await trx.insertInto("incident_updates").values({ id: updateId, incident_id: incidentId, status: "INVESTIGATING", description: "Looking into it", public_incident_update_date: at, notify_subscribers: 1, created_at: at, updated_at: at }).execute();
    for (const component_id of affected) {
      await trx.insertInto("incident_impacts").values({ id: newId(), incident_id: incidentId, component_id, status: "PARTIAL_OUTAGE", started_at: at, ended_at: null, created_at: at }).execute();
    }
    await enqueueIncidentUpdate(trx, { incidentId, updateId, serviceIds: affected });
  });
  return updateId;
}

async function recipients(db: Db, updateId: string): Promise<string[]> {
  const event = await db.selectFrom("notification_events").select("id").where("ref", "=", updateId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("notification_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .where("d.event_id", "=", String(event.id))
    .select("s.target")
    .execute();
  return rows.map((r) => r.target.split("@")[0]).sort();
}

describe("per-component subscriptions (v3 pages)", () => {
  it("reaches everyone, the component's own subscribers and its group's, and nobody else", async () => {
    const { db, accountId } = await newAccount("fan-out");
    const p = await v3Page(db, accountId, `fan-${newId().slice(0, 8)}`);
    await subscriber(db, p.pageId, "all", null);
    await subscriber(db, p.pageId, "group", [p.group]);
    await subscriber(db, p.pageId, "payouts", [p.payouts]);
    await subscriber(db, p.pageId, "cards", [p.cards]);
    await subscriber(db, p.pageId, "widget", [p.widget]);
    await subscriber(db, p.pageId, "widget-and-cards", [p.widget, p.cards]);

    expect(await recipients(db, await postUpdate(db, accountId, p.pageId, [p.payouts]))).toEqual(["all", "group", "payouts"]);
    expect(await recipients(db, await postUpdate(db, accountId, p.pageId, [p.widget]))).toEqual(["all", "widget", "widget-and-cards"]);
    expect(await recipients(db, await postUpdate(db, accountId, p.pageId, [p.cards, p.widget]))).toEqual(["all", "cards", "group", "widget", "widget-and-cards"]);
    // A scope whose components were deleted matches nothing: it never widens into "everything".
    await db.deleteFrom("components").where("id", "=", p.payouts).execute();
    const refunds = newId();
    await db.insertInto("components").values({ id: refunds, status_page_id: p.pageId, type: "SERVICE", name: "Refunds", description: null, display_order: 9, hidden: 0, parent_id: null, created_at: Date.now(), updated_at: Date.now() }).execute();
    expect(await recipients(db, await postUpdate(db, accountId, p.pageId, [refunds]))).toEqual(["all"]);
  });

  it("names the affected components in the message", async () => {
    const { db, accountId } = await newAccount("fan-out names");
    const p = await v3Page(db, accountId, `names-${newId().slice(0, 8)}`);
    await subscriber(db, p.pageId, "all", null);
    const updateId = await postUpdate(db, accountId, p.pageId, [p.payouts, p.widget]);
    const event = await db.selectFrom("notification_events").selectAll().where("ref", "=", updateId).executeTakeFirstOrThrow();
    expect(event.status_page_id).toBe(p.pageId);
    expect(JSON.parse(event.payload).services.map((s: { name: string }) => s.name)).toEqual(["Payouts", "Widget"]);
  });
});
