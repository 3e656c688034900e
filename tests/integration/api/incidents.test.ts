import { describe, expect, it } from "vitest";
import { Incident, IncidentPage, IncidentUpdate, IncidentUpdateList } from "@/lib/incidents/schema";
import { expectError, expectShape, rowCounts, STORE, tenant, type Tenant } from "./fixtures";

async function setup(t: Tenant) {
  const a = (await t.api.post("/v1/status-pages/services", { name: "Alpha" })).body;
  const b = (await t.api.post("/v1/status-pages/services", { name: "Beta" })).body;
  return { a, b };
}

const T0 = "2026-03-01T10:00:00.000Z";

describe(`incidents API (${STORE})`, () => {
  it("creates an incident with exactly one update (201) and full service objects", async () => {
    const t = await tenant();
    const { a, b } = await setup(t);
    const inc = expectShape(
      await t.api.post("/v1/status-pages/incidents", {
        name: "Elevated errors",
        severity: "MAJOR",
        services: [{ id: a.id, name: "whatever", accountId: t.accountId }, { id: b.id }],
        incidentUpdates: [{ description: "We are **looking**", publicIncidentUpdateDate: "2026-03-01T11:00:00+01:00", notifySubscribers: false }],
      }),
      201,
      Incident,
    );
    expect(inc).toMatchObject({ name: "Elevated errors", severity: "MAJOR", lastUpdateStatus: "INVESTIGATING", duration: null });
    expect(inc.services.map((s) => s.name).sort()).toEqual(["Alpha", "Beta"]);
    expect(inc.services[0]).toHaveProperty("created_at");
    expect(inc.incidentUpdates).toHaveLength(1);
    expect(inc.incidentUpdates[0].publicIncidentUpdateDate).toBe(T0);
    expect(expectShape(await t.api.get(`/v1/status-pages/incidents/${inc.id}`), 200, Incident)).toEqual(inc);

    const before = await rowCounts(t.db);
    const two = { description: "x" };
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [two, two] }), 400, "incidentUpdates");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [] }), 400, "incidentUpdates");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [], incidentUpdates: [two] }), 400, "services");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "HUGE", services: [{ id: a.id }], incidentUpdates: [two] }), 400, "severity");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [{ description: "" }] }), 400, "incidentUpdates.0.description");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [{ description: "x".repeat(10_001) }] }), 400, "incidentUpdates.0.description");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [{ description: "x", status: "DONE" }] }), 400, "incidentUpdates.0.status");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "x".repeat(256), severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [two] }), 400, "name");
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: "00000000-0000-4000-8000-000000000000" }], incidentUpdates: [two] }), 404);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("PUT replaces name, severity and services; PATCH changes only what it names", async () => {
    const t = await tenant();
    const { a, b } = await setup(t);
    const inc = (await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [{ description: "x" }] })).body;
    const put = expectShape(await t.api.put(`/v1/status-pages/incidents/${inc.id}`, { name: "renamed", severity: "CRITICAL", services: [{ id: b.id }] }), 200, Incident);
    expect(put).toMatchObject({ name: "renamed", severity: "CRITICAL" });
    expect(put.services.map((s) => s.id)).toEqual([b.id]);
    expectError(await t.api.put(`/v1/status-pages/incidents/${inc.id}`, { name: "only name" }), 400, "severity");
    const patched = expectShape(await t.api.patch(`/v1/status-pages/incidents/${inc.id}`, { severity: "MEDIUM" }), 200, Incident);
    expect(patched).toMatchObject({ name: "renamed", severity: "MEDIUM" });
    expect(patched.services.map((s) => s.id)).toEqual([b.id]);
    expectError(await t.api.patch(`/v1/status-pages/incidents/${inc.id}`, { incidentUpdates: [] }), 400, "incidentUpdates");
  });

  it("posts (200), lists newest first, reads, edits and deletes updates; derives lastUpdateStatus and duration", async () => {
    const t = await tenant();
    const { a } = await setup(t);
    const inc = (await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MAJOR", services: [{ id: a.id }], incidentUpdates: [{ description: "start", publicIncidentUpdateDate: T0 }] })).body;
    const base = `/v1/status-pages/incidents/${inc.id}/incident-updates`;
    const identified = expectShape(await t.api.post(base, { description: "found", status: "IDENTIFIED" }), 200, IncidentUpdate);
    const same = expectShape(await t.api.post(base, { description: "still on it" }), 200, IncidentUpdate);
    expect(same.status).toBe("IDENTIFIED");
    const resolved = expectShape(await t.api.post(base, { description: "fixed", status: "RESOLVED", publicIncidentUpdateDate: "2026-03-01T10:01:30.000Z" }), 200, IncidentUpdate);
    const list = expectShape(await t.api.get(base), 200, IncidentUpdateList);
    expect(list.map((u) => u.id)).toEqual([resolved.id, same.id, identified.id, inc.incidentUpdates[0].id]);
    const view = expectShape(await t.api.get(`/v1/status-pages/incidents/${inc.id}`), 200, Incident);
    expect(view).toMatchObject({ lastUpdateStatus: "RESOLVED", duration: 90 });
    expect(view.incidentUpdates.map((u) => u.id)).toEqual(list.map((u) => u.id));

    expect(expectShape(await t.api.get(`${base}/${identified.id}`), 200, IncidentUpdate)).toEqual(identified);
    const edited = expectShape(await t.api.put(`${base}/${identified.id}`, { description: "found it: a bad deploy", notifySubscribers: true }), 200, IncidentUpdate);
    expect(edited).toMatchObject({ description: "found it: a bad deploy", status: "IDENTIFIED", notifySubscribers: true });
    // A later non-resolved update reopens the incident.
    await t.api.post(base, { description: "back", status: "INVESTIGATING" });
    const reopened = (await t.api.get(`/v1/status-pages/incidents/${inc.id}`)).body;
    expect(reopened).toMatchObject({ lastUpdateStatus: "INVESTIGATING", duration: null });

    expect((await t.api.delete(`${base}/${same.id}`)).status).toBe(204);
    expectError(await t.api.delete(`${base}/${same.id}`), 404);
    expectError(await t.api.get(`${base}/${same.id}`), 404);
    // The older path deletes the same way.
    const legacy = `/v1/incidents/${inc.id}/updates/${identified.id}`;
    const res = await t.api.delete(legacy);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectError(await t.api.delete(legacy), 404);
    expectError(await t.api.delete(`/v1/incidents/${inc.id}/updates/bad`), 400, "id");
  });

  it("keeps an incident's last update (409) and deletes an incident with all its updates", async () => {
    const t = await tenant();
    const { a } = await setup(t);
    const inc = (await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MAJOR", services: [{ id: a.id }], incidentUpdates: [{ description: "x" }] })).body;
    expectError(await t.api.delete(`/v1/status-pages/incidents/${inc.id}/incident-updates/${inc.incidentUpdates[0].id}`), 409);
    await t.api.post(`/v1/status-pages/incidents/${inc.id}/incident-updates`, { description: "y" });
    const del = await t.api.delete(`/v1/status-pages/incidents/${inc.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect(await t.db.selectFrom("incident_updates").selectAll().where("incident_id", "=", inc.id).execute()).toEqual([]);
    expectError(await t.api.delete(`/v1/status-pages/incidents/${inc.id}`), 404);
    expectError(await t.api.get(`/v1/status-pages/incidents/${inc.id}/incident-updates`), 404);
  });

  it("lists incidents newest first with a cursor", async () => {
    const t = await tenant();
    const { a } = await setup(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.api.post("/v1/status-pages/incidents", { name: `i${i}`, severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [{ description: "x" }] })).body.id);
    const first = expectShape(await t.api.get("/v1/status-pages/incidents?limit=3"), 200, IncidentPage);
    expect(first.length).toBe(3);
    const second = expectShape(await t.api.get(`/v1/status-pages/incidents?limit=3&nextId=${encodeURIComponent(first.nextId!)}`), 200, IncidentPage);
    expect(second).toMatchObject({ length: 2, nextId: null });
    expect([...first.entries, ...second.entries].map((i) => i.id)).toEqual(ids.reverse());
  });
});
