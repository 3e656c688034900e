/**
 * suppressedComponentIds: what automation must leave alone on a page at a time. Only windows that set
 * suppressAutoIncidents count, only while an occurrence is in progress by lib/maintenance/state.ts (the clock
 * with autoStart, otherwise an operator's update), groups bring their children, and a skipped occurrence none.
 */
import { describe, expect, it } from "vitest";
import { suppressedComponentIds } from "@/lib/maintenance/suppression";
import { expectError, slug, tenant, type Tenant } from "../api/fixtures";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function v3World(t: Tenant) {
  const page = (await t.api.post("/v3/status-pages", { name: "Suppress", url: slug("suppress") })).body as { id: string };
  const base = `/v3/status-pages/${page.id}`;
  const add = async (body: object) => {
    const r = await t.api.post(`${base}/components`, body);
    expect(r.status, r.text).toBe(201);
    return r.body as { id: string };
  };
  const group = await add({ name: "Backend", type: "GROUP", displayOrder: 1 });
  const db = await add({ name: "Database", parentId: group.id, displayOrder: 2 });
  const queue = await add({ name: "Queue", parentId: group.id, displayOrder: 3 });
  const web = await add({ name: "Web", displayOrder: 4 });
  return { page, group, db, queue, web };
}

async function window(t: Tenant, body: Record<string, unknown>) {
  const r = await t.api.post("/v1/maintenance-windows", { name: "Upgrade", ...body });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: number };
}

describe(`suppressedComponentIds (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("names a group's children and the components listed while an occurrence runs, and nothing outside it", async () => {
    const t = await tenant("suppress v3");
    const w = await v3World(t);
    const start = Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR;
    await window(t, {
      startsAt: iso(start),
      endsAt: iso(start + HOUR),
      repeatUnit: null,
      statusPageVisibility: { statusPageIds: [w.page.id], componentIds: [w.group.id], suppressAutoIncidents: true },
    });
    // A window without the flag suppresses nothing, even while it runs.
    await window(t, { startsAt: iso(start), endsAt: iso(start + HOUR), repeatUnit: null, statusPageVisibility: { statusPageIds: [w.page.id], componentIds: [w.web.id] } });

    expect([...(await suppressedComponentIds(t.db, w.page.id, start - 1))]).toEqual([]);
    expect([...(await suppressedComponentIds(t.db, w.page.id, start + 1))].sort()).toEqual([w.group.id, w.db.id, w.queue.id].sort());
    expect([...(await suppressedComponentIds(t.db, w.page.id, start + HOUR))]).toEqual([]);
  });

  it("follows the state: without autoStart only an operator's update starts it, and a skipped occurrence suppresses nothing", async () => {
    const t = await tenant("suppress state");
    const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body as { id: string };
    const page = (await t.api.post("/v1/status-pages", { name: "Suppress v1", url: slug("suppress1"), cards: [{ name: "Core", services: [{ id: service.id }] }] })).body as { id: string };
    const start = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const manual = await window(t, {
      startsAt: iso(start),
      endsAt: iso(start + 3 * HOUR),
      repeatUnit: null,
      statusPageVisibility: { statusPageIds: [page.id], serviceIds: [service.id], suppressAutoIncidents: true, autoStart: false, autoEnd: false },
    });
    const now = Date.now();
    expect([...(await suppressedComponentIds(t.db, page.id, now))]).toEqual([]);

    const base = `/v1/maintenance-windows/${manual.id}/maintenances`;
    const [occ] = (await t.api.get(base)).body as { id: string }[];
    const started = await t.api.post(`${base}/${occ.id}/updates`, { status: "IN_PROGRESS", description: "Started" });
    expect(started.status, started.text).toBe(201);
    // Still running after its planned end: autoEnd is off, so only an update ends it.
    expect([...(await suppressedComponentIds(t.db, page.id, start + 5 * HOUR))]).toEqual([service.id]);

    expect((await t.api.post(`${base}/${occ.id}/updates`, { status: "COMPLETED", description: "Done" })).status).toBe(201);
    expect([...(await suppressedComponentIds(t.db, page.id, Date.now()))]).toEqual([]);

    const skipped = await window(t, {
      startsAt: iso(start),
      endsAt: iso(start + 3 * HOUR),
      repeatUnit: null,
      statusPageVisibility: { statusPageIds: [page.id], affectAllServices: true, suppressAutoIncidents: true },
    });
    expect([...(await suppressedComponentIds(t.db, page.id, Date.now()))]).toEqual([service.id]);
    const skipBase = `/v1/maintenance-windows/${skipped.id}/maintenances`;
    const [occ2] = (await t.api.get(skipBase)).body as { id: string }[];
    expect((await t.api.delete(`${skipBase}/${occ2.id}`)).status).toBe(204);
    expect([...(await suppressedComponentIds(t.db, page.id, Date.now()))]).toEqual([]);
  });

  it("refuses a component of another account, naming statusPageVisibility.componentIds.N", async () => {
    const a = await tenant("suppress a");
    const b = await tenant("suppress b");
    const theirs = await v3World(b);
    const mine = await v3World(a);
    const r = await a.api.post("/v1/maintenance-windows", {
      name: "Foreign",
      startsAt: iso(Date.now() + HOUR),
      endsAt: iso(Date.now() + 2 * HOUR),
      repeatUnit: null,
      statusPageVisibility: { statusPageIds: [mine.page.id], componentIds: [mine.web.id, theirs.web.id] },
    });
    expectError(r, 400, "statusPageVisibility.componentIds.1");
    expect((await a.api.get("/v1/maintenance-windows")).body).toEqual([]);
  });
});
