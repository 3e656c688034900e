/**
 * A sender whose clock runs ahead (one Alertmanager replica of an HA pair, say) must not leave an incident
 * open for ever: its future-stamped failure is read as happening on arrival, so the other replica's correctly
 * stamped recovery still resolves it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { STORE, tenant } from "../api/fixtures";
import { amAlert, amBody, ingest, openIncidents, pageWithRule } from "./helpers";

const MIN = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe(`clock skew between senders (${STORE})`, () => {
  it("a failure stamped ten minutes ahead opens the incident, and a recovery stamped a second later by a correct clock resolves it", async () => {
    const t = await tenant();
    const { pageId, ruleId } = await pageWithRule(t);
    const am = (await t.api.post("/v1/integrations", { name: "Prometheus HA", type: "alertmanager", statusPageId: pageId })).body as { id: string; token: string };
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const ahead = amAlert({ startsAt: new Date(start + 10 * MIN).toISOString() });
    expect((await ingest(am.id, amBody([ahead]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "opened", ruleId }]);
    vi.setSystemTime(start + 1000);
    const recovery = { ...ahead, status: "resolved", endsAt: new Date(start + 1000).toISOString() };
    expect((await ingest(am.id, amBody([recovery]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "resolved", ruleId }]);
    expect(await openIncidents(t)).toHaveLength(0);
  });

  it("a small skew (under a minute) keeps the sender's own times", async () => {
    const t = await tenant();
    const { pageId, ruleId } = await pageWithRule(t);
    const am = (await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", statusPageId: pageId })).body as { id: string; token: string };
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const alert = amAlert({ startsAt: new Date(start + 30_000).toISOString() });
    expect((await ingest(am.id, amBody([alert]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "opened", ruleId }]);
    // A recovery stamped before that failure is out of order, by the sender's own times.
    const early = { ...alert, status: "resolved", endsAt: new Date(start + 10_000).toISOString() };
    expect((await ingest(am.id, amBody([early]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/out of order/) }]);
    expect(await openIncidents(t)).toHaveLength(1);
  });
});
