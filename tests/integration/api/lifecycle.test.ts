import { describe, expect, it } from "vitest";
import { GET as summaryJson } from "@/app/(status)/[site]/api/v2/summary.json/route";
import { getGenerations } from "@/lib/cache/generations";
import { pageTag } from "@/lib/cache/tags";
import { Incident, IncidentUpdate } from "@/lib/incidents/schema";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { StatusPage } from "@/lib/status-pages/schema";
import { Service } from "@/lib/services/schema";
import { expectShape, slug, STORE, tenant, type Tenant } from "./fixtures";

/** What a visitor gets at the next request: the public page's snapshot and its Statuspage-compatible summary. */
async function publicView(t: Tenant, url: string) {
  const page = await findPageBySlug(t.db, url);
  if (!page) return null;
  const snap = await loadPageSnapshot(t.db, page);
  const res = await summaryJson(new Request(`http://localhost:3000/${url}/api/v2/summary.json`), { params: Promise.resolve({ site: url }) });
  expect(res.status).toBe(200);
  const summary = await res.json();
  return { status: snap.status, open: snap.incidents.filter((i) => i.incident.resolved_at === null).map((i) => i.incident.last_update_status), summary };
}

describe(`lifecycle through the API, seen on the public page (${STORE})`, () => {
  it("service → page with a card → MAJOR incident → IDENTIFIED → RESOLVED → delete", async () => {
    const t = await tenant();
    const svc = expectShape(await t.api.post("/v1/status-pages/services", { name: "Checkout API" }), 200, Service);
    const url = slug("life");
    const page = expectShape(await t.api.post("/v1/status-pages", { name: "Shop status", url, cards: [{ name: "Shop", services: [{ id: svc.id }] }] }), 201, StatusPage);
    const gen = () => getGenerations().latest([pageTag(page.id)]);

    let view = await publicView(t, url);
    expect(view!.status).toBe("OPERATIONAL");
    expect(view!.summary.status.indicator).toBe("none");
    expect(view!.summary.components.map((c: { name: string }) => c.name)).toContain("Checkout API");

    let g = gen();
    const inc = expectShape(
      await t.api.post("/v1/status-pages/incidents", { name: "Payments failing", severity: "MAJOR", services: [{ id: svc.id }], incidentUpdates: [{ description: "Investigating failed payments" }] }),
      201,
      Incident,
    );
    expect(gen()).toBeGreaterThan(g);
    view = await publicView(t, url);
    expect(view!.status).toBe("MAJOR_OUTAGE");
    expect(view!.open).toEqual(["INVESTIGATING"]);
    expect(view!.summary.incidents.map((i: { name: string; status: string }) => [i.name, i.status])).toEqual([["Payments failing", "investigating"]]);

    g = gen();
    expectShape(await t.api.post(`/v1/status-pages/incidents/${inc.id}/incident-updates`, { description: "A bad deploy; rolling back", status: "IDENTIFIED" }), 200, IncidentUpdate);
    expect(gen()).toBeGreaterThan(g);
    view = await publicView(t, url);
    expect(view!.status).toBe("MAJOR_OUTAGE");
    expect(view!.open).toEqual(["IDENTIFIED"]);
    expect(view!.summary.incidents[0].status).toBe("identified");

    g = gen();
    expectShape(await t.api.post(`/v1/status-pages/incidents/${inc.id}/incident-updates`, { description: "Payments work again", status: "RESOLVED" }), 200, IncidentUpdate);
    expect(gen()).toBeGreaterThan(g);
    view = await publicView(t, url);
    expect(view!.status).toBe("OPERATIONAL");
    expect(view!.open).toEqual([]);
    expect(view!.summary.incidents).toEqual([]);
    const resolved = expectShape(await t.api.get(`/v1/status-pages/incidents/${inc.id}`), 200, Incident);
    expect(resolved.lastUpdateStatus).toBe("RESOLVED");
    expect(resolved.duration).toEqual(expect.any(Number));

    g = gen();
    expect((await t.api.delete(`/v1/status-pages/incidents/${inc.id}`)).status).toBe(204);
    expect((await t.api.delete(`/v1/status-pages/${page.id}`)).status).toBe(204);
    expect(gen()).toBeGreaterThan(g);
    expect(await publicView(t, url)).toBeNull();
    expect((await t.api.delete(`/v1/status-pages/services/${svc.id}`)).status).toBe(204);
  });
});
