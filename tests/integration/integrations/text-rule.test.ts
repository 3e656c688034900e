/**
 * Alert text follows the text rule of every other input (lib/http/wire): a NUL or an unpaired surrogate, which
 * PostgreSQL cannot store, refuses the one alert that carries it, by field, and the rest of its group is still
 * decided (Alertmanager does not retry a 4xx: refusing the body would lose every alert in it).
 */
import { describe, expect, it } from "vitest";
import { IngestAnswer, IntegrationEventPage } from "@/lib/integrations/schema";
import { expectError, expectShape, STORE, tenant } from "../api/fixtures";
import { amAlert, amBody, ingest, openIncidents, pageWithRule } from "./helpers";

describe(`text no store can hold, in alerts (${STORE})`, () => {
  it("refuses the middle alert of three by its field and decides the other two", async () => {
    const t = await tenant();
    const { pageId, ruleId } = await pageWithRule(t);
    const am = (await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", statusPageId: pageId })).body as { id: string; token: string };
    const body = amBody([
      amAlert({ fingerprint: "fp-1" }),
      amAlert({ fingerprint: "fp-2", labels: { alertname: "HighErrorRate", component: "api", instance: "web-1\u0000:9100" } }),
      amAlert({ fingerprint: "fp-3" }),
    ]);
    const res = expectShape(await ingest(am.id, body, { token: am.token }), 202, IngestAnswer);
    expect(res.accepted).toBe(2);
    expect(res.decisions).toMatchObject([
      { dedupKey: "fp-1", outcome: "opened", ruleId },
      { dedupKey: "fp-2", action: "trigger", outcome: "ignored", ruleId: null, incidentId: null, reason: expect.stringMatching(/^refused: alerts\.1\.labels\.instance must not contain NUL/) },
      { dedupKey: "fp-3", outcome: "joined", ruleId },
    ]);
    expect(await openIncidents(t)).toHaveLength(1);
    const log = expectShape(await t.api.get(`/v1/integrations/${am.id}/events`), 200, IntegrationEventPage);
    expect(log.entries.find((e) => e.dedupKey === "fp-2")?.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringContaining("alerts.1.labels.instance") }]);
  });

  it("names a label whose name itself holds the NUL, escaped, and refuses a lone surrogate the same way", async () => {
    const t = await tenant();
    const am = (await t.api.post("/v1/integrations", { name: "Grafana", type: "grafana" })).body as { id: string; token: string };
    const res = expectShape(
      await ingest(am.id, { receiver: "hg", alerts: [amAlert({ fingerprint: "a", labels: { "bad\u0000name": "x" } }), amAlert({ fingerprint: "b", annotations: { summary: "half \ud800 a pair" } }), amAlert({ fingerprint: "c" })] }, { token: am.token }),
      202,
      IngestAnswer,
    );
    expect(res.decisions.map((d) => d.reason)).toEqual([expect.stringContaining('alerts.0.labels."bad\\u0000name"'), expect.stringContaining("alerts.1.annotations.summary"), expect.stringMatching(/no automation rule/)]);
  });

  it("refuses a list event of the generic format alone, and a single event's bad text as a 400 naming the field", async () => {
    const t = await tenant();
    const gen = (await t.api.post("/v1/integrations", { name: "Own", type: "generic" })).body as { id: string; token: string };
    const res = expectShape(
      await ingest(gen.id, { events: [{ dedupKey: "ok-1", action: "trigger" }, { dedupKey: "bad", action: "trigger", summary: "nul \u0000 here" }, { dedupKey: "ok-2", action: "resolve" }] }, { token: gen.token }),
      202,
      IngestAnswer,
    );
    expect(res.decisions).toMatchObject([{ dedupKey: "ok-1" }, { dedupKey: "bad", outcome: "ignored", reason: expect.stringContaining("events.1.summary") }, { dedupKey: "ok-2" }]);
    expectError(await ingest(gen.id, { dedupKey: "x", action: "trigger", summary: "nul \u0000 here" }, { token: gen.token }), 400, "summary");
  });
});
