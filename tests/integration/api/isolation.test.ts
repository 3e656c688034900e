import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { expectError, rowCounts, slug, STORE, seed, tenant, type Tenant } from "./fixtures";

type Ids = Awaited<ReturnType<typeof seedWithSubscription>>;

async function seedWithSubscription(t: Tenant) {
  const s = await seed(t);
  const bulk = await t.api.post(`/v1/status-pages/${s.page.id}/subscriptions/bulk`, { subscriptions: [{ type: "EMAIL", config: "ops@example.com" }], autoVerify: true });
  expect(bulk.status, bulk.text).toBe(201);
  const subscription = (await t.api.get(`/v1/status-pages/${s.page.id}/subscriptions`)).body[0];
  return { ...s, subscription };
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
    const before = await snapshot(a, ids);
    const counts = await rowCounts(a.db);
    const covered = new Set<string>();
    const params: Record<string, string> = {
      id: "", keyId: ids.key.id, subscriptionId: ids.subscription.id, updateId: ids.update.id, incidentId: ids.incident.id, accountId: a.accountId,
    };
    const expect404 = async (method: string, template: string, id: string, body?: unknown) => {
      const url = template.replace("{id}", id).replace(/\{(\w+)\}/g, (_, k: string) => params[k]);
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
    const aKeyId = (await a.api.get("/v1/api-keys")).body.entries[0].id;
    for (const m of ["get", "delete"]) await expect404(m, "/v1/api-keys/{id}", aKeyId);

    // Lists show only B's own data; creates cannot reach A's services or pages.
    const lists: Record<string, (body: { entries?: { id: string }[] } & { id?: string }[]) => unknown[]> = {
      "/v1/status-pages": (x) => x.entries!.map((e) => e.id),
      "/v1/status-pages/services": (x) => x.entries!.map((e) => e.id),
      "/v1/status-pages/incidents": (x) => x.entries!.map((e) => e.id),
      "/v1/maintenance-windows": (x) => x.map((e) => e.id),
      "/v1/api-keys": (x) => x.entries!.map((e) => e.id),
    };
    for (const [path, idsOf] of Object.entries(lists)) {
      const res = await b.api.get(path);
      expect(res.status).toBe(200);
      const seen = idsOf(res.body);
      for (const mine of [ids.page.id, ids.service.id, ids.other.id, ids.incident.id, ids.window.id, aKeyId]) expect(seen).not.toContain(mine);
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

    expect(await snapshot(a, ids)).toEqual(before);
    const after = await rowCounts(a.db);
    expect({ ...after, services: after.services - 1 }).toEqual(counts);

    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).filter((m) => ["get", "put", "post", "patch", "delete"].includes(m)).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.filter((op) => !covered.has(op))).toEqual([]);
  });
});
