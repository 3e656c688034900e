/**
 * An impact window's end in the future: refused while the incident is open, and one already stored (as an older
 * release could write it) is ended by the resolution, so the public surfaces say operational once it is resolved.
 */
import { describe, expect, it } from "vitest";
import * as pageBadge from "@/app/(status)/[site]/badge.json/route";
import * as summaryJson from "@/app/(status)/[site]/api/v2/summary.json/route";
import { IncidentV3 } from "@/lib/incidents/v3-schema";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";

const HOUR = 3_600_000;
const YEAR = 365 * 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function publicJson(handler: Handler, url: string, path: string) {
  const res = await handler(new Request(`http://localhost:3000/${url}/${path}`), { params: Promise.resolve({ site: url }) });
  expect(res.status).toBe(200);
  return res.json();
}

/** What a visitor's JSON says: the page's indicator, each component's status, the unresolved incidents, and the badge. */
async function shown(url: string) {
  const summary = await publicJson(summaryJson.GET as Handler, url, "api/v2/summary.json");
  const badge = await publicJson(pageBadge.GET as Handler, url, "badge.json");
  return {
    indicator: summary.status.indicator as string,
    components: Object.fromEntries((summary.components as { name: string; status: string }[]).map((c) => [c.name, c.status])),
    incidents: (summary.incidents as unknown[]).length,
    badge: badge.message as string,
  };
}

async function v3Setup(t: Tenant) {
  const url = slug("future-end");
  const page = await t.api.post("/v3/status-pages", { name: "Future", url });
  expect(page.status, page.text).toBe(201);
  const base = `/v3/status-pages/${page.body.id}`;
  const api = await t.api.post(`${base}/components`, { name: "API", displayOrder: 1 });
  expect(api.status, api.text).toBe(201);
  return { url, incidents: `${base}/incidents`, apiId: api.body.id as string };
}

const impactRows = (t: Tenant, incidentId: string) =>
  t.db.selectFrom("incident_impacts").select(["component_id", "status", "started_at", "ended_at"]).where("incident_id", "=", incidentId).orderBy("started_at").execute();

describe(`a v3 impact window's end in the future (${STORE})`, () => {
  it("is refused while the incident is open: 400 naming the window's endedAt, nothing written", async () => {
    const t = await tenant();
    const s = await v3Setup(t);
    const inc = expectShape(
      await t.api.post(s.incidents, { name: "Outage", componentImpacts: [{ componentId: s.apiId, status: "MAJOR_OUTAGE" }], incidentUpdates: [{ description: "Down", status: "INVESTIGATING" }] }),
      201,
      IncidentV3,
    );
    const before = await impactRows(t, inc.id);
    const startedAt = Date.now() - HOUR;
    for (const endedAt of [Date.now() + 2 * YEAR, Date.now() + 60_000]) {
      const res = await t.api.put(`${s.incidents}/${inc.id}/component-impacts`, { componentImpacts: [{ componentId: s.apiId, status: "MAJOR_OUTAGE", startedAt: iso(startedAt), endedAt: iso(endedAt) }] });
      const body = expectError(res, 400, "componentImpacts.0.endedAt");
      expect(body.message).toContain("endedAt");
    }
    expect(await impactRows(t, inc.id)).toEqual(before);
    // An end already past, and an open window, are taken as before.
    const past = await t.api.put(`${s.incidents}/${inc.id}/component-impacts`, {
      componentImpacts: [
        { componentId: s.apiId, status: "PARTIAL_OUTAGE", startedAt: iso(startedAt), endedAt: iso(startedAt + HOUR / 2) },
        { componentId: s.apiId, status: "MAJOR_OUTAGE", startedAt: iso(startedAt + HOUR / 2), endedAt: null },
      ],
    });
    expect(expectShape(past, 200, IncidentV3).componentImpacts.map((w) => w.endedAt)).toEqual([iso(startedAt + HOUR / 2), null]);
  });

  it("already stored, is ended by the resolution: the summary, components and badge say operational once resolved", async () => {
    const t = await tenant();
    const s = await v3Setup(t);
    const startedAt = Date.now() - 2 * HOUR;
    const inc = expectShape(
      await t.api.post(s.incidents, {
        name: "Outage",
        componentImpacts: [{ componentId: s.apiId, status: "MAJOR_OUTAGE" }],
        incidentUpdates: [{ description: "Down", status: "INVESTIGATING", publicIncidentUpdateDate: iso(startedAt) }],
      }),
      201,
      IncidentV3,
    );
    expect(inc.componentImpacts.map((w) => w.startedAt)).toEqual([iso(startedAt)]);
    // As an older release could have stored it: the window set to end years from now.
    const farEnd = Date.now() + 3 * YEAR;
    await t.db.updateTable("incident_impacts").set({ ended_at: farEnd }).where("incident_id", "=", inc.id).execute();
    expect(await shown(s.url)).toEqual({ indicator: "critical", components: { API: "major_outage" }, incidents: 1, badge: "major outage" });

    const resolvedAt = Date.now() - 60_000;
    const res = await t.api.post(`${s.incidents}/${inc.id}/incident-updates`, { description: "Fixed", status: "RESOLVED", publicIncidentUpdateDate: iso(resolvedAt) });
    expect(res.status, res.text).toBe(201);

    const rows = await impactRows(t, inc.id);
    expect(rows.map((r) => Number(r.ended_at))).toEqual([resolvedAt]);
    const after = expectShape(await t.api.get(`${s.incidents}/${inc.id}`), 200, IncidentV3);
    expect(after.componentImpacts.map((w) => w.endedAt)).toEqual([iso(resolvedAt)]);
    expect(await shown(s.url)).toEqual({ indicator: "none", components: { API: "operational" }, incidents: 0, badge: "all systems operational" });
  });
});
