/**
 * The audit log of API writes and the read scope of API keys: every successful write through the API wrapper is one
 * row (action, entity, changed fields, after, request id) readable at GET /v1/audit-log with cursors and filters;
 * secrets never reach it; a read-scoped key's write is a 403 and writes nothing.
 */
import { describe, expect, it } from "vitest";
import { AuditLogPage } from "@/lib/audit/schema";
import { client } from "../api/client";
import { expectError, expectShape, rowCounts, slug, STORE, tenant } from "../api/fixtures";

describe(`audit log and key scopes (${STORE})`, () => {
  it("records each API write with its request id, newest first, and outlives a deleted entity", async () => {
    const t = await tenant("Audit");
    const svc = await t.api.post("/v1/status-pages/services", { name: "API" });
    expect(svc.status, svc.text).toBeLessThan(300);
    const shape = { url: slug("audit"), cards: [{ name: "Core", services: [{ id: svc.body.id }] }] };
    const page = await t.api.post("/v1/status-pages", { name: "Status", ...shape });
    expect(page.status, page.text).toBeLessThan(300);
    const put = await t.api.put(`/v1/status-pages/${page.body.id}`, { ...shape, name: "Renamed" });
    expect(put.status, put.text).toBeLessThan(300);
    const del = await t.api.delete(`/v1/status-pages/${page.body.id}`);
    expect(del.status, del.text).toBeLessThan(300);

    const log = expectShape(await t.api.get("/v1/audit-log"), 200, AuditLogPage);
    expect(log.entries.map((e) => e.action)).toEqual(["DELETE /v1/status-pages/{id}", "PUT /v1/status-pages/{id}", "POST /v1/status-pages", "POST /v1/status-pages/services"]);
    const [deleted, renamed, created] = log.entries;
    expect(deleted).toMatchObject({ actorType: "API_KEY", entityType: "status-pages", entityId: page.body.id, after: null });
    expect(renamed.changedFields).toContain("name");
    expect(renamed.after).toMatchObject({ name: "Renamed" });
    expect(renamed.requestId).toBe(put.headers.get("x-request-id"));
    expect(created).toMatchObject({ entityId: page.body.id, after: { name: "Status" } });
    const keys = (await t.api.get("/v1/api-keys")).body.entries;
    expect(new Set(log.entries.map((e) => e.actorId))).toEqual(new Set([keys[0].id]));

    const one = expectShape(await t.api.get("/v1/audit-log?limit=1"), 200, AuditLogPage);
    const two = expectShape(await t.api.get(`/v1/audit-log?limit=3&nextId=${encodeURIComponent(one.nextId!)}`), 200, AuditLogPage);
    expect([...one.entries, ...two.entries].map((e) => e.id)).toEqual(log.entries.map((e) => e.id));
    const filtered = expectShape(await t.api.get(`/v1/audit-log?entityId=${page.body.id}`), 200, AuditLogPage);
    expect(filtered.length).toBe(3);
    expectError(await t.api.get("/v1/audit-log?actorType=NOBODY"), 400, "actorType");
    expectError(await t.api.post("/v1/audit-log", {}), 405);
  });

  it("keeps raw keys and tokens out of the log, and shows no account another's entries", async () => {
    const t = await tenant("Secrets");
    const made = await t.api.post("/v1/api-keys", { name: "bot" });
    expect(made.status, made.text).toBe(201);
    const pageKey = await t.api.post("/v1/status-pages", { name: "P", url: slug("sec"), isPrivate: true, cards: [] });
    expect(pageKey.status, pageKey.text).toBeLessThan(300);
    const text = (await t.api.get("/v1/audit-log?limit=100")).text;
    expect(text).not.toContain(made.body.key);
    expect(text).toContain("[redacted]");
    const other = await tenant("Other");
    expect((await other.api.get("/v1/audit-log")).body.entries.map((e: { action: string }) => e.action)).toEqual([]);
  });

  it("refuses every write of a read-scoped key with 403, writing nothing, while it reads", async () => {
    const t = await tenant("Scopes");
    const made = await t.api.post("/v1/api-keys", { name: "reader", scope: "read" });
    expect(made.status, made.text).toBe(201);
    expect(made.body.scope).toBe("read");
    const reader = client(made.body.key);
    expect((await reader.get("/v1/status-pages")).status).toBe(200);
    const before = await rowCounts(t.db);
    expectError(await reader.post("/v1/status-pages/services", { name: "nope" }), 403);
    expectError(await reader.delete(`/v1/api-keys/${made.body.id}`), 403);
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await t.api.get(`/v1/api-keys/${made.body.id}`)).body.revokedAt).toBeNull();
    expect((await t.api.get("/v1/audit-log?limit=100")).body.entries.map((e: { action: string }) => e.action)).toEqual(["POST /v1/api-keys"]);
  });
});
