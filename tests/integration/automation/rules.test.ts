/**
 * The automation-rule operations of a v3 page and the v1 per-check trigger, through the API: answers
 * checked against our strict schemas and the vendor's, bad input refused naming the field with nothing
 * written, other accounts and v1 pages kept out, and a deleted rule leaving its incident in place.
 */
import { describe, expect, it } from "vitest";
import { applyAlert } from "@/lib/automation/apply";
import { AutomationRule, AutomationRulePage, CheckTrigger } from "@/lib/automation/schema";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import { expectError, expectShape, slug, tenant, type Tenant } from "../api/fixtures";

async function v3Page(t: Tenant) {
  const page = (await t.api.post("/v3/status-pages", { name: "Status", url: slug("rules") })).body as { id: string };
  const comp = async (body: Record<string, unknown>) => ((await t.api.post(`/v3/status-pages/${page.id}/components`, { displayOrder: 0, ...body })).body as { id: string }).id;
  const group = await comp({ name: "Core", type: "GROUP" });
  const api = await comp({ name: "API", parentId: group });
  const web = await comp({ name: "Web" });
  return { pageId: page.id, base: `/v3/status-pages/${page.id}/automation-rules`, group, api, web };
}

const body = (components: { componentId: string; targetImpact: string }[], over: Record<string, unknown> = {}) => ({
  name: "API failing",
  firstUpdate: "Investigating API failures.",
  lastUpdate: "The API recovered.",
  tags: ["api", "prod"],
  components,
  ...over,
});

const ruleCount = async (t: Tenant) => Number((await t.db.selectFrom("automation_rules").select((eb) => eb.fn.countAll<number>().as("n")).where("account_id", "=", t.accountId).executeTakeFirstOrThrow()).n);

describe("automation rules (v3)", () => {
  it("creates with defaults, gets, lists newest first with a cursor, replaces as a whole and deletes", async () => {
    const t = await tenant();
    const { base, api, web } = await v3Page(t);
    const created = expectShape(await t.api.post(base, body([{ componentId: api, targetImpact: "MAJOR_OUTAGE" }])), 201, AutomationRule);
    expect(vendorSchemaErrors("AutomationRuleV3", created)).toEqual([]);
    expect(created).toMatchObject({ enabled: true, notifySubscribers: true, coolDownWindowMinutes: 5, tags: ["api", "prod"], incidentId: null, components: [{ componentId: api, targetImpact: "MAJOR_OUTAGE" }] });
    expect(expectShape(await t.api.get(`${base}/${created.id}`), 200, AutomationRule)).toEqual(created);

    // Newest first by creation time: make the first rule unmistakably older than the next one.
    await t.db.updateTable("automation_rules").set((eb) => ({ created_at: eb("created_at", "-", 1000) })).where("id", "=", created.id).execute();
    const second = expectShape(await t.api.post(base, body([], { name: "Second", enabled: false, notifySubscribers: false, coolDownWindowMinutes: 0 })), 201, AutomationRule);
    expect(second).toMatchObject({ enabled: false, notifySubscribers: false, coolDownWindowMinutes: 0, components: [] });
    const first = expectShape(await t.api.get(`${base}?limit=1`), 200, AutomationRulePage);
    expect(vendorSchemaErrors("AutomationRulesV3Paginated", first)).toEqual([]);
    expect(first.entries.map((r) => r.id)).toEqual([second.id]);
    const rest = expectShape(await t.api.get(`${base}?limit=1&nextId=${encodeURIComponent(first.nextId!)}`), 200, AutomationRulePage);
    expect(rest).toMatchObject({ length: 1, nextId: null, entries: [{ id: created.id }] });

    const replaced = expectShape(await t.api.put(`${base}/${created.id}`, { name: "Renamed", firstUpdate: "a", lastUpdate: "b", tags: ["web"], components: [{ componentId: web, targetImpact: "PARTIAL_OUTAGE" }] }), 200, AutomationRule);
    expect(vendorSchemaErrors("AutomationRuleV3", replaced)).toEqual([]);
    expect(replaced).toMatchObject({ name: "Renamed", tags: ["web"], enabled: true, coolDownWindowMinutes: 5, components: [{ componentId: web, targetImpact: "PARTIAL_OUTAGE" }] });
    expect(replaced.components[0].id).not.toBe(created.components[0].id);
    const emptied = expectShape(await t.api.put(`${base}/${created.id}`, { name: "No components", firstUpdate: "a", lastUpdate: "b", tags: ["web"] }), 200, AutomationRule);
    expect(emptied.components).toEqual([]);

    expect((await t.api.delete(`${base}/${created.id}`)).status).toBe(204);
    expectError(await t.api.get(`${base}/${created.id}`), 404);
    expectError(await t.api.delete(`${base}/${created.id}`), 404);
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const t = await tenant();
    const { base, pageId, group, api } = await v3Page(t);
    const other = await v3Page(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body([]), tags: [] }, "tags"],
      [{ ...body([]), tags: [""] }, "tags.0"],
      [{ ...body([]), name: "x".repeat(256) }, "name"],
      [{ ...body([]), firstUpdate: "" }, "firstUpdate"],
      [{ ...body([]), coolDownWindowMinutes: 1441 }, "coolDownWindowMinutes"],
      [{ ...body([]), coolDownWindowMinutes: 1.5 }, "coolDownWindowMinutes"],
      [{ ...body([]), extra: true }, "extra"],
      [body([{ componentId: api, targetImpact: "OPERATIONAL" }]), "components.0.targetImpact"],
      [body([{ componentId: "not-a-uuid", targetImpact: "MAJOR_OUTAGE" }]), "components.0.componentId"],
      [body([{ componentId: other.api, targetImpact: "MAJOR_OUTAGE" }]), "components.0.componentId"],
      [body([{ componentId: group, targetImpact: "MAJOR_OUTAGE" }]), "components.0.componentId"],
      [body([{ componentId: api, targetImpact: "MAJOR_OUTAGE" }, { componentId: api, targetImpact: "PARTIAL_OUTAGE" }]), "components.1.componentId"],
    ];
    for (const [b, field] of cases) expectError(await t.api.post(base, b), 400, field);
    const rule = expectShape(await t.api.post(base, body([{ componentId: api, targetImpact: "MAJOR_OUTAGE" }])), 201, AutomationRule);
    for (const [b, field] of cases) expectError(await t.api.put(`${base}/${rule.id}`, b), 400, field);
    expect(await ruleCount(t)).toBe(1);
    expect((await t.api.get(`${base}/${rule.id}`)).body).toEqual(rule);
    expectError(await t.api.get(`${base}/not-a-uuid`), 400, "ruleId");
    // A rule of one page is not found through another of the account's pages.
    expectError(await t.api.get(`${other.base}/${rule.id}`), 404);
    expect(pageId).not.toBe(other.pageId);
  });

  it("keeps v1 pages and other accounts out", async () => {
    const a = await tenant("A");
    const b = await tenant("B");
    const { base, api } = await v3Page(a);
    const rule = expectShape(await a.api.post(base, body([{ componentId: api, targetImpact: "MAJOR_OUTAGE" }])), 201, AutomationRule);
    for (const res of [await b.api.get(base), await b.api.post(base, body([])), await b.api.get(`${base}/${rule.id}`), await b.api.put(`${base}/${rule.id}`, body([])), await b.api.delete(`${base}/${rule.id}`)]) expectError(res, 404);
    const bPage = await v3Page(b);
    expectError(await b.api.get(`${bPage.base}/${rule.id}`), 404);
    expectError(await b.api.post(bPage.base, body([{ componentId: api, targetImpact: "MAJOR_OUTAGE" }])), 400, "components.0.componentId");
    const v1 = (await a.api.post("/v1/status-pages", { name: "Old", url: slug("v1"), cards: [] })).body as { id: string };
    expectError(await a.api.get(`/v3/status-pages/${v1.id}/automation-rules`), 400, "statusPageId");
    expectError(await a.api.post(`/v3/status-pages/${v1.id}/automation-rules`, body([])), 400, "statusPageId");
    expect((await a.api.get(`${base}/${rule.id}`)).body).toEqual(rule);
  });

  it("a deleted rule leaves its incident; a deleted page takes its rules with it", async () => {
    const t = await tenant();
    const { pageId, base, api } = await v3Page(t);
    const rule = expectShape(await t.api.post(base, body([{ componentId: api, targetImpact: "MAJOR_OUTAGE" }])), 201, AutomationRule);
    const [opened] = await applyAlert(t.db, { accountId: t.accountId, integrationId: "i", statusPageId: pageId }, { dedupKey: "k", action: "trigger", occurredAt: Date.now(), summary: "down", tags: ["api"] });
    expect(opened.outcome).toBe("opened");
    expect(expectShape(await t.api.get(`${base}/${rule.id}`), 200, AutomationRule).incidentId).toBe(opened.incidentId);
    expect((await t.api.delete(`${base}/${rule.id}`)).status).toBe(204);
    expect((await t.api.get(`/v3/status-pages/${pageId}/incidents/${opened.incidentId}`)).status).toBe(200);
    expect(await t.db.selectFrom("automation_alerts").selectAll().where("rule_id", "=", rule.id).execute()).toEqual([]);

    expect((await t.api.post(base, body([{ componentId: api, targetImpact: "MAJOR_OUTAGE" }]))).status).toBe(201);
    expect((await t.api.delete(`/v3/status-pages/${pageId}`)).status).toBe(204);
    expect(await ruleCount(t)).toBe(0);
  });
});

describe("the v1 per-check trigger", () => {
  it("puts, gets, replaces and deletes a check's trigger; the service must be the account's", async () => {
    const a = await tenant("A");
    const b = await tenant("B");
    const svc = (await a.api.post("/v1/status-pages/services", { name: "Checkout" })).body as { id: string };
    const other = (await a.api.post("/v1/status-pages/services", { name: "Search" })).body as { id: string };
    const bSvc = (await b.api.post("/v1/status-pages/services", { name: "B's" })).body as { id: string };
    const checks = (await a.api.post("/v1/integrations", { name: "Checks", type: "checkly" })).body as { id: string };
    const path = `/v1/integrations/${checks.id}/checks/0b7a4f2e-1c1d-4a55-9a0b-2f0e5d4c3b2a/trigger-incident`;
    expectError(await a.api.get(path), 404);
    const put = expectShape(await a.api.put(path, { serviceId: svc.id, name: "Checkout down", description: "Checkout checks fail." }), 200, CheckTrigger);
    expect(put).toMatchObject({ checkId: "0b7a4f2e-1c1d-4a55-9a0b-2f0e5d4c3b2a", serviceId: svc.id, name: "Checkout down", description: "Checkout checks fail.", notifySubscribers: true, incidentId: null });
    expect(expectShape(await a.api.get(path), 200, CheckTrigger)).toEqual(put);
    const replaced = expectShape(await a.api.put(path, { serviceId: other.id, name: "Search down", description: "x", notifySubscribers: false }), 200, CheckTrigger);
    expect(replaced).toMatchObject({ serviceId: other.id, name: "Search down", notifySubscribers: false, created_at: put.created_at });

    expectError(await a.api.put(path, { serviceId: bSvc.id, name: "x", description: "x" }), 400, "serviceId");
    expectError(await a.api.put(path, { serviceId: svc.id, name: "", description: "x" }), 400, "name");
    expectError(await a.api.put(path, { serviceId: svc.id, name: "x", description: "x", extra: 1 }), 400, "extra");
    expectError(await a.api.put(`/v1/integrations/${checks.id}/checks/bad%20id/trigger-incident`, { serviceId: svc.id, name: "x", description: "x" }), 400, "checkId");
    expect((await a.api.get(path)).body).toEqual(replaced);

    expectError(await b.api.get(path), 404);
    expectError(await b.api.delete(path), 404);
    expect((await a.api.delete(path)).status).toBe(204);
    expectError(await a.api.get(path), 404);
  });

  it("concurrent first PUTs of one check's trigger all succeed and leave one trigger", async () => {
    const t = await tenant();
    const svc = (await t.api.post("/v1/status-pages/services", { name: "Checkout" })).body as { id: string };
    const checks = (await t.api.post("/v1/integrations", { name: "Checks", type: "checkly" })).body as { id: string };
    const path = `/v1/integrations/${checks.id}/checks/chk-race/trigger-incident`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.api.put(path, { serviceId: svc.id, name: `Checkout down ${i}`, description: "Checkout checks fail." })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const rows = await t.db.selectFrom("automation_rules").select("id").where("account_id", "=", t.accountId).where("check_id", "=", "chk-race").execute();
    expect(rows).toHaveLength(1);
  });
});
