/**
 * What a window puts under maintenance, on both kinds of page: v3 components (a group covers its children, and
 * shows the worst of them) through statusPageVisibility.componentIds, v1 services through serviceIds, and only
 * while the occurrence is really in progress by its state (without autoStart, only once an operator starts it).
 */
import { describe, expect, it } from "vitest";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { findPageById } from "@/lib/status-pages/queries";
import { SpSummaryResponse } from "@/lib/statuspage-compat/schema";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import { call } from "../embeds/fixture";
import { expectError, slug, tenant, type Tenant } from "../api/fixtures";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const started = () => Math.floor(Date.now() / HOUR) * HOUR - HOUR;

async function window(t: Tenant, pageId: string, visibility: Record<string, unknown>) {
  const r = await t.api.post("/v1/maintenance-windows", {
    name: "Upgrade",
    startsAt: iso(started()),
    endsAt: iso(started() + 3 * HOUR),
    repeatUnit: null,
    statusPageVisibility: { enabled: true, statusPageIds: [pageId], ...visibility },
  });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: number; statusPageVisibility: { componentIds: string[] } };
}

async function statuses(t: Tenant, pageId: string) {
  const page = (await findPageById(t.db, pageId))!;
  const snap = await loadPageSnapshot(t.db, page);
  const json = SpSummaryResponse.parse(await (await call(summary.GET, `/${page.url}/api/v2/summary.json`, { site: page.url })).json());
  return {
    snap: Object.fromEntries([...snap.entries, ...snap.components].map((c) => [c.name, c.status])),
    json: Object.fromEntries(json.components.map((c) => [c.name, c.status])),
    page: snap.status,
  };
}

describe(`components under maintenance (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("a v3 page: a group named in componentIds puts its components under maintenance, the others stay operational", async () => {
    const t = await tenant("maint v3");
    const page = (await t.api.post("/v3/status-pages", { name: "V3 maint", url: slug("v3maint") })).body as { id: string };
    const add = async (body: object) => ((await t.api.post(`/v3/status-pages/${page.id}/components`, body)).body as { id: string }).id;
    const group = await add({ name: "Backend", type: "GROUP", displayOrder: 1 });
    await add({ name: "Database", parentId: group, displayOrder: 2 });
    await add({ name: "Queue", parentId: group, displayOrder: 3 });
    const web = await add({ name: "Web", displayOrder: 4 });

    const w = await window(t, page.id, { componentIds: [group] });
    expect(w.statusPageVisibility.componentIds).toEqual([group]);
    const s = await statuses(t, page.id);
    expect(s.snap).toEqual({ Backend: "UNDER_MAINTENANCE", Database: "UNDER_MAINTENANCE", Queue: "UNDER_MAINTENANCE", Web: "OPERATIONAL" });
    expect(s.json).toEqual({ Backend: "under_maintenance", Database: "under_maintenance", Queue: "under_maintenance", Web: "operational" });
    expect(s.page).toBe("UNDER_MAINTENANCE");

    // A PUT naming a component id as a v1 service is refused, naming the field (serviceIds stay services).
    expectError(await t.api.put(`/v1/maintenance-windows/${w.id}`, { statusPageVisibility: { serviceIds: [web] } }), 400, "statusPageVisibility.serviceIds.0");
  });

  it("a v1 page: the services a window names, as before", async () => {
    const t = await tenant("maint v1");
    const api = (await t.api.post("/v1/status-pages/services", { name: "API" })).body as { id: string };
    const site = (await t.api.post("/v1/status-pages/services", { name: "Website" })).body as { id: string };
    const page = (await t.api.post("/v1/status-pages", { name: "V1 maint", url: slug("v1maint"), cards: [{ name: "Core", services: [{ id: api.id }, { id: site.id }] }] })).body as { id: string };
    await window(t, page.id, { serviceIds: [api.id] });
    const s = await statuses(t, page.id);
    expect(s.snap).toEqual({ Core: "UNDER_MAINTENANCE", API: "UNDER_MAINTENANCE", Website: "OPERATIONAL" });
    expect(s.json).toEqual({ Core: "under_maintenance", API: "under_maintenance", Website: "operational" });
  });

  it("without autoStart nothing is under maintenance past the start until an operator's update, and again after completion", async () => {
    const t = await tenant("maint manual");
    const api = (await t.api.post("/v1/status-pages/services", { name: "API" })).body as { id: string };
    const page = (await t.api.post("/v1/status-pages", { name: "Manual", url: slug("manual"), cards: [{ name: "Core", services: [{ id: api.id }] }] })).body as { id: string };
    const w = await window(t, page.id, { serviceIds: [api.id], autoStart: false });
    expect((await statuses(t, page.id)).snap.API).toBe("OPERATIONAL");
    const base = `/v1/maintenance-windows/${w.id}/maintenances`;
    const [occ] = (await t.api.get(base)).body as { id: string }[];
    expect((await t.api.post(`${base}/${occ.id}/updates`, { status: "IN_PROGRESS", description: "Starting" })).status).toBe(201);
    expect((await statuses(t, page.id)).snap.API).toBe("UNDER_MAINTENANCE");
    expect((await t.api.post(`${base}/${occ.id}/updates`, { status: "COMPLETED", description: "Done early" })).status).toBe(201);
    expect((await statuses(t, page.id)).snap.API).toBe("OPERATIONAL");
  });
});
