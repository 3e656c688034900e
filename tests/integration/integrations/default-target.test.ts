/**
 * An integration's default target (automation.md "Matching" 3), through the integrations API and POST /ingest:
 * alerts no rule matches open one incident on it, with every rule of a rule (repeats, join, all recovered,
 * cool-down, humans win, suppressAutoIncidents), and it lives and dies with its integration.
 */
import { describe, expect, it } from "vitest";
import { CreatedIntegration, IngestAnswer, Integration, IntegrationPage } from "@/lib/integrations/schema";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";
import { amAlert, amBody, ingest, openIncidents, pageWithRule } from "./helpers";

const MIN = 60_000;
const T1 = "2026-11-24T10:07:00.000Z";

/** A v3 page with a rule tagged `api` on its API component, and a second component, Web, no rule names. */
async function setup(t: Tenant) {
  const { pageId, componentId: api, ruleId } = await pageWithRule(t);
  const web = (await t.api.post(`/v3/status-pages/${pageId}/components`, { name: "Web", displayOrder: 2 })).body.id as string;
  return { pageId, api, web, ruleId };
}

async function withDefault(t: Tenant, pageId: string, web: string, extra: Record<string, unknown> = {}) {
  const res = await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", statusPageId: pageId, defaultComponents: [{ componentId: web, targetImpact: "PARTIAL_OUTAGE" }], ...extra });
  return expectShape(res, 201, CreatedIntegration);
}

const unmatched = (over: Record<string, unknown> = {}) => amAlert({ labels: { alertname: "DiskFull", instance: "db1" }, fingerprint: "disk", ...over });

async function incidentOf(t: Tenant, pageId: string, id: string) {
  return (await t.api.get(`/v3/status-pages/${pageId}/incidents/${id}`)).body as { name: string; componentImpacts: { componentId: string; status: string; endedAt: string | null }[]; incidentUpdates: { description: string; status: string }[] };
}

describe(`an integration's default target (${STORE})`, () => {
  it("is created with its integration, shown by create, get and list, and not among the page's rules", async () => {
    const t = await tenant();
    const { pageId, web } = await setup(t);
    const created = await withDefault(t, pageId, web, { defaultName: "Something is wrong", defaultLastUpdate: "All clear." });
    expect(created.defaultTarget).toEqual({
      ruleId: expect.any(String),
      name: "Something is wrong",
      firstUpdate: expect.stringMatching(/problem/),
      lastUpdate: "All clear.",
      notifySubscribers: true,
      components: [{ componentId: web, targetImpact: "PARTIAL_OUTAGE" }],
    });
    expect(expectShape(await t.api.get(`/v1/integrations/${created.id}`), 200, Integration).defaultTarget).toEqual(created.defaultTarget);
    const plain = expectShape(await t.api.post("/v1/integrations", { name: "Other", type: "generic", statusPageId: pageId }), 201, CreatedIntegration);
    expect(plain.defaultTarget).toBeNull();
    const list = expectShape(await t.api.get("/v1/integrations"), 200, IntegrationPage);
    expect(list.entries.map((e) => [e.id, e.defaultTarget?.ruleId ?? null])).toEqual([
      [created.id, created.defaultTarget!.ruleId],
      [plain.id, null],
    ]);
    const rules = (await t.api.get(`/v3/status-pages/${pageId}/automation-rules`)).body.entries as { id: string }[];
    expect(rules.map((r) => r.id)).not.toContain(created.defaultTarget!.ruleId);
  });

  it("rejects a component not of its page, a default without a page, and texts without components, writing nothing", async () => {
    const t = await tenant();
    const { pageId, web } = await setup(t);
    const other = await setup(t);
    const before = await t.db.selectFrom("automation_rules").select("id").where("account_id", "=", t.accountId).execute();
    const target = (componentId: string) => ({ componentId, targetImpact: "MAJOR_OUTAGE" });
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", statusPageId: pageId, defaultComponents: [target(web), target(other.web)] }), 400, "defaultComponents.1.componentId");
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", statusPageId: pageId, defaultComponents: [target(web), target(web)] }), 400, "defaultComponents.1.componentId");
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", defaultComponents: [target(web)] }), 400, "statusPageId");
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", statusPageId: pageId, defaultName: "Oops" }), 400, "defaultComponents");
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", statusPageId: pageId, defaultComponents: [] }), 400, "defaultComponents");
    const v1 = await t.api.post("/v1/status-pages", { name: "Classic", url: slug("classic"), cards: [] });
    expect(v1.status, v1.text).toBe(201);
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", statusPageId: v1.body.id, defaultComponents: [target(web)] }), 400, "statusPageId");
    expect(await t.db.selectFrom("integrations").select("id").where("account_id", "=", t.accountId).execute()).toEqual([]);
    expect(await t.db.selectFrom("automation_rules").select("id").where("account_id", "=", t.accountId).execute()).toEqual(before);
  });

  it("opens one incident for alerts nothing matches, joins, ignores repeats, resolves once all recovered, then cools down; a rule's match goes to the rule", async () => {
    const t = await tenant();
    const { pageId, web, ruleId } = await setup(t);
    const am = await withDefault(t, pageId, web);
    const defaultId = am.defaultTarget!.ruleId;

    const fired = expectShape(await ingest(am.id, amBody([unmatched()]), { token: am.token }), 202, IngestAnswer);
    expect(fired.decisions).toMatchObject([{ outcome: "opened", ruleId: defaultId }]);
    const id = fired.decisions[0].incidentId!;
    const shown = await incidentOf(t, pageId, id);
    expect(shown.name).toBe("Problem reported by Prometheus");
    expect(shown.componentImpacts.map((w) => [w.componentId, w.status])).toEqual([[web, "PARTIAL_OUTAGE"]]);

    expect((await ingest(am.id, amBody([unmatched()]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/repeat/) }]);
    const second = await ingest(am.id, amBody([unmatched({ fingerprint: "cpu", labels: { alertname: "CpuHigh" } })]), { token: am.token });
    expect(second.body.decisions).toMatchObject([{ outcome: "joined", ruleId: defaultId, incidentId: id }]);
    // An alert a rule matches is the rule's, never the default's.
    const ruled = await ingest(am.id, amBody([amAlert({ fingerprint: "api" })]), { token: am.token });
    expect(ruled.body.decisions).toMatchObject([{ outcome: "opened", ruleId }]);
    expect(await openIncidents(t)).toHaveLength(2);

    expect((await ingest(am.id, amBody([unmatched({ status: "resolved", endsAt: T1 })]), { token: am.token })).body.decisions).toMatchObject([{ outcome: "updated", reason: expect.stringMatching(/1 alert still firing/) }]);
    const done = await ingest(am.id, amBody([unmatched({ fingerprint: "cpu", labels: { alertname: "CpuHigh" }, status: "resolved", endsAt: T1 })]), { token: am.token });
    expect(done.body.decisions).toMatchObject([{ outcome: "resolved", ruleId: defaultId, incidentId: id }]);
    expect((await incidentOf(t, pageId, id)).incidentUpdates.map((u) => u.status)).toContain("RESOLVED");
    expect(await openIncidents(t)).toHaveLength(1);

    // Firing again at once: the default's five-minute cool-down holds.
    const again = await ingest(am.id, amBody([unmatched({ startsAt: new Date(Date.now() - MIN).toISOString() })]), { token: am.token });
    expect(again.body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/cool-down/) }]);
    expect(await openIncidents(t)).toHaveLength(1);
  });

  it("leaves an incident humans took over, and opens nothing under a maintenance that suppresses automatic incidents", async () => {
    const t = await tenant();
    const { pageId, web } = await setup(t);
    const am = await withDefault(t, pageId, web);
    const [opened] = (await ingest(am.id, amBody([unmatched()]), { token: am.token })).body.decisions;
    const post = await t.api.post(`/v3/status-pages/${pageId}/incidents/${opened.incidentId}/incident-updates`, { description: "We are on it.", status: "IDENTIFIED" });
    expect(post.status, post.text).toBe(201);
    const late = await ingest(am.id, amBody([unmatched({ status: "resolved", endsAt: T1 })]), { token: am.token });
    expect(late.body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/humans own .* not resolved/) }]);
    expect((await openIncidents(t)).map((i) => i.id)).toEqual([opened.incidentId]);

    const t2 = await tenant();
    const other = await setup(t2);
    const now = Date.now();
    const window = await t2.api.post("/v1/maintenance-windows", {
      name: "Web deploy",
      startsAt: new Date(now - 10 * MIN).toISOString(),
      endsAt: new Date(now + 60 * MIN).toISOString(),
      repeatUnit: null,
      statusPageVisibility: { statusPageIds: [other.pageId], componentIds: [other.web], suppressAutoIncidents: true },
    });
    expect(window.status, window.text).toBe(201);
    const am2 = await withDefault(t2, other.pageId, other.web);
    const muted = await ingest(am2.id, amBody([unmatched()]), { token: am2.token });
    expect(muted.body.decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/maintenance in progress suppresses/), incidentId: null }]);
    expect(await openIncidents(t2)).toHaveLength(0);
  });

  it("is deleted with its integration; the incident it opened stays", async () => {
    const t = await tenant();
    const { pageId, web } = await setup(t);
    const am = await withDefault(t, pageId, web);
    const [opened] = (await ingest(am.id, amBody([unmatched()]), { token: am.token })).body.decisions;
    expect((await t.api.delete(`/v1/integrations/${am.id}`)).status).toBe(204);
    expect(await t.db.selectFrom("automation_rules").select("id").where("id", "=", am.defaultTarget!.ruleId).execute()).toEqual([]);
    expect((await openIncidents(t)).map((i) => i.id)).toEqual([opened.incidentId]);
  });
});
