/**
 * The one incident writer: the same verbs, given a description that names no API version, write an incident of a
 * v1 page's services (incident_services and a stored severity) and of a v3 page's components (impact windows), and
 * each API reads what they wrote as it reads its own writes.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { automationActor } from "@/lib/actors";
import { findIncidentById } from "@/lib/incidents/queries";
import { deleteIncident, openIncident, postUpdate, raiseImpacts, shownImpacts, type Home, type Write } from "@/lib/incidents/writer";
import { expectError, slug, STORE, tenant, type Tenant } from "../api/fixtures";

/** A v1 page whose card lists one service, and a v3 page with one component: the two homes an incident can have. */
async function homes(t: Tenant) {
  const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
  const v1 = (await t.api.post("/v1/status-pages", { name: "Old", url: slug("w1"), cards: [{ name: "Core", services: [{ id: service.id }] }] })).body;
  const v3 = (await t.api.post("/v3/status-pages", { name: "New", url: slug("w3") })).body;
  const component = (await t.api.post(`/v3/status-pages/${v3.id}/components`, { name: "API", displayOrder: 1 })).body;
  for (const v of [service, v1, v3, component]) expect(v?.id, JSON.stringify(v)).toBeDefined();
  return [
    { name: "a v1 page's service", home: { accountId: t.accountId, pageId: null } as Home, componentId: service.id as string, pageId: v1.id as string, read: (id: string) => `/v1/status-pages/incidents/${id}` },
    { name: "a v3 page's component", home: { accountId: t.accountId, pageId: v3.id } as Home, componentId: component.id as string, pageId: v3.id as string, read: (id: string) => `/v3/status-pages/${v3.id}/incidents/${id}` },
  ];
}

/** Runs writer verbs in one transaction; the pages they said they touched. */
async function written(t: Tenant, run: (w: Write) => Promise<unknown>): Promise<string[]> {
  const pages: string[] = [];
  await t.db.transaction().execute((trx) => run({ trx, pages }));
  return [...new Set(pages)];
}

describe(`the one incident writer (${STORE})`, () => {
  it("opens, raises, resolves and deletes an incident of either home through the same verbs, touching that home's page", async () => {
    const t = await tenant();
    for (const h of await homes(t)) {
      const id = randomUUID();
      const actor = automationActor(randomUUID());
      const description = { name: `Down on ${h.name}`, impacts: [{ componentId: h.componentId, status: "PARTIAL_OUTAGE" as const }], update: { description: "Looking" } };
      expect(await written(t, (w) => openIncident(w, h.home, id, description, actor)), h.name).toEqual([h.pageId]);
      let row = (await findIncidentById(t.db, id))!;
      expect(row, h.name).toMatchObject({ status_page_id: h.home.pageId, severity: "MEDIUM", last_update_status: "INVESTIGATING", resolved_at: null, humans_since: null });
      expect(await shownImpacts(t.db, row), h.name).toEqual([{ componentId: h.componentId, status: "PARTIAL_OUTAGE" }]);
      expect((await t.api.get(h.read(id))).status, h.name).toBe(200);

      expect(await written(t, (w) => raiseImpacts(w, row, [{ componentId: h.componentId, status: "MAJOR_OUTAGE" }], actor)), h.name).toEqual([h.pageId]);
      row = (await findIncidentById(t.db, id))!;
      expect(row.severity, h.name).toBe("MAJOR");
      expect(await shownImpacts(t.db, row), h.name).toEqual([{ componentId: h.componentId, status: "MAJOR_OUTAGE" }]);

      expect(await written(t, (w) => postUpdate(w, row, { description: "Fixed", status: "RESOLVED" }, actor)), h.name).toEqual([h.pageId]);
      row = (await findIncidentById(t.db, id))!;
      expect(row.resolved_at, h.name).not.toBeNull();
      // Nothing stays open past the resolution, whichever way the impact is stored.
      const windows = await t.db.selectFrom("incident_impacts").select(["ended_at"]).where("incident_id", "=", id).execute();
      expect(windows.every((w) => w.ended_at !== null && Number(w.ended_at) <= Number(row.resolved_at)), h.name).toBe(true);

      expect(await written(t, (w) => deleteIncident(w, row)), h.name).toEqual([h.pageId]);
      expect((await t.api.get(h.read(id))).status, h.name).toBe(404);
    }
  });

  it("stores a v1 incident as v1 answers need it: its services, and the severity its caller said (CRITICAL and MAJOR both show as major outage)", async () => {
    const t = await tenant();
    const [v1] = await homes(t);
    const id = randomUUID();
    const impacts = [{ componentId: v1.componentId, status: "MAJOR_OUTAGE" as const }];
    await written(t, (w) => openIncident(w, v1.home, id, { name: "Critical", impacts, severity: "CRITICAL", update: { description: "Down" } }));
    const res = await t.api.get(v1.read(id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Critical", severity: "CRITICAL", services: [{ id: v1.componentId }], lastUpdateStatus: "INVESTIGATING" });
    expect(await shownImpacts(t.db, (await findIncidentById(t.db, id))!)).toEqual(impacts);
  });

  it("refuses a component named twice on either home (400 naming it) and writes nothing", async () => {
    const t = await tenant();
    for (const h of await homes(t)) {
      const twice = [{ componentId: h.componentId, status: "MAJOR_OUTAGE" as const }, { componentId: h.componentId, status: "PARTIAL_OUTAGE" as const }];
      await expect(written(t, (w) => openIncident(w, h.home, randomUUID(), { name: "Twice", impacts: twice, update: { description: "x" } })), h.name).rejects.toMatchObject({
        name: "ValidationError",
        attributes: { fields: ["componentImpacts.1.componentId"] },
      });
    }
    expect(await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute()).toEqual([]);
    // The v1 API keeps its own answer for a service listed twice: the same service once.
    const [v1] = await homes(t);
    const res = await t.api.post("/v1/status-pages/incidents", { name: "Twice", severity: "MINOR", services: [{ id: v1.componentId }, { id: v1.componentId }], incidentUpdates: [{ description: "x" }] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.services).toHaveLength(1);
    expectError(await t.api.post("/v1/status-pages/incidents", { name: "No", severity: "BAD", services: [], incidentUpdates: [{ description: "x" }] }), 400, "severity");
  });
});
