import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { onFinalResult } from "@/lib/alerting/final";
import { effectiveCheck } from "@/lib/checks/effective";
import { recordPing } from "@/lib/heartbeats/service";
import { insertResult } from "../alerting/fixture";
import { expectError, rowCounts, slug, STORE, seed, tenant, type Tenant } from "./fixtures";

type Ids = Awaited<ReturnType<typeof seedWithSubscription>>;

async function seedWithSubscription(t: Tenant) {
  const s = await seed(t);
  const bulk = await t.api.post(`/v1/status-pages/${s.page.id}/subscriptions/bulk`, { subscriptions: [{ type: "EMAIL", config: "ops@example.com" }], autoVerify: true });
  expect(bulk.status, bulk.text).toBe(201);
  const subscription = (await t.api.get(`/v1/status-pages/${s.page.id}/subscriptions`)).body[0];
  return { ...s, subscription, ...(await seedV3(t)) };
}

/** A v3 page with a group, a service in it, and a subscriber following the service. */
async function seedV3(t: Tenant) {
  const v3Page = (await t.api.post("/v3/status-pages", { name: "Modern", url: slug("v3") })).body;
  const group = (await t.api.post(`/v3/status-pages/${v3Page.id}/components`, { type: "GROUP", name: "Core", displayOrder: 1 })).body;
  const component = (await t.api.post(`/v3/status-pages/${v3Page.id}/components`, { name: "API", displayOrder: 2, parentId: group.id })).body;
  const bulk = await t.api.post(`/v3/status-pages/${v3Page.id}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "ops@example.com", subscribedComponents: [component.id] } }], autoVerify: true });
  expect(bulk.status, bulk.text).toBe(201);
  const subscriber = (await t.api.get(`/v3/status-pages/${v3Page.id}/subscribers`)).body.entries[0];
  for (const v of [v3Page, group, component, subscriber]) expect(v?.id, JSON.stringify(v)).toBeDefined();
  return { v3Page, group, component, subscriber };
}

/** Rows of the v3 tables, which rowCounts does not cover. */
async function v3Counts(t: Tenant) {
  const n = async (table: "components" | "subscriber_components") => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return { components: await n("components"), subscriber_components: await n("subscriber_components") };
}

/** A's v3 page with a component and an incident on it (v3 incidents), and B's own v3 page. */
async function seedV3Incidents(a: Tenant, b: Tenant) {
  const made = <T extends { status: number; text: string; body: { id?: string } }>(res: T) => {
    expect(res.status, res.text).toBeLessThan(300);
    return res.body as { id: string; incidentUpdates?: { id: string }[] };
  };
  const page = made(await a.api.post("/v3/status-pages", { name: "A v3", url: slug("a3") }));
  const component = made(await a.api.post(`/v3/status-pages/${page.id}/components`, { name: "API", displayOrder: 0 }));
  const incident = made(await a.api.post(`/v3/status-pages/${page.id}/incidents`, { name: "A's", componentImpacts: [{ componentId: component.id, status: "MAJOR_OUTAGE" }], incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] }));
  const bPage = made(await b.api.post("/v3/status-pages", { name: "B v3", url: slug("b3") }));
  return { pageId: page.id, componentId: component.id, incidentId: incident.id, updateId: incident.incidentUpdates![0].id, bPageId: bPage.id };
}

/** Everything A can read about its own data, to compare before and after B's attempts. */
async function snapshot(t: Tenant, ids: Ids) {
  const paths = [
    "/v1/status-pages",
    `/v1/status-pages/${ids.page.id}`,
    `/v1/status-pages/${ids.page.id}/keys`,
    `/v1/status-pages/${ids.page.id}/subscriptions`,
    "/v1/status-pages/services",
    `/v1/status-pages/services/${ids.service.id}`,
    "/v1/status-pages/incidents",
    `/v1/status-pages/incidents/${ids.incident.id}`,
    `/v1/status-pages/incidents/${ids.incident.id}/incident-updates`,
    "/v1/maintenance-windows",
    `/v1/maintenance-windows/${ids.window.id}`,
    "/v1/accounts",
    "/v1/api-keys",
    "/v3/status-pages",
    `/v3/status-pages/${ids.v3Page.id}`,
    `/v3/status-pages/${ids.v3Page.id}/components`,
    `/v3/status-pages/${ids.v3Page.id}/components/${ids.group.id}`,
    `/v3/status-pages/${ids.v3Page.id}/components/${ids.component.id}`,
    `/v3/status-pages/${ids.v3Page.id}/subscribers`,
  ];
  const out: Record<string, unknown> = {};
  for (const p of paths) out[p] = (await t.api.get(p)).body;
  const row = await t.db.selectFrom("status_pages").select("password_hash").where("id", "=", ids.page.id).executeTakeFirstOrThrow();
  out.password = row.password_hash;
  return out;
}

describe(`cross-account isolation on every route (${STORE})`, () => {
  it("B's key never sees or changes A's data", async () => {
    const a = await tenant("A");
    const b = await tenant("B");
    const ids = await seedWithSubscription(a);
    const bSvc = (await b.api.post("/v1/status-pages/services", { name: "B's" })).body;
    const bPage = (await b.api.post("/v1/status-pages", { name: "B", url: slug("b"), cards: [] })).body;
    const v3 = await seedV3Incidents(a, b);
    // A v3 create with no reference to A lands in B's account.
    const bV3 = await seedV3(b);
    expect(bV3.v3Page.accountId).toBe(b.accountId);
    // An occurrence of A's window with one update (materialised before B's attempts).
    const occ = (await a.api.get(`/v1/maintenance-windows/${ids.window.id}/maintenances`)).body[0];
    const occUpdate = (await a.api.post(`/v1/maintenance-windows/${ids.window.id}/maintenances/${occ.id}/updates`, { status: "IN_PROGRESS", description: "x" })).body;
    // A's v3 page has a custom domain, so its verification exists for B to be refused.
    const domain = `${slug("iso")}.example.com`;
    expect((await a.api.put(`/v3/status-pages/${ids.v3Page.id}`, { name: ids.v3Page.name, url: ids.v3Page.url, customDomain: domain })).status).toBe(200);
    const before = await snapshot(a, ids);
    const counts = await rowCounts(a.db);
    const v3Rows = await v3Counts(a);
    const covered = new Set<string>();
    const params: Record<string, string> = {
      id: "", keyId: ids.key.id, subscriptionId: ids.subscription.id, updateId: ids.update.id, incidentId: ids.incident.id, accountId: a.accountId,
      statusPageId: ids.v3Page.id, componentId: ids.component.id, subscriberId: ids.subscriber.id,
    };
    const expect404 = async (method: string, template: string, id: string, body?: unknown, extra: Record<string, string> = {}) => {
      const url = template.replace("{id}", id).replace(/\{(\w+)\}/g, (_, k: string) => extra[k] ?? params[k]);
      const res = await b.api[method as "get"](url, body);
      expectError(res, 404);
      covered.add(`${method.toUpperCase()} ${template}`);
    };
    const pageBody = { name: "x", url: slug("x"), cards: [] };
    const incBody = { name: "x", severity: "MINOR", services: [{ id: bSvc.id }] };
    const upd = { description: "hijack" };
    const win = { name: "x" };

    for (const [m, body] of [["get"], ["put", pageBody], ["delete"]] as const) await expect404(m, "/v1/status-pages/{id}", ids.page.id, body);
    await expect404("get", "/v1/status-pages/{id}/keys", ids.page.id);
    await expect404("post", "/v1/status-pages/{id}/keys", ids.page.id, {});
    await expect404("delete", "/v1/status-pages/{id}/keys/{keyId}", ids.page.id);
    await expect404("put", "/v1/status-pages/{id}/password", ids.page.id, { password: "attacker-pass" });
    await expect404("get", "/v1/status-pages/{id}/subscriptions", ids.page.id);
    await expect404("post", "/v1/status-pages/{id}/subscriptions/bulk", ids.page.id, { subscriptions: [{ type: "EMAIL", config: "evil@example.com" }], autoVerify: true });
    await expect404("delete", "/v1/status-pages/{id}/subscriptions/{subscriptionId}", ids.page.id);
    // B's own page does not open A's key or subscription either.
    await expect404("delete", "/v1/status-pages/{id}/keys/{keyId}", bPage.id);
    await expect404("delete", "/v1/status-pages/{id}/subscriptions/{subscriptionId}", bPage.id);
    for (const [m, body] of [["get"], ["put", { name: "x" }], ["delete"]] as const) await expect404(m, "/v1/status-pages/services/{id}", ids.service.id, body);
    for (const [m, body] of [["get"], ["put", incBody], ["patch", { name: "x" }], ["delete"]] as const) await expect404(m, "/v1/status-pages/incidents/{id}", ids.incident.id, body);
    await expect404("get", "/v1/status-pages/incidents/{id}/incident-updates", ids.incident.id);
    await expect404("post", "/v1/status-pages/incidents/{id}/incident-updates", ids.incident.id, upd);
    for (const [m, body] of [["get"], ["put", upd], ["delete"]] as const) await expect404(m, "/v1/status-pages/incidents/{id}/incident-updates/{updateId}", ids.incident.id, body);
    await expect404("get", "/v1/status-pages/incidents/{id}/incident-updates/{updateId}/deliveries", ids.incident.id);
    await expect404("delete", "/v1/incidents/{incidentId}/updates/{id}", ids.update.id);
    for (const [m, body] of [["get"], ["put", win], ["delete"]] as const) await expect404(m, "/v1/maintenance-windows/{id}", String(ids.window.id), body);
    const O = "/v1/maintenance-windows/{id}/maintenances";
    const occOf = () => a.api.get(`/v1/maintenance-windows/${ids.window.id}/maintenances/${occ.id}`);
    const occBefore = (await occOf()).body;
    const occIds = { maintenanceId: occ.id, updateId: occUpdate.id };
    await expect404("get", O, String(ids.window.id));
    for (const [m, body] of [["get"], ["patch", { endsAt: "2030-01-01T00:00:00Z" }], ["delete"]] as const) await expect404(m, `${O}/{maintenanceId}`, String(ids.window.id), body, occIds);
    await expect404("post", `${O}/{maintenanceId}/updates`, String(ids.window.id), { status: "COMPLETED", description: "hijack" }, occIds);
    for (const [m, body] of [["put", upd], ["delete"]] as const) await expect404(m, `${O}/{maintenanceId}/updates/{updateId}`, String(ids.window.id), body, occIds);
    expect((await occOf()).body).toEqual(occBefore);
    // v3: A's page, components and subscribers, by path; B's own page does not open A's component or subscriber either.
    const v3PageBody = { name: "x", url: slug("x") };
    const componentBody = { name: "x", displayOrder: 1 };
    const V3 = "/v3/status-pages/{statusPageId}";
    for (const [m, body] of [["get"], ["put", v3PageBody], ["delete"]] as const) await expect404(m, V3, "", body);
    for (const [m, body] of [["get"], ["post", componentBody]] as const) await expect404(m, `${V3}/components`, "", body);
    for (const [m, body] of [["get"], ["put", componentBody], ["delete"]] as const) {
      await expect404(m, `${V3}/components/{componentId}`, "", body);
      await expect404(m, `${V3}/components/{componentId}`, "", body, { componentId: ids.group.id });
      await expect404(m, `${V3}/components/{componentId}`, "", body, { statusPageId: bV3.v3Page.id });
    }
    // Custom-domain verification of A's page, which has a domain (A reads it; B gets the 404 of a page it cannot see).
    for (const path of [`/v1/status-pages/${ids.v3Page.id}/custom-domain-verifications`, `/v3/status-pages/${ids.v3Page.id}/custom-domain-verifications`]) expect((await a.api.get(path)).status).toBe(200);
    for (const base of ["/v1/status-pages/{id}", V3]) {
      await expect404("get", `${base}/custom-domain-verifications`, ids.v3Page.id);
      await expect404("post", `${base}/custom-domain-verifications/recheck`, ids.v3Page.id, {});
    }
    await expect404("get", `${V3}/subscribers`, "");
    await expect404("post", `${V3}/subscribers/bulk`, "", { subscriptions: [{ type: "EMAIL", config: { address: "evil@example.com" } }], autoVerify: true });
    await expect404("delete", `${V3}/subscribers/{subscriberId}`, "");
    await expect404("delete", `${V3}/subscribers/{subscriberId}`, "", undefined, { statusPageId: bV3.v3Page.id });
    // A's components cannot be named from B's page: not as a parent, not as a subscription scope.
    expectError(await b.api.post(`/v3/status-pages/${bV3.v3Page.id}/components`, { name: "x", displayOrder: 1, parentId: ids.group.id }), 400, "parentId");
    expectError(await b.api.put(`/v3/status-pages/${bV3.v3Page.id}/components/${bV3.component.id}`, { name: "x", displayOrder: 1, parentId: ids.group.id }), 400, "parentId");
    expectError(
      await b.api.post(`/v3/status-pages/${bV3.v3Page.id}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "x@example.com", subscribedComponents: [ids.component.id] } }] }),
      400,
      "subscriptions.0.config.subscribedComponents.0",
    );
    const aKeyId = (await a.api.get("/v1/api-keys")).body.entries[0].id;
    for (const m of ["get", "delete"]) await expect404(m, "/v1/api-keys/{id}", aKeyId);

    // Lists show only B's own data; creates cannot reach A's services or pages.
    const lists: Record<string, (body: { entries?: { id: string }[] } & { id?: string }[]) => unknown[]> = {
      "/v1/status-pages": (x) => x.entries!.map((e) => e.id),
      "/v1/status-pages/services": (x) => x.entries!.map((e) => e.id),
      "/v1/status-pages/incidents": (x) => x.entries!.map((e) => e.id),
      "/v1/maintenance-windows": (x) => x.map((e) => e.id),
      "/v1/api-keys": (x) => x.entries!.map((e) => e.id),
      "/v3/status-pages": (x) => x.entries!.map((e) => e.id),
    };
    for (const [path, idsOf] of Object.entries(lists)) {
      const res = await b.api.get(path);
      expect(res.status).toBe(200);
      const seen = idsOf(res.body);
      for (const mine of [ids.page.id, ids.service.id, ids.other.id, ids.incident.id, ids.window.id, aKeyId, ids.v3Page.id]) expect(seen).not.toContain(mine);
      covered.add(`GET ${path}`);
    }
    expectError(await b.api.post("/v1/status-pages", { name: "x", url: slug(), cards: [{ name: "c", services: [{ id: ids.service.id }] }] }), 404);
    expectError(await b.api.put(`/v1/status-pages/${bPage.id}`, { name: "x", url: bPage.url, cards: [{ name: "c", services: [{ id: ids.service.id }] }] }), 404);
    expectError(await b.api.post("/v1/status-pages/incidents", { name: "x", severity: "MINOR", services: [{ id: ids.service.id }], incidentUpdates: [upd] }), 404);
    expectError(await b.api.patch(`/v1/status-pages/incidents/${ids.incident.id}`, { services: [{ id: bSvc.id }] }), 404);
    expectError(await b.api.post("/v1/maintenance-windows", { name: "x", startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-01-01T01:00:00Z", repeatUnit: null, statusPageVisibility: { statusPageIds: [ids.page.id] } }), 400, "statusPageVisibility.statusPageIds.0");
    expectError(await b.api.post("/v1/maintenance-windows", { name: "x", startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-01-01T01:00:00Z", repeatUnit: null, statusPageVisibility: { serviceIds: [ids.service.id] } }), 400, "statusPageVisibility.serviceIds.0");
    for (const p of ["POST /v1/status-pages", "PUT /v1/status-pages/{id}", "POST /v1/status-pages/incidents", "PATCH /v1/status-pages/incidents/{id}", "POST /v1/maintenance-windows"]) covered.add(p);
    // A create with no reference to A (services) lands in B's account.
    expect((await b.api.post("/v1/status-pages/services", { name: "mine" })).body.accountId).toBe(b.accountId);
    covered.add("POST /v1/status-pages/services");
    covered.add("POST /v3/status-pages");
    // A key created by B is B's.
    const bKey = await b.api.post("/v1/api-keys", { name: "b's second" });
    expect((await b.api.get(`/v1/api-keys/${bKey.body.id}`)).status).toBe(200);
    expectError(await a.api.get(`/v1/api-keys/${bKey.body.id}`), 404);
    covered.add("POST /v1/api-keys");
    const accounts = (await b.api.get("/v1/accounts")).body;
    expect(accounts.map((x: { id: string }) => x.id)).toEqual([b.accountId]);
    covered.add("GET /v1/accounts");
    expect((await b.api.get("/v1/accounts/me/entitlements")).status).toBe(200);
    covered.add("GET /v1/accounts/me/entitlements");
    expect((await b.api.get("/next/accounts")).body.map((x: { id: string }) => x.id)).toEqual([b.accountId]);
    covered.add("GET /next/accounts");
    await expect404("get", "/next/accounts/{accountId}", "", undefined);
    expect((await b.api.get("/next/users/me")).body.accountId).toBe(b.accountId);
    covered.add("GET /next/users/me");

    // v3 incidents: A's page, incident and update are 404 to B, through A's page and through B's own.
    const v3Incident = () => a.api.get(`/v3/status-pages/${v3.pageId}/incidents/${v3.incidentId}`);
    const v3IncidentBefore = (await v3Incident()).body;
    const v3Update = { description: "hijack", status: "RESOLVED" };
    const v3Ops: ["get" | "post" | "put" | "delete", string, unknown?][] = [
      ["get", "/v3/status-pages/{statusPageId}/incidents"],
      ["post", "/v3/status-pages/{statusPageId}/incidents", { name: "x", incidentUpdates: [v3Update] }],
      ["get", "/v3/status-pages/{statusPageId}/incidents/{incidentId}"],
      ["put", "/v3/status-pages/{statusPageId}/incidents/{incidentId}", { name: "x", componentImpacts: [] }],
      ["delete", "/v3/status-pages/{statusPageId}/incidents/{incidentId}"],
      ["put", "/v3/status-pages/{statusPageId}/incidents/{incidentId}/component-impacts", { componentImpacts: [] }],
      ["get", "/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates"],
      ["post", "/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates", v3Update],
      ["get", "/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates/{incidentUpdateId}"],
      ["put", "/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates/{incidentUpdateId}", v3Update],
      ["delete", "/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates/{incidentUpdateId}"],
      ["get", "/v3/status-pages/{statusPageId}/incidents/{incidentId}/incident-updates/{incidentUpdateId}/deliveries"],
    ];
    for (const pageId of [v3.pageId, v3.bPageId]) {
      for (const [m, template, body] of v3Ops) {
        if (pageId === v3.bPageId && !template.includes("{incidentId}")) continue;
        const url = template.replace("{statusPageId}", pageId).replace("{incidentId}", v3.incidentId).replace("{incidentUpdateId}", v3.updateId);
        expectError(await b.api[m](url, body), 404);
        covered.add(`${m.toUpperCase()} ${template}`);
      }
    }
    expect((await b.api.get(`/v3/status-pages/${v3.bPageId}/incidents`)).body.entries).toEqual([]);
    const foreign = { name: "x", componentImpacts: [{ componentId: v3.componentId, status: "MAJOR_OUTAGE" }], incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] };
    expectError(await b.api.post(`/v3/status-pages/${v3.bPageId}/incidents`, foreign), 400, "componentImpacts.0.componentId");
    expect((await v3Incident()).body).toEqual(v3IncidentBefore);

    // Automation rules of A's v3 page and A's check trigger: 404 to B through A's page and B's own; A's components cannot be named.
    const ruleBody = { name: "x", firstUpdate: "x", lastUpdate: "x", tags: ["x"], components: [] };
    const rule = (await a.api.post(`/v3/status-pages/${ids.v3Page.id}/automation-rules`, { ...ruleBody, components: [{ componentId: ids.component.id, targetImpact: "MAJOR_OUTAGE" }] })).body;
    const ruleOf = () => a.api.get(`/v3/status-pages/${ids.v3Page.id}/automation-rules/${rule.id}`);
    const ruleBefore = (await ruleOf()).body;
    expect(ruleBefore.id).toBeDefined();
    const R = `${V3}/automation-rules`;
    for (const [m, body] of [["get"], ["post", ruleBody]] as const) await expect404(m, R, "", body);
    for (const [m, body] of [["get"], ["put", ruleBody], ["delete"]] as const) {
      await expect404(m, `${R}/{ruleId}`, "", body, { ruleId: rule.id });
      await expect404(m, `${R}/{ruleId}`, "", body, { ruleId: rule.id, statusPageId: bV3.v3Page.id });
    }
    expect((await b.api.get(`/v3/status-pages/${bV3.v3Page.id}/automation-rules`)).body.entries).toEqual([]);
    expectError(await b.api.post(`/v3/status-pages/${bV3.v3Page.id}/automation-rules`, { ...ruleBody, components: [{ componentId: ids.component.id, targetImpact: "MAJOR_OUTAGE" }] }), 400, "components.0.componentId");
    expect((await ruleOf()).body).toEqual(ruleBefore);
    const trigger = { serviceId: ids.service.id, name: "x", description: "x" };
    const aChecks = (await a.api.post("/v1/integrations", { name: "A's checks", type: "checkly" })).body;
    const bChecks = (await b.api.post("/v1/integrations", { name: "B's checks", type: "checkly" })).body;
    const aTrigger = `/v1/integrations/${aChecks.id}/checks/a-check/trigger-incident`;
    const bTrigger = `/v1/integrations/${bChecks.id}/checks/a-check/trigger-incident`;
    expect((await a.api.put(aTrigger, trigger)).status).toBe(200);
    const triggerBefore = (await a.api.get(aTrigger)).body;
    for (const [m, body] of [["get"], ["put", trigger], ["delete"]] as const) await expect404(m, "/v1/integrations/{id}/checks/{checkId}/trigger-incident", aChecks.id, body, { checkId: "a-check" });
    // B's own checkly integration reaches B's own trigger, and only with B's own service.
    expectError(await b.api.get(bTrigger), 404);
    expectError(await b.api.put(bTrigger, trigger), 400, "serviceId");
    expect((await b.api.put(bTrigger, { ...trigger, serviceId: bSvc.id })).body.serviceId).toBe(bSvc.id);
    expect((await a.api.get(aTrigger)).body).toEqual(triggerBefore);

    // Alert integrations: A's is 404 to B by id (read, delete, rotate, events); B's list and creates stay B's.
    const integration = (await a.api.post("/v1/integrations", { name: "A's alerts", type: "alertmanager", statusPageId: ids.v3Page.id })).body;
    const integrationOf = () => a.api.get(`/v1/integrations/${integration.id}`);
    const integrationBefore = (await integrationOf()).body;
    for (const [m, template] of [["get", "/v1/integrations/{id}"], ["delete", "/v1/integrations/{id}"], ["post", "/v1/integrations/{id}/rotate-token"], ["get", "/v1/integrations/{id}/events"]] as const)
      await expect404(m, template, integration.id);
    expect((await b.api.get("/v1/integrations")).body.entries.map((i: { id: string }) => i.id)).toEqual([bChecks.id]);
    covered.add("GET /v1/integrations");
    expectError(await b.api.post("/v1/integrations", { name: "x", type: "generic", statusPageId: ids.v3Page.id }), 404);
    expect((await b.api.post("/v1/integrations", { name: "B's", type: "generic" })).status).toBe(201);
    covered.add("POST /v1/integrations");
    expect((await integrationOf()).body).toEqual(integrationBefore);

    // Checks and check groups: A's are 404 to B by id; B's lists stay empty; B's creates cannot name A's group.
    const aGroup = (await a.api.post("/v2/check-groups", { name: "A's group" })).body;
    const aCheck = (await a.api.post("/v1/checks/api", { name: "A's check", groupId: aGroup.id, request: { method: "GET", url: "http://127.0.0.1:9/" } })).body;
    const checkBefore = (await a.api.get(`/v1/checks/${aCheck.id}`)).body;
    for (const template of ["/v1/checks/{checkId}", "/v2/checks/{checkId}", "/v3/checks/{checkId}"]) await expect404("get", template, "", undefined, { checkId: aCheck.id });
    await expect404("delete", "/v1/checks/{checkId}", "", undefined, { checkId: aCheck.id });
    for (const type of ["api", "url", "tcp", "dns", "icmp", "heartbeat"]) await expect404("put", `/v1/checks/${type}/{id}`, aCheck.id, { name: "hijack" });
    for (const [m, template, body] of [["get", "/v1/check-groups/{id}"], ["delete", "/v1/check-groups/{id}"], ["get", "/v1/check-groups/{id}/checks"], ["get", "/v2/check-groups/{id}/checks"], ["put", "/v2/check-groups/{id}", { name: "hijack" }]] as const)
      await expect404(m, template, String(aGroup.id), body);
    for (const v of ["v1", "v2"]) await expect404("get", `/${v}/check-groups/{id}/checks/{checkId}`, String(aGroup.id), undefined, { checkId: aCheck.id });
    for (const path of ["/v1/checks", "/v2/checks", "/v3/checks", "/v1/check-groups"]) {
      expect((await b.api.get(path)).body).toEqual([]);
      covered.add(`GET ${path}`);
    }
    expectError(await b.api.post("/v1/checks/api", { name: "x", groupId: aGroup.id, request: { method: "GET", url: "http://127.0.0.1:9/" } }), 400, "groupId");
    for (const type of ["api", "url", "tcp", "dns", "icmp", "heartbeat"]) covered.add(`POST /v1/checks/${type}`);
    expect((await b.api.post("/v2/check-groups", { name: "B's group" })).status).toBe(201);
    covered.add("POST /v2/check-groups");
    for (const op of ["GET /v1/runtimes", "GET /v1/runtimes/{id}", "GET /v1/locations"]) covered.add(op);
    expect((await a.api.get(`/v1/checks/${aCheck.id}`)).body).toEqual(checkBefore);

    // A's check results, check status and heartbeat events: 404 to B by id; B's status list stays empty.
    const aRow = await a.db.selectFrom("checks").selectAll().where("id", "=", aCheck.id).executeTakeFirstOrThrow();
    const aResult = await insertResult(a.db, await effectiveCheck(a.db, aRow), { at: Date.now() - 60_000, failed: true });
    await onFinalResult(a.db, await effectiveCheck(a.db, aRow), aResult);
    for (const template of ["/v2/check-results/{checkId}", "/v1/check-results/{checkId}", "/v1/check-statuses/{checkId}"]) await expect404("get", template, "", undefined, { checkId: aCheck.id });
    await expect404("get", "/v1/check-results/{checkId}/{checkResultId}", "", undefined, { checkId: aCheck.id, checkResultId: aResult.id });
    expect((await a.api.get("/v1/check-statuses")).body).toHaveLength(1);
    expect((await b.api.get("/v1/check-statuses")).body).toEqual([]);
    covered.add("GET /v1/check-statuses");
    const aBeat = (await a.api.post("/v1/checks/heartbeat", { name: "A's beat", heartbeat: { period: 2, periodUnit: "minutes", grace: 1, graceUnit: "minutes" } })).body;
    await recordPing(a.db, aBeat.heartbeat.pingToken, { userAgent: null, origin: null, referer: null }, Date.now());
    const aEvent = await a.db.selectFrom("heartbeat_events").select("id").where("check_id", "=", aBeat.id).executeTakeFirstOrThrow();
    for (const template of ["/v1/checks/heartbeats/{checkId}/events", "/v1/checks/heartbeats/{checkId}/availability"]) await expect404("get", template, "", undefined, { checkId: aBeat.id });
    await expect404("get", "/v1/checks/heartbeats/{checkId}/events/{id}", String(aEvent.id), undefined, { checkId: aBeat.id });

    // The account and its alert settings are always the caller's own; B's change leaves A's as they were.
    expect((await b.api.get("/v1/accounts/me")).body.id).toBe(b.accountId);
    covered.add("GET /v1/accounts/me");
    const aSettings = (await a.api.get("/v1/accounts/me/alert-settings")).body;
    expect((await b.api.put("/v1/accounts/me/alert-settings", { runBasedEscalation: { failedRunThreshold: 4 } })).status).toBe(200);
    expect((await b.api.get("/v1/accounts/me/alert-settings")).body.runBasedEscalation).toEqual({ failedRunThreshold: 4 });
    expect((await a.api.get("/v1/accounts/me/alert-settings")).body).toEqual(aSettings);
    for (const op of ["GET /v1/accounts/me/alert-settings", "PUT /v1/accounts/me/alert-settings"]) covered.add(op);

    // The audit log: B's lists only B's own writes, never A's, even filtered by A's entity.
    const aKeys = new Set(((await a.api.get("/v1/api-keys")).body.entries as { id: string }[]).map((k) => k.id));
    const bLog = (await b.api.get("/v1/audit-log?limit=100")).body.entries as { actorId: string | null; entityId: string | null }[];
    expect(bLog.length).toBeGreaterThan(0);
    expect(bLog.filter((e) => aKeys.has(e.actorId ?? "") || e.entityId === aCheck.id || e.entityId === ids.page.id)).toEqual([]);
    expect((await b.api.get(`/v1/audit-log?entityId=${aCheck.id}`)).body.entries).toEqual([]);
    expect((await a.api.get(`/v1/audit-log?entityId=${aCheck.id}`)).body.entries.length).toBeGreaterThan(0);
    covered.add("GET /v1/audit-log");

    expect(await snapshot(a, ids)).toEqual(before);
    const after = await rowCounts(a.db);
    expect({ ...after, services: after.services - 1 }).toEqual(counts);
    expect(await v3Counts(a)).toEqual(v3Rows);

    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).filter((m) => ["get", "put", "post", "patch", "delete"].includes(m)).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.filter((op) => !covered.has(op))).toEqual([]);
  });
});
