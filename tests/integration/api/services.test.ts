import { describe, expect, it } from "vitest";
import { Service, ServicePage } from "@/lib/services/schema";
import { expectError, expectShape, rowCounts, STORE, tenant } from "./fixtures";

describe(`services API (${STORE})`, () => {
  it("creates (200), reads, renames, lists and deletes a service", async () => {
    const t = await tenant();
    const created = expectShape(await t.api.post("/v1/status-pages/services", { name: "  Checkout  " }), 200, Service);
    expect(created).toMatchObject({ name: "Checkout", accountId: t.accountId });
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(expectShape(await t.api.get(`/v1/status-pages/services/${created.id}`), 200, Service)).toEqual(created);
    const renamed = expectShape(await t.api.put(`/v1/status-pages/services/${created.id}`, { name: "Payments" }), 200, Service);
    expect(renamed.name).toBe("Payments");
    const list = expectShape(await t.api.get("/v1/status-pages/services"), 200, ServicePage);
    expect(list).toMatchObject({ length: 1, nextId: null });
    expect(list.entries[0].id).toBe(created.id);
    const del = await t.api.delete(`/v1/status-pages/services/${created.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expectError(await t.api.delete(`/v1/status-pages/services/${created.id}`), 404);
    expectError(await t.api.get(`/v1/status-pages/services/${created.id}`), 404);
  });

  it("refuses to delete a service an unresolved incident uses (409), and allows it once resolved", async () => {
    const t = await tenant();
    const svc = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const inc = (await t.api.post("/v1/status-pages/incidents", { name: "Down", severity: "MINOR", services: [{ id: svc.id }], incidentUpdates: [{ description: "x" }] })).body;
    const before = await rowCounts(t.db);
    const conflict = expectError(await t.api.delete(`/v1/status-pages/services/${svc.id}`), 409);
    expect(conflict.error).toBe("Conflict");
    expect(await rowCounts(t.db)).toEqual(before);
    await t.api.post(`/v1/status-pages/incidents/${inc.id}/incident-updates`, { description: "ok", status: "RESOLVED" });
    expect((await t.api.delete(`/v1/status-pages/services/${svc.id}`)).status).toBe(204);
  });

  it("validates names and rejects unknown fields and malformed ids", async () => {
    const t = await tenant();
    expectError(await t.api.post("/v1/status-pages/services", {}), 400, "name");
    expectError(await t.api.post("/v1/status-pages/services", { name: "" }), 400, "name");
    expectError(await t.api.post("/v1/status-pages/services", { name: "x".repeat(256) }), 400, "name");
    expectError(await t.api.post("/v1/status-pages/services", { name: "ok", colour: "red" }), 400, "colour");
    expectError(await t.api.get("/v1/status-pages/services/not-a-uuid"), 400, "id");
    expectError(await t.api.put("/v1/status-pages/services/00000000-0000-4000-8000-000000000000", { name: "x" }), 404);
    expect((await rowCounts(t.db)).services).toBe(0);
  });
});
