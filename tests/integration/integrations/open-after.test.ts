/**
 * A rule's openAfterMinutes through the rules API and POST /ingest: an alert firing under N minutes (by its startsAt)
 * opens nothing; Alertmanager's identical re-send after N minutes opens the incident; a recovery before then leaves
 * nothing open. Only Date is faked to move the wall clock.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { AutomationRule } from "@/lib/automation/schema";
import { IngestAnswer, IntegrationEventPage } from "@/lib/integrations/schema";
import { vendorSchemaErrors } from "@/tests/setup/vendor-schemas";
import { expectError, expectShape, STORE, tenant, type Tenant } from "../api/fixtures";
import { amAlert, amBody, checklyBody, ingest, openIncidents, pageWithRule, signed } from "./helpers";

const MIN = 60_000;

async function delayedRule(t: Tenant, minutes: number) {
  const { pageId, componentId, ruleId } = await pageWithRule(t);
  const rule = (await t.api.get(`/v3/status-pages/${pageId}/automation-rules/${ruleId}`)).body;
  const { id: _i, statusPageId: _s, incidentId: _n, created_at: _c, updated_at: _u, components, ...fields } = rule;
  const put = await t.api.put(`/v3/status-pages/${pageId}/automation-rules/${ruleId}`, {
    ...fields,
    components: components.map((c: { componentId: string; targetImpact: string }) => ({ componentId: c.componentId, targetImpact: c.targetImpact })),
    openAfterMinutes: minutes,
  });
  expect(put.status, put.text).toBe(200);
  const am = (await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", statusPageId: pageId })).body as { id: string; token: string };
  return { pageId, componentId, ruleId, am };
}

afterEach(() => {
  vi.useRealTimers();
});

describe(`openAfterMinutes (${STORE})`, () => {
  it("is a rule field: 0 by default, kept, bounded to 0-1440, and the answer still validates as the vendor's rule", async () => {
    const t = await tenant();
    const { pageId, ruleId } = await pageWithRule(t);
    const plain = expectShape(await t.api.get(`/v3/status-pages/${pageId}/automation-rules/${ruleId}`), 200, AutomationRule);
    expect(plain.openAfterMinutes).toBe(0);
    const body = { name: "Slow", firstUpdate: "Slow", lastUpdate: "Fine", tags: ["slow"], openAfterMinutes: 10 };
    const created = expectShape(await t.api.post(`/v3/status-pages/${pageId}/automation-rules`, body), 201, AutomationRule);
    expect(created.openAfterMinutes).toBe(10);
    expect(vendorSchemaErrors("AutomationRuleV3", created)).toEqual([]);
    expectError(await t.api.post(`/v3/status-pages/${pageId}/automation-rules`, { ...body, openAfterMinutes: 1441 }), 400, "openAfterMinutes");
    expectError(await t.api.post(`/v3/status-pages/${pageId}/automation-rules`, { ...body, openAfterMinutes: -1 }), 400, "openAfterMinutes");
    // PUT is a full replacement: leaving it out sets it back to 0.
    const { openAfterMinutes: _o, ...rest } = body;
    expect(expectShape(await t.api.put(`/v3/status-pages/${pageId}/automation-rules/${created.id}`, rest), 200, AutomationRule).openAfterMinutes).toBe(0);
  });

  it("records an alert firing for less than N minutes; its identical re-send opens the incident once N minutes have passed", async () => {
    const t = await tenant();
    const { ruleId, am } = await delayedRule(t, 5);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const alert = amAlert({ startsAt: new Date(start - 2 * MIN).toISOString() });

    const first = expectShape(await ingest(am.id, amBody([alert]), { token: am.token }), 202, IngestAnswer);
    expect(first.decisions).toMatchObject([{ outcome: "ignored", ruleId, incidentId: null, reason: expect.stringMatching(/opens only after 5 minutes firing/) }]);
    // Alertmanager's re-send is decided again (not answered as a repeat of the event), and still waits.
    vi.setSystemTime(start + 2 * MIN);
    const early = await ingest(am.id, amBody([alert]), { token: am.token });
    expect(early.body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/opens only after/) }]);
    expect(await openIncidents(t)).toHaveLength(0);

    vi.setSystemTime(start + 3 * MIN + 1);
    const due = expectShape(await ingest(am.id, amBody([alert]), { token: am.token }), 202, IngestAnswer);
    expect(due.decisions).toMatchObject([{ outcome: "opened", ruleId }]);
    expect((await openIncidents(t)).map((i) => i.id)).toEqual([due.decisions[0].incidentId]);
    // Opened: from now on a re-send is the plain repeat it always was.
    expect((await ingest(am.id, amBody([alert]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/repeat/) }]);

    const resolved = await ingest(am.id, amBody([{ ...alert, status: "resolved", endsAt: new Date(start + 4 * MIN).toISOString() }]), { token: am.token });
    expect(resolved.body.decisions).toMatchObject([{ outcome: "resolved", ruleId }]);
    expect(await openIncidents(t)).toHaveLength(0);

    const log = expectShape(await t.api.get(`/v1/integrations/${am.id}/events`), 200, IntegrationEventPage);
    expect(log.entries.map((e) => e.decisions?.[0].outcome)).toEqual(["resolved", "opened", "ignored", "ignored"]);
  });

  it("the vendor's reminders (each with its own STARTED_AT) open a waiting alert once N minutes have passed since its failure", async () => {
    const t = await tenant();
    const { pageId, ruleId } = await delayedRule(t, 5);
    const ck = (await t.api.post("/v1/integrations", { name: "Checks", type: "checkly", statusPageId: pageId })).body as { id: string; token: string; signingSecret: string };
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    const vars = { ALERT_TYPE: "ALERT_FAILURE", CHECK_ID: "chk-7", CHECK_NAME: "API", TAGS: "api", GROUP_NAME: "", STARTED_AT: at(start), CHECK_RESULT_ID: "r1", RESULT_LINK: "https://example.com/r1", RESPONSE_TIME: "900", IS_REMINDER: "false" };
    const send = async (over: Record<string, string>) => {
      const raw = checklyBody({ ...vars, ...over });
      return expectShape(await ingest(ck.id, raw, { token: ck.token, headers: signed(ck.signingSecret, raw) }), 202, IngestAnswer).decisions;
    };
    expect(await send({})).toMatchObject([{ outcome: "ignored", ruleId, reason: expect.stringMatching(/opens only after 5 minutes/) }]);
    vi.setSystemTime(start + 2 * MIN);
    expect(await send({ IS_REMINDER: "true", STARTED_AT: at(start + 2 * MIN) })).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/firing since .*: the rule opens only after/) }]);
    expect(await openIncidents(t)).toHaveLength(0);
    vi.setSystemTime(start + 5 * MIN);
    expect(await send({ IS_REMINDER: "true", STARTED_AT: at(start + 5 * MIN) })).toMatchObject([{ outcome: "opened", ruleId }]);
    expect(await openIncidents(t)).toHaveLength(1);
    // Once open, reminders are reminders again.
    vi.setSystemTime(start + 8 * MIN);
    expect(await send({ IS_REMINDER: "true", STARTED_AT: at(start + 8 * MIN) })).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/reminder/) }]);
  });

  it("a recovery before N minutes opens nothing and leaves nothing open, even when the firing alert is re-sent late", async () => {
    const t = await tenant();
    const { am } = await delayedRule(t, 10);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const alert = amAlert({ fingerprint: "flap", startsAt: new Date(start - MIN).toISOString() });
    expect((await ingest(am.id, amBody([alert]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/opens only after 10 minutes/) }]);
    const recovered = await ingest(am.id, amBody([{ ...alert, status: "resolved", endsAt: new Date(start + MIN).toISOString() }]), { token: am.token });
    expect(recovered.body.decisions).toMatchObject([{ outcome: "ignored", incidentId: null }]);

    // A delivery of the old firing state arriving after its recovery, long past the delay: out of order.
    vi.setSystemTime(start + 30 * MIN);
    const stale = await ingest(am.id, amBody([alert]), { token: am.token });
    expect(stale.body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/out of order/) }]);
    expect(await openIncidents(t)).toHaveLength(0);
  });

  it("a failure recorded during the cool-down opens when Alertmanager re-sends it unchanged after the cool-down", async () => {
    const t = await tenant();
    const { pageId, ruleId, am } = await delayedRule(t, 0);
    const rule = (await t.api.get(`/v3/status-pages/${pageId}/automation-rules/${ruleId}`)).body;
    const { id: _i, statusPageId: _s, incidentId: _n, created_at: _c, updated_at: _u, components, ...fields } = rule;
    const put = await t.api.put(`/v3/status-pages/${pageId}/automation-rules/${ruleId}`, { ...fields, components: components.map((c: { componentId: string; targetImpact: string }) => ({ componentId: c.componentId, targetImpact: c.targetImpact })), coolDownWindowMinutes: 5 });
    expect(put.status, put.text).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const first = amAlert({ startsAt: new Date(start - MIN).toISOString() });
    expect((await ingest(am.id, amBody([first]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "opened", ruleId }]);
    const recovered = await ingest(am.id, amBody([{ ...first, status: "resolved", endsAt: new Date(start).toISOString() }]), { token: am.token });
    expect(recovered.body.decisions).toMatchObject([{ outcome: "resolved", ruleId }]);

    // It fails again a minute later: inside the cool-down, recorded and not opened.
    vi.setSystemTime(start + MIN);
    const again = amAlert({ startsAt: new Date(start + MIN).toISOString() });
    expect((await ingest(am.id, amBody([again]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/cool-down/) }]);
    expect(await openIncidents(t)).toHaveLength(0);
    // Alertmanager re-sends the same alert (same startsAt) after the cool-down: decided again, and it opens.
    vi.setSystemTime(start + 6 * MIN);
    expect((await ingest(am.id, amBody([again]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "opened", ruleId }]);
    expect(await openIncidents(t)).toHaveLength(1);
  });
});
