/**
 * Component status flips (component.update): a write that changes a component's derived status queues,
 * in its transaction, one event per changed component and page, for the channels that send them
 * (webhook in Statuspage's component_update shape, chat as a short line; never e-mail or SMS).
 */
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import type { Db } from "@/lib/db";
import { addIncidentUpdate, createIncident, updateIncident } from "@/lib/incidents/service";
import { enqueueComponentUpdates } from "@/lib/notifications/outbox/enqueue";
import { bulkCreateSubscriptions, subscribe } from "@/lib/subscriptions/service";
import { resetSignupLimiter } from "@/lib/subscriptions/abuse";
import { encryptSecret, newWebhookSecret, subscriptionKeys } from "@/lib/subscriptions/crypto";
import { tenant } from "../api/fixtures";
import { deliveriesOf, loopbackGuard, pageWithServices, testWorker } from "./fixtures";
import { startReceiver, type HttpPeer } from "./peers";

/* eslint-disable @typescript-eslint/no-explicit-any -- the receivers read the posted JSON as a consumer does */

const STORE = process.env.HELIOGRAPH_TEST_STORE;
const json = (p: HttpPeer) => p.received.map((r) => JSON.parse(r.body) as any);
const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function componentEvents(db: Db, pageId: string) {
  return db.selectFrom("notification_events").selectAll().where("status_page_id", "=", pageId).where("kind", "=", "component.update").execute();
}

describe(`component status changes on ${STORE}`, () => {
  it("v1: a MAJOR incident flips its service for webhook and chat subscribers, never e-mail; updates that change nothing send nothing; resolving flips it back", async () => {
    resetSignupLimiter(1000);
    const { db, accountId, page, services } = await pageWithServices("comp-v1");
    const [hook, slack, discord, other] = await Promise.all([startReceiver(), startReceiver(), startReceiver((_r, res) => void res.writeHead(204).end()), startReceiver()]);
    const { secret } = await subscribe(db, page, { type: "WEBHOOK", address: hook.url }, { client: "198.51.100.40" }, loopbackGuard());
    await subscribe(db, page, { type: "WEBHOOK", address: other.url, services: [services[2].id] }, { client: "198.51.100.40" }, loopbackGuard());
    await bulkCreateSubscriptions(
      db,
      accountId,
      page.id,
      { subscriptions: [{ type: "SLACK", config: slack.url }, { type: "DISCORD", config: discord.url }, { type: "EMAIL", config: "ops@example.com" }], autoVerify: true },
      loopbackGuard(),
    );
    const w = testWorker(db);
    await w.drain(); // the webhooks' test deliveries
    for (const r of [hook, other]) r.received.splice(0);
    const wh = new Webhook(secret!);

    // Not even notifySubscribers: the flip is the page's state, not the incident's message.
    const { incident } = await createIncident(db, accountId, { name: "Payments failing", severity: "MAJOR", serviceIds: [services[0].id], update: { description: "Looking" } });
    await w.drain();
    expect(hook.received).toHaveLength(1);
    const body = wh.verify(hook.received[0].body, hook.received[0].headers) as any;
    expect(Object.keys(body)).toEqual(["meta", "page", "component_update", "component"]);
    expect(body.meta).toMatchObject({ unsubscribe: expect.stringMatching(/^http:\/\/localhost:3000\/comp-v1\/manage\/unsubscribe\?token=/), documentation: expect.stringMatching(/^https:\/\//), event: "component.update" });
    expect(body.page).toEqual({ id: page.id, status_indicator: "major", status_description: "Major System Outage" });
    expect(body.component_update).toEqual({ created_at: expect.stringMatching(iso), new_status: "major_outage", old_status: "operational", id: expect.any(String), component_id: services[0].id });
    expect(body.component).toEqual({ created_at: new Date(services[0].created_at).toISOString(), id: services[0].id, name: "API", status: "major_outage" });

    const [s] = json(slack);
    expect(slack.received).toHaveLength(1);
    expect(s.text).toBe(`${page.name}: API is now Major outage`);
    expect(s.attachments[0]).toMatchObject({ color: "#e5484d", blocks: [{ type: "section", text: { type: "mrkdwn", text: "API is now Major outage" } }, { type: "context" }] });
    const [d] = json(discord);
    expect(discord.received).toHaveLength(1);
    expect(d.allowed_mentions).toEqual({ parse: [] });
    expect(d.embeds[0]).toMatchObject({ title: "API is now Major outage", color: 0xe5484d, fields: [{ name: "Status", value: "Major outage" }, { name: "Was", value: "Operational" }] });
    // Scoped to Billing: hears nothing about API. E-mail: nothing queued at all.
    expect(other.received).toHaveLength(0);
    expect((await deliveriesOf(db, page.id, "component.update")).map((r) => r.channel).sort()).toEqual(["DISCORD", "SLACK", "WEBHOOK"]);
    expect(await componentEvents(db, page.id)).toHaveLength(1);

    // Nothing changes any component: no event.
    await addIncidentUpdate(db, accountId, incident.id, { description: "Found it", status: "IDENTIFIED", notifySubscribers: true });
    await updateIncident(db, accountId, incident.id, { name: "Payments failing in the EU" });
    await updateIncident(db, accountId, incident.id, { severity: "CRITICAL" }); // still a major outage
    expect(await componentEvents(db, page.id)).toHaveLength(1);

    // A lower severity is a flip; so is a newly affected service.
    await updateIncident(db, accountId, incident.id, { severity: "MEDIUM", serviceIds: [services[0].id, services[2].id] });
    await w.drain();
    const flips = json(hook).slice(1).filter((b) => b.meta.event === "component.update");
    expect(flips.map((b) => [b.component.name, b.component_update.old_status, b.component_update.new_status]).sort()).toEqual([
      ["API", "major_outage", "partial_outage"],
      ["Billing", "operational", "partial_outage"],
    ]);
    expect(json(other).map((b) => [b.component.name, b.component_update.new_status])).toEqual([["Billing", "partial_outage"]]);

    await addIncidentUpdate(db, accountId, incident.id, { description: "Fixed", status: "RESOLVED" });
    await w.drain();
    const back = json(hook).filter((b) => b.component_update?.new_status === "operational");
    expect(back.map((b) => [b.component.name, b.component_update.old_status]).sort()).toEqual([
      ["API", "partial_outage"],
      ["Billing", "partial_outage"],
    ]);
    expect(back.at(-1).page).toEqual({ id: page.id, status_indicator: "none", status_description: "All Systems Operational" });
    expect(json(slack).at(-1).text).toMatch(/is now Operational$/);
    expect(json(slack).at(-1).attachments[0].color).toBe("#30a46c");
    expect((await deliveriesOf(db, page.id)).filter((r) => r.channel === "EMAIL").map((r) => r.event_type)).toEqual(["incident.update"]);
    expect((await deliveriesOf(db, page.id, "component.update")).every((r) => r.status === "SENT")).toBe(true);
    await w.stop();
    await Promise.all([hook, slack, discord, other].map((r) => r.close()));
  });

  it("v3: an impact change sends one flip per changed component, to subscribers following it (or its group)", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v3/status-pages", { name: "Modern", url: `comp-v3-${Date.now().toString(36)}` })).body;
    const base = `/v3/status-pages/${page.id}`;
    const group = (await t.api.post(`${base}/components`, { type: "GROUP", name: "Core", displayOrder: 1 })).body;
    const api = (await t.api.post(`${base}/components`, { name: "API", displayOrder: 2, parentId: group.id })).body;
    const web = (await t.api.post(`${base}/components`, { name: "Web", displayOrder: 3, parentId: group.id })).body;
    const payouts = (await t.api.post(`${base}/components`, { name: "Payouts", displayOrder: 4 })).body;
    for (const x of [page, group, api, web, payouts]) expect(x.id, JSON.stringify(x)).toBeDefined();

    const [all, core, onlyPayouts] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    const keys = await subscriptionKeys(t.db);
    const secret = newWebhookSecret();
    const at = Date.now();
    const sub = (channel: "WEBHOOK" | "SLACK", target: string) => ({
      id: crypto.randomUUID(), status_page_id: page.id, channel, target, status: "VERIFIED" as const, service_ids: null, dest_host: new URL(target).host,
      secret_enc: channel === "WEBHOOK" ? encryptSecret(keys, secret) : null, token_nonce: crypto.randomUUID(), created_at: at, updated_at: at,
    });
    // A scoped subscriber carries its scope in service_ids too (lib/subscriptions/scope.ts); null follows everything.
    const scoped = (row: ReturnType<typeof sub>, ids: string[]) => ({ ...row, service_ids: JSON.stringify(ids) });
    const rows = [sub("WEBHOOK", all.url), scoped(sub("SLACK", core.url), [group.id]), scoped(sub("SLACK", onlyPayouts.url), [payouts.id]), { ...sub("SLACK", all.url), channel: "EMAIL" as const, target: "v3@example.com", dest_host: "smtp" }];
    await t.db.insertInto("subscribers").values(rows).execute();
    await t.db.insertInto("subscriber_components").values([{ subscriber_id: rows[1].id, component_id: group.id }, { subscriber_id: rows[2].id, component_id: payouts.id }]).execute();

    const created = await t.api.post(`${base}/incidents`, {
      name: "Errors",
      componentImpacts: [{ componentId: api.id, status: "PARTIAL_OUTAGE" }, { componentId: web.id, status: "DEGRADED_PERFORMANCE" }],
      incidentUpdates: [{ description: "Looking", status: "INVESTIGATING" }],
    });
    expect(created.status, created.text).toBe(201);
    // API worse, Web recovered, Payouts untouched: two flips.
    const put = await t.api.put(`${base}/incidents/${created.body.id}`, { name: "Errors", componentImpacts: [{ componentId: api.id, status: "MAJOR_OUTAGE" }, { componentId: web.id, status: "DEGRADED_PERFORMANCE" }] });
    expect(put.status, put.text).toBe(200);
    const same = await t.api.put(`${base}/incidents/${created.body.id}`, { name: "Errors again", componentImpacts: [{ componentId: api.id, status: "MAJOR_OUTAGE" }, { componentId: web.id, status: "DEGRADED_PERFORMANCE" }] });
    expect(same.status, same.text).toBe(200);
    await t.api.put(`${base}/incidents/${created.body.id}`, { name: "Errors", componentImpacts: [{ componentId: api.id, status: "MAJOR_OUTAGE" }] });
    await testWorker(t.db).drain();

    const wh = new Webhook(secret);
    const got = all.received.map((r) => wh.verify(r.body, r.headers) as any);
    const seen = got.map((b) => `${b.component.name}: ${b.component_update.old_status} → ${b.component_update.new_status}`).sort();
    expect(seen).toEqual(["API: operational → partial_outage", "API: partial_outage → major_outage", "Web: degraded_performance → operational", "Web: operational → degraded_performance"]);
    const last = got.find((b) => b.component.name === "Web" && b.component_update.new_status === "operational");
    expect(last.page).toEqual({ id: page.id, status_indicator: "critical", status_description: "Major System Outage" });
    expect(json(core).map((b) => b.attachments[0].blocks[0].text.text).sort()).toEqual(["API is now Major outage", "API is now Partial outage", "Web is now Degraded performance", "Web is now Operational"]);
    expect(onlyPayouts.received).toHaveLength(0);
    expect((await t.db.selectFrom("notification_deliveries").select("event_type").where("subscriber_id", "=", rows[3].id).execute()).map((r) => r.event_type)).toEqual([]);
    await Promise.all([all, core, onlyPayouts].map((r) => r.close()));
  });

  it("the flip is queued in the write's transaction: a rolled-back write queues nothing, and one write queues each flip once", async () => {
    const { db, accountId, page, services } = await pageWithServices("comp-tx");
    const rec = await startReceiver();
    await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "SLACK", config: rec.url }], autoVerify: true }, loopbackGuard());
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueComponentUpdates(trx, { componentIds: [services[1].id], ref: "w1" }, async () => {
          const id = crypto.randomUUID();
          await trx.insertInto("incidents").values({ id, account_id: accountId, name: "x", severity: "MINOR", last_update_status: "INVESTIGATING", started_at: 0, resolved_at: null, created_at: 0, updated_at: 0 }).execute();
          await trx.insertInto("incident_services").values({ incident_id: id, service_id: services[1].id }).execute();
        });
        expect(await deliveriesOf(trx, page.id, "component.update")).toHaveLength(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await componentEvents(db, page.id)).toHaveLength(0);
    expect(await deliveriesOf(db, page.id, "component.update")).toHaveLength(0);
    const { incident } = await createIncident(db, accountId, { name: "Dashboard slow", severity: "MINOR", serviceIds: [services[1].id, services[1].id], update: { description: "slow" } });
    const events = await componentEvents(db, page.id);
    expect(events).toHaveLength(1);
    expect(events[0].ref).toBe(`${(await db.selectFrom("incident_updates").select("id").where("incident_id", "=", incident.id).executeTakeFirstOrThrow()).id}:${services[1].id}`);
    expect(await deliveriesOf(db, page.id, "component.update")).toHaveLength(1);
    await rec.close();
  });
});
