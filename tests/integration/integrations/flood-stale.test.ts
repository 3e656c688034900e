/**
 * A flood (10,000 repeats of one alert: one incident, one notification), the bounded event log, and silence: an
 * integration silent past its bound is stale in the API and /metrics' source, the operator is told once (an event
 * and an e-mail), and hearing anything again clears it.
 */
import { describe, expect, it } from "vitest";
import { EVENTS_KEPT } from "@/lib/integrations/queries";
import { IngestAnswer, Integration, IntegrationEventPage } from "@/lib/integrations/schema";
import { staleFlags, sweepStaleIntegrations } from "@/lib/integrations/stale";
import type { Mailer, OutgoingMail } from "@/lib/notifications/channels/email";
import { expectShape, STORE, tenant, type Tenant } from "../api/fixtures";
import { amAlert, amBody, ingest, openIncidents, pageWithRule } from "./helpers";

async function integration(t: Tenant, extra: Record<string, unknown> = {}) {
  return (await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", ...extra })).body as { id: string; token: string };
}

describe(`alert flood and silence (${STORE})`, () => {
  it("10,000 repeats of one alert open one incident and queue one notification", async () => {
    const t = await tenant();
    const { pageId } = await pageWithRule(t);
    const bulk = await t.api.post(`/v3/status-pages/${pageId}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "ops@example.com" } }], autoVerify: true });
    expect(bulk.status, bulk.text).toBeLessThan(300);
    const am = await integration(t, { statusPageId: pageId });
    const body = amBody([amAlert()]);
    const outcomes = new Map<string, number>();
    for (let sent = 0; sent < 10_000; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => ingest(am.id, body, { token: am.token })));
      for (const res of batch) {
        expect(res.status, res.text).toBe(202);
        const o = IngestAnswer.parse(res.body).decisions[0].outcome;
        outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(outcomes)).toEqual({ opened: 1, ignored: 9_999 });
    const open = await openIncidents(t);
    expect(open).toHaveLength(1);
    const deliveries = await t.db.selectFrom("notification_deliveries as d").innerJoin("subscribers as s", "s.id", "d.subscriber_id").select("d.id").where("s.status_page_id", "=", pageId).execute();
    expect(deliveries).toHaveLength(1);
    const log = expectShape(await t.api.get(`/v1/integrations/${am.id}/events`), 200, IntegrationEventPage);
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0].repeats).toBe(9_999);
  }, 300_000);

  it(`keeps the newest ${EVENTS_KEPT} events`, async () => {
    const t = await tenant();
    const am = await integration(t);
    const alerts = Array.from({ length: EVENTS_KEPT + 20 }, (_, i) => amAlert({ fingerprint: `fp-${i}`, labels: { alertname: "Unmatched", n: String(i) } }));
    for (let i = 0; i < alerts.length; i += 30) expect((await ingest(am.id, amBody(alerts.slice(i, i + 30)), { token: am.token })).status).toBe(202);
    const rows = await t.db.selectFrom("integration_events").select("dedup_key").where("integration_id", "=", am.id).execute();
    expect(rows).toHaveLength(EVENTS_KEPT);
    expect(rows.map((r) => r.dedup_key)).toContain(`fp-${EVENTS_KEPT + 19}`);
    expect(rows.map((r) => r.dedup_key)).not.toContain("fp-0");
  });

  it("silence past the bound: stale in the API and the gauge's source, reported once by event and e-mail, cleared by a heartbeat", async () => {
    const t = await tenant();
    const am = await integration(t, { staleAfterMinutes: 10, alertEmail: "oncall@example.com" });
    const quiet = await integration(t);
    expect(expectShape(await t.api.get(`/v1/integrations/${am.id}`), 200, Integration).stale).toBe(false);
    // Created eleven minutes ago and never heard from.
    await t.db.updateTable("integrations").set({ created_at: Date.now() - 11 * 60_000 }).where("id", "=", am.id).execute();
    expect(expectShape(await t.api.get(`/v1/integrations/${am.id}`), 200, Integration).stale).toBe(true);
    const flags = await staleFlags(t.db);
    expect(flags.find((f) => f.id === am.id)).toEqual({ id: am.id, type: "alertmanager", stale: true });
    expect(flags.find((f) => f.id === quiet.id)).toBeUndefined();

    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { from: "Heliograph <hg@example.com>", fromAddress: "hg@example.com", send: async (m) => void sent.push(m), close: () => {} };
    expect(await sweepStaleIntegrations(t.db, mailer)).toBeGreaterThanOrEqual(1);
    expect(await sweepStaleIntegrations(t.db, mailer)).toBe(0);
    const mine = sent.filter((m) => m.to === "oncall@example.com");
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toContain("Prometheus");
    const log = expectShape(await t.api.get(`/v1/integrations/${am.id}/events`), 200, IntegrationEventPage);
    expect(log.entries).toMatchObject([{ action: "stale", decisions: [{ outcome: "ignored", reason: expect.stringContaining("never been heard from") }] }]);

    const beat = await ingest(am.id, amBody([amAlert({ labels: { alertname: "Watchdog" } })]), { token: am.token });
    expect(beat.status).toBe(202);
    expect(expectShape(await t.api.get(`/v1/integrations/${am.id}`), 200, Integration).stale).toBe(false);
    expect((await t.db.selectFrom("integrations").select("stale_since").where("id", "=", am.id).executeTakeFirstOrThrow()).stale_since).toBeNull();
    expect(await openIncidents(t)).toHaveLength(0);
  });
});
