/**
 * Notifications of v3 incidents through the /v3 API: an incident that names no component is still news for
 * the page's subscribers who follow everything (and for no scoped one), and a message names each component
 * at the status the incident gives it, in the Statuspage webhook body too.
 */
import { describe, expect, it } from "vitest";
import { webhookBody } from "@/lib/notifications/channels/webhook";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import { slug, tenant, type Tenant } from "../api/fixtures";

async function world(t: Tenant) {
  const page = (await t.api.post("/v3/status-pages", { name: "Notify", url: slug("notify") })).body as { id: string };
  const base = `/v3/status-pages/${page.id}`;
  const api = (await t.api.post(`${base}/components`, { name: "API", displayOrder: 1 })).body as { id: string };
  const web = (await t.api.post(`${base}/components`, { name: "Web", displayOrder: 2 })).body as { id: string };
  const bulk = await t.api.post(`${base}/subscribers/bulk`, {
    autoVerify: true,
    subscriptions: [
      { type: "EMAIL", config: { address: "all@example.com" } },
      { type: "EMAIL", config: { address: "web@example.com", subscribedComponents: [web.id] } },
    ],
  });
  expect(bulk.status, bulk.text).toBe(201);
  return { page, base, api, web };
}

async function eventOf(t: Tenant, updateId: string) {
  const event = await t.db.selectFrom("notification_events").selectAll().where("ref", "=", updateId).executeTakeFirstOrThrow();
  const to = await t.db
    .selectFrom("notification_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .where("d.event_id", "=", String(event.id))
    .select("s.target")
    .execute();
  return { payload: JSON.parse(event.payload) as EventPayload, to: to.map((r) => r.target).sort() };
}

describe(`v3 incident notifications (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("tells those who follow everything about an incident that names no component, and no scoped subscriber", async () => {
    const t = await tenant("v3 notify");
    const w = await world(t);
    const res = await t.api.post(`${w.base}/incidents`, { name: "Heads-up", incidentUpdates: [{ description: "Looking into reports", status: "INVESTIGATING", notifySubscribers: true }] });
    expect(res.status, res.text).toBe(201);
    const { to, payload } = await eventOf(t, res.body.incidentUpdates[0].id);
    expect(to).toEqual(["all@example.com"]);
    expect(payload.services).toEqual([]);
  });

  it("names each component at the status the incident gives it, in the webhook body too", async () => {
    const t = await tenant("v3 notify statuses");
    const w = await world(t);
    const res = await t.api.post(`${w.base}/incidents`, {
      name: "Split impact",
      componentImpacts: [
        { componentId: w.api.id, status: "MAJOR_OUTAGE" },
        { componentId: w.web.id, status: "DEGRADED_PERFORMANCE" },
      ],
      incidentUpdates: [{ description: "Investigating", status: "INVESTIGATING", notifySubscribers: true }],
    });
    expect(res.status, res.text).toBe(201);
    const { to, payload } = await eventOf(t, res.body.incidentUpdates[0].id);
    expect(to).toEqual(["all@example.com", "web@example.com"]);
    expect(payload.services.map((s) => `${s.name}:${s.status}`)).toEqual(["API:MAJOR_OUTAGE", "Web:DEGRADED_PERFORMANCE"]);
    expect(webhookBody(payload).incident.components.map((c) => `${c.name}:${c.status}`)).toEqual(["API:major_outage", "Web:degraded_performance"]);

    // The delivery report (a Heliograph extension) serves v3 updates too; the v1 path refuses a v3 incident.
    const updateId = res.body.incidentUpdates[0].id;
    const report = await t.api.get(`${w.base}/incidents/${res.body.id}/incident-updates/${updateId}/deliveries`);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ queued: 2, total: 2, deadLetters: [] });
    expect((await t.api.get(`/v1/status-pages/incidents/${res.body.id}/incident-updates/${updateId}/deliveries`)).status).toBe(400);
  });
});
