/**
 * The verbs behind the console's screens, on the store: the incident fast path on a v3 and a v1 page through the
 * API's own verbs (read back through the API), the pages list with each page's status, API keys with scopes, and
 * every role refused what it may not do, writing nothing.
 */
import { describe, expect, it } from "vitest";
import { postFastIncident, postIncidentUpdate } from "@/lib/console/incidents";
import { listConsolePages } from "@/lib/console/pages";
import { listEditableComponents, saveComponent } from "@/lib/console/components";
import { createConsoleApiKey, listConsoleApiKeys, revokeConsoleApiKey } from "@/lib/console/api-keys";
import { client } from "../api/client";
import { rowCounts, slug, STORE, tenant } from "../api/fixtures";

const as = (accountId: string, role: "owner" | "editor" | "viewer") => ({ userId: `op-${role}`, accountId, role, requestId: "req-1" });

async function v3Page(t: Awaited<ReturnType<typeof tenant>>) {
  const page = await t.api.post("/v3/status-pages", { name: "Modern", url: slug("fast") });
  expect(page.status, page.text).toBe(201);
  const base = `/v3/status-pages/${page.body.id}`;
  const api = (await t.api.post(`${base}/components`, { name: "API", displayOrder: 1 })).body;
  const web = (await t.api.post(`${base}/components`, { name: "Web", displayOrder: 2 })).body;
  const db = (await t.api.post(`${base}/components`, { name: "DB", displayOrder: 3 })).body;
  return { page: page.body, api, web, db, base };
}

describe(`console screens' verbs (${STORE})`, () => {
  it("posts an incident on two components of a v3 page in one step, as the operator, audited", async () => {
    const t = await tenant("Fast");
    const { page, api, web, base } = await v3Page(t);
    const editor = as(t.accountId, "editor");
    const { incidentId } = await postFastIncident(t.db, editor, {
      pageId: page.id, name: "Checkout <b>down</b>", status: "IDENTIFIED", message: "We **know**.", notify: "on",
      [`impact.${api.id}`]: "MAJOR_OUTAGE", [`impact.${web.id}`]: "DEGRADED_PERFORMANCE",
    });
    const read = await t.api.get(`${base}/incidents/${incidentId}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.name).toBe("Checkout <b>down</b>");
    expect(read.body.componentImpacts.map((c: { componentId: string; status: string }) => [c.componentId, c.status]).sort()).toEqual([[api.id, "MAJOR_OUTAGE"], [web.id, "DEGRADED_PERFORMANCE"]].sort());
    expect(read.body.incidentUpdates[0]).toMatchObject({ status: "IDENTIFIED", description: "We **know**.", notifySubscribers: true });
    const row = await t.db.selectFrom("incident_updates").select(["actor_type", "actor_id"]).where("incident_id", "=", incidentId).executeTakeFirstOrThrow();
    expect(row).toEqual({ actor_type: "OPERATOR", actor_id: "op-editor" });
    const audit = await t.api.get(`/v1/audit-log?entityId=${incidentId}`);
    expect(audit.body.entries.map((e: { action: string; actorType: string; requestId: string }) => [e.action, e.actorType, e.requestId])).toEqual([["incident.create", "OPERATOR", "req-1"]]);

    const pages = await listConsolePages(t.db, as(t.accountId, "viewer"));
    expect(pages.map((p) => [p.page.id, p.status, p.openIncidents])).toEqual([[page.id, "MAJOR_OUTAGE", 1]]);

    // Resolving from the page's screen: the same update verb, every window closed; a viewer may not.
    await expect(postIncidentUpdate(t.db, as(t.accountId, "viewer"), { pageId: page.id, incidentId, status: "RESOLVED", message: "Fixed" })).rejects.toMatchObject({ name: "ForbiddenError" });
    await expect(postIncidentUpdate(t.db, editor, { pageId: page.id, incidentId, status: "RESOLVED", message: "" })).rejects.toMatchObject({ name: "ValidationError", attributes: { formFields: { message: expect.any(String) } } });
    await postIncidentUpdate(t.db, editor, { pageId: page.id, incidentId, status: "RESOLVED", message: "Fixed" });
    const resolved = await t.api.get(`${base}/incidents/${incidentId}`);
    expect(resolved.body.lastUpdateStatus ?? resolved.body.incidentUpdates.at(-1).status).toBe("RESOLVED");
    expect((await listConsolePages(t.db, editor)).map((p) => [p.status, p.openIncidents])).toEqual([["OPERATIONAL", 0]]);
  });

  it("names the field at fault with the API's own rules, and writes nothing", async () => {
    const t = await tenant("Bad");
    const { page, api } = await v3Page(t);
    const before = await rowCounts(t.db);
    const err = await postFastIncident(t.db, as(t.accountId, "editor"), { pageId: page.id, name: "", status: "NOPE", message: "", [`impact.${api.id}`]: "MAJOR_OUTAGE" }).catch((e: Error & { attributes: { formFields: Record<string, string> } }) => e);
    expect(err).toMatchObject({ name: "ValidationError" });
    expect(Object.keys((err as { attributes: { formFields: Record<string, string> } }).attributes.formFields).sort()).toEqual(["message", "name", "status"]);
    const other = await tenant("Other");
    await expect(postFastIncident(t.db, as(other.accountId, "owner"), { pageId: page.id, name: "x", status: "INVESTIGATING", message: "m" })).rejects.toMatchObject({ name: "NotFoundError" });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("refuses a viewer's crafted post, writing nothing", async () => {
    const t = await tenant("Viewer");
    const { page, api } = await v3Page(t);
    const before = await rowCounts(t.db);
    await expect(postFastIncident(t.db, as(t.accountId, "viewer"), { pageId: page.id, name: "x", status: "INVESTIGATING", message: "m", [`impact.${api.id}`]: "MAJOR_OUTAGE" })).rejects.toMatchObject({ name: "ForbiddenError" });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("posts on a v1 page as one severity, the worst impact chosen, over the chosen services", async () => {
    const t = await tenant("Classic");
    const a = (await t.api.post("/v1/status-pages/services", { name: "A" })).body;
    const b = (await t.api.post("/v1/status-pages/services", { name: "B" })).body;
    const page = (await t.api.post("/v1/status-pages", { name: "Classic", url: slug("v1"), cards: [{ name: "Core", services: [{ id: a.id }, { id: b.id }] }] })).body;
    await expect(postFastIncident(t.db, as(t.accountId, "editor"), { pageId: page.id, name: "none", status: "INVESTIGATING", message: "m" })).rejects.toMatchObject({ name: "ValidationError" });
    const { incidentId } = await postFastIncident(t.db, as(t.accountId, "owner"), { pageId: page.id, name: "Slow", status: "INVESTIGATING", message: "m", [`impact.${a.id}`]: "PARTIAL_OUTAGE", [`impact.${b.id}`]: "DEGRADED_PERFORMANCE" });
    const read = await t.api.get(`/v1/status-pages/incidents/${incidentId}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.severity).toBe("MEDIUM");
    expect(read.body.services.map((s: { id: string }) => s.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("API keys: owners only; a read key made here may not write through the API; revoked at once", async () => {
    const t = await tenant("Keys");
    await expect(createConsoleApiKey(t.db, as(t.accountId, "editor"), { name: "x", scope: "write" })).rejects.toMatchObject({ name: "ForbiddenError" });
    await expect(listConsoleApiKeys(t.db, as(t.accountId, "viewer"))).rejects.toMatchObject({ name: "ForbiddenError" });
    const owner = as(t.accountId, "owner");
    const { key, rawKey } = await createConsoleApiKey(t.db, owner, { name: "reader", scope: "read", expiresInDays: 30 });
    const reader = client(rawKey);
    expect((await reader.get("/v1/status-pages")).status).toBe(200);
    expect((await reader.post("/v1/status-pages/services", { name: "x" })).status).toBe(403);
    expect((await listConsoleApiKeys(t.db, owner)).find((k) => k.id === key.id)).toMatchObject({ scope: "read", revokedAt: null });
    await revokeConsoleApiKey(t.db, owner, key.id);
    expect((await reader.get("/v1/status-pages")).status).toBe(401);
    const audit = (await t.api.get("/v1/audit-log")).body.entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(["api-key.revoke", "api-key.create"]);
    expect(JSON.stringify((await t.api.get("/v1/audit-log")).body)).not.toContain(rawKey);
  });

  it("components: add a group, nest, rename, describe, hide and order through the API's verbs; a viewer may not", async () => {
    const t = await tenant("Parts");
    const { page, api, base } = await v3Page(t);
    const editor = as(t.accountId, "editor");
    await saveComponent(t.db, editor, { pageId: page.id, name: "Backend", type: "GROUP", displayOrder: "0" });
    const group = (await listEditableComponents(t.db, editor, page.id)).components!.find((c) => c.name === "Backend")!;
    await saveComponent(t.db, editor, { pageId: page.id, id: api.id, type: "SERVICE", name: "Public API", description: "REST", displayOrder: "5", parentId: group.id, hidden: "on" });
    const read = await t.api.get(`${base}/components/${api.id}`);
    expect(read.body).toMatchObject({ name: "Public API", description: "REST", displayOrder: 5, parentId: group.id, hidden: true });
    await expect(saveComponent(t.db, editor, { pageId: page.id, name: "", displayOrder: "x" })).rejects.toMatchObject({ name: "ValidationError", attributes: { formFields: { name: expect.any(String), displayOrder: expect.any(String) } } });
    const before = await rowCounts(t.db);
    await expect(saveComponent(t.db, as(t.accountId, "viewer"), { pageId: page.id, name: "Nope", displayOrder: "9" })).rejects.toMatchObject({ name: "ForbiddenError" });
    expect(await rowCounts(t.db)).toEqual(before);
    const audit = (await t.api.get("/v1/audit-log?entityType=component")).body.entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(["component.update", "component.create"]);
    expect(audit[0].changedFields).toEqual(expect.arrayContaining(["name", "description", "displayOrder", "parentId", "hidden"]));
  });
});
