/**
 * POST /ingest/{id}: every way of presenting the token, the vendor's signed webhook (valid, tampered, missing
 * signature), Alertmanager alerts opening and resolving a rule's incident, and bad input, each
 * a 4xx in the error envelope that changes nothing.
 */
import { describe, expect, it } from "vitest";
import { IngestAnswer, IntegrationEventPage } from "@/lib/integrations/schema";
import { expectError, expectShape, STORE, tenant, type Tenant } from "../api/fixtures";
import { amAlert, amBody, checklyBody, ingest, openIncidents, pageWithRule, signed } from "./helpers";

async function integration(t: Tenant, type: string, extra: Record<string, unknown> = {}) {
  const res = await t.api.post("/v1/integrations", { name: type, type, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; token: string; signingSecret?: string };
}

async function eventCount(t: Tenant, id: string) {
  return (await t.db.selectFrom("integration_events").selectAll().where("integration_id", "=", id).execute()).length;
}

const T0 = "2026-11-24T10:00:00.000Z";
const T1 = "2026-11-24T10:07:00.000Z";

describe(`ingestion (${STORE})`, () => {
  it("an Alertmanager alert opens the rule's incident, its repeat changes nothing, its resolution resolves it; all in the event log", async () => {
    const t = await tenant();
    const { pageId, ruleId } = await pageWithRule(t);
    const am = await integration(t, "alertmanager", { statusPageId: pageId });

    const fired = expectShape(await ingest(am.id, amBody([amAlert()]), { token: am.token }), 202, IngestAnswer);
    expect(fired.decisions).toMatchObject([{ dedupKey: "fp-1", action: "trigger", outcome: "opened", ruleId }]);
    const [open] = await openIncidents(t);
    expect(open.id).toBe(fired.decisions[0].incidentId);

    const again = expectShape(await ingest(am.id, amBody([amAlert()]), { token: am.token }), 202, IngestAnswer);
    expect(again.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringContaining("repeat") }]);
    expect(await openIncidents(t)).toHaveLength(1);

    const resolved = expectShape(await ingest(am.id, amBody([amAlert({ status: "resolved", endsAt: T1 })]), { token: am.token }), 202, IngestAnswer);
    expect(resolved.decisions).toMatchObject([{ action: "resolve", outcome: "resolved", incidentId: open.id }]);
    expect(await openIncidents(t)).toHaveLength(0);

    const log = expectShape(await t.api.get(`/v1/integrations/${am.id}/events`), 200, IntegrationEventPage);
    expect(log.entries.map((e) => [e.action, e.decisions?.[0].outcome, e.repeats])).toEqual([
      ["resolve", "resolved", 0],
      ["trigger", "opened", 1],
    ]);
    expect(log.entries[1]).toMatchObject({ format: "alertmanager", dedupKey: "fp-1", occurredAt: T0, summary: "5xx above 5%" });
    expect((await t.api.get(`/v1/integrations/${am.id}`)).body.lastHeardAt).not.toBeNull();
  });

  it("takes the token as bearer, basic-auth password, URL segment or PagerDuty routing_key", async () => {
    const t = await tenant();
    const am = await integration(t, "alertmanager");
    expect((await ingest(am.id, amBody([amAlert({ fingerprint: "a" })]), { token: am.token })).status).toBe(202);
    expect((await ingest(am.id, amBody([amAlert({ fingerprint: "b" })]), { token: am.token, basic: true })).status).toBe(202);
    expect((await ingest(am.id, amBody([amAlert({ fingerprint: "c" })]), { token: am.token, inUrl: true })).status).toBe(202);
    const pd = await integration(t, "pagerduty");
    const event = { routing_key: pd.token, event_action: "trigger", dedup_key: "db", payload: { summary: "DB down", source: "db1", severity: "critical" } };
    expect((await ingest(pd.id, event)).status).toBe(202);
    expectError(await ingest(pd.id, { ...event, routing_key: "hgi_wrong" }), 401);
    // A routing key is the credential of the PagerDuty shape only.
    expectError(await ingest(am.id, { ...amBody([amAlert()]), routing_key: am.token }), 401);
  });

  it("answers a wrong token, an unknown id and a malformed id alike, and only on the server's own host", async () => {
    const t = await tenant();
    const am = await integration(t, "alertmanager");
    const body = amBody([amAlert()]);
    const wrong = expectError(await ingest(am.id, body, { token: "hgi_nope" }), 401);
    const unknown = expectError(await ingest("0b0e6a36-3c4e-4bc5-9a3e-bb5a8a4f1c11", body, { token: am.token }), 401);
    const malformed = expectError(await ingest("not-an-id", body, { token: am.token }), 401);
    expect(unknown.message).toBe(wrong.message);
    expect(malformed.message).toBe(wrong.message);
    expectError(await ingest(am.id, body), 401);
    expectError(await ingest(am.id, body, { token: am.token, host: "status.acme.com" }), 404);
    expect(await eventCount(t, am.id)).toBe(0);
    expect((await t.api.get(`/v1/integrations/${am.id}`)).body.lastHeardAt).toBeNull();
  });

  it("the vendor's webhook: a valid signature is decided, a tampered body or wrong secret is 403, a missing one 401", async () => {
    const t = await tenant();
    const svc = (await t.api.post("/v1/status-pages/services", { name: "Checkout" })).body;
    const ck = await integration(t, "checkly");
    const put = await t.api.put(`/v1/integrations/${ck.id}/checks/chk-42/trigger-incident`, { serviceId: svc.id, name: "Checkout is failing", description: "Our checks see checkout failing" });
    expect(put.status, put.text).toBeLessThan(300);
    const vars = { ALERT_TYPE: "ALERT_FAILURE", CHECK_ID: "chk-42", CHECK_NAME: "Checkout", TAGS: "checkout,prod", GROUP_NAME: "", STARTED_AT: T0, CHECK_RESULT_ID: "r1", RESULT_LINK: "https://example.com/r1", RESPONSE_TIME: "812", IS_REMINDER: "false" };
    const raw = checklyBody(vars);

    expectError(await ingest(ck.id, raw, { token: ck.token }), 401);
    expectError(await ingest(ck.id, raw.replace("chk-42", "chk-43"), { token: ck.token, headers: signed(ck.signingSecret!, raw) }), 403);
    expectError(await ingest(ck.id, raw, { token: ck.token, headers: signed("hgs_not-the-secret", raw) }), 403);
    expectError(await ingest(ck.id, raw, { headers: signed(ck.signingSecret!, raw) }), 401);
    expect(await openIncidents(t)).toHaveLength(0);
    expect(await eventCount(t, ck.id)).toBe(0);

    const ok = expectShape(await ingest(ck.id, raw, { token: ck.token, headers: signed(ck.signingSecret!, raw) }), 202, IngestAnswer);
    expect(ok.decisions).toMatchObject([{ dedupKey: "chk-42", outcome: "opened" }]);
    expect((await openIncidents(t)).map((i) => i.name)).toEqual(["Checkout is failing"]);

    // A reminder changes nothing; the recovery resolves.
    const reminder = checklyBody({ ...vars, IS_REMINDER: "true", STARTED_AT: "2026-11-24T10:03:00.000Z" });
    expectShape(await ingest(ck.id, reminder, { token: ck.token, headers: signed(ck.signingSecret!, reminder) }), 202, IngestAnswer);
    expect(await openIncidents(t)).toHaveLength(1);
    const recovery = checklyBody({ ...vars, ALERT_TYPE: "ALERT_RECOVERY", STARTED_AT: T1 });
    const rec = expectShape(await ingest(ck.id, recovery, { token: ck.token, headers: signed(ck.signingSecret!, recovery) }), 202, IngestAnswer);
    expect(rec.decisions).toMatchObject([{ outcome: "resolved" }]);
    expect(await openIncidents(t)).toHaveLength(0);
  });

  it("refuses bad input with a clear 4xx and changes nothing: oversized, malformed JSON, not the format", async () => {
    const t = await tenant();
    await pageWithRule(t);
    const am = await integration(t, "alertmanager");
    const big = amBody([amAlert({ annotations: { summary: "x".repeat(300 * 1024) } })]);
    expectError(await ingest(am.id, big, { token: am.token }), 413);
    expectError(await ingest(am.id, "{not json", { token: am.token }), 400, "body");
    expectError(await ingest(am.id, "", { token: am.token }), 400, "body");
    expectError(await ingest(am.id, { dedupKey: "x", action: "trigger" }, { token: am.token }), 400, "alerts");
    expectError(await ingest(am.id, amBody([{ status: "exploding", labels: {} }]), { token: am.token }), 400);
    expect(await openIncidents(t)).toHaveLength(0);
    expect(await eventCount(t, am.id)).toBe(0);
  });

  it("a heartbeat (Watchdog) keeps it alive and opens nothing", async () => {
    const t = await tenant();
    await pageWithRule(t, ["Watchdog", "api"]);
    const am = await integration(t, "alertmanager", { staleAfterMinutes: 5 });
    const res = expectShape(await ingest(am.id, amBody([amAlert({ labels: { alertname: "Watchdog", component: "api" } })]), { token: am.token }), 202, IngestAnswer);
    expect(res.decisions).toMatchObject([{ action: "heartbeat", outcome: "ignored" }]);
    expect(await openIncidents(t)).toHaveLength(0);
    expect((await t.api.get(`/v1/integrations/${am.id}`)).body).toMatchObject({ stale: false, lastHeardAt: expect.any(String) });
  });

  it("generic JSON: several events in one body are decided in order; a resolve naming only its dedup key matches by its trigger", async () => {
    const t = await tenant();
    const { pageId } = await pageWithRule(t);
    const gen = await integration(t, "generic", { statusPageId: pageId });
    const res = expectShape(
      await ingest(gen.id, { events: [{ dedupKey: "g1", action: "trigger", summary: "API down", occurredAt: T0, tags: ["api"] }, { dedupKey: "g1", action: "resolve", occurredAt: T1 }] }, { token: gen.token }),
      202,
      IngestAnswer,
    );
    expect(res.accepted).toBe(2);
    expect(res.decisions.map((d) => d.outcome)).toEqual(["opened", "resolved"]);
  });
});

describe(`ingestion under concurrency (${STORE})`, () => {
  it("the same alert posted 20 times at once is decided once; two alerts of one rule at once open one incident", async () => {
    const t = await tenant();
    const { pageId } = await pageWithRule(t);
    const am = await integration(t, "alertmanager", { statusPageId: pageId });
    const burst = async (fp: string) => Promise.all(Array.from({ length: 20 }, () => ingest(am.id, amBody([amAlert({ fingerprint: fp })]), { token: am.token })));
    const first = await burst("fp-1");
    for (const r of first) expect(r.status, r.text).toBe(202);
    expect(first.filter((r) => r.body.decisions[0].outcome === "opened")).toHaveLength(1);
    const both = await Promise.all([burst("fp-2"), burst("fp-3")]);
    for (const r of both.flat()) expect(r.status, r.text).toBe(202);
    expect(both.flat().filter((r) => r.body.decisions[0].outcome === "opened")).toHaveLength(0);
    expect(await openIncidents(t)).toHaveLength(1);
  });
});
