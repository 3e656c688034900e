/** A v3 page (its own components, impact windows) through the public read model and the components that show it. */
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { loadHistory } from "@/lib/public-page/history";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { incidentOnPage } from "@/lib/public-page/on-page";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { ServiceCard } from "@/components/service-card/service-card";
import { AffectedComponents, AffectedList, ImpactHistory, IncidentPill } from "@/components/incident/incident-parts";
import { makePage, makeV3Page, request, type V3Page } from "./fixtures";

const BASE = "http://localhost:3000";
let p: V3Page;
beforeAll(async () => {
  p = await makeV3Page();
});

describe(`a v3 page on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("the snapshot shows the group with its worst child status and a top-level component; the hidden one nowhere", async () => {
    const snap = await loadPageSnapshot(p.db, p.page);
    const { platform, api, checkout, hidden, dns } = p.components;
    expect(snap.entries.map((e) => [e.kind, e.name, e.status, e.children.map((c) => c.name)])).toEqual([
      ["group", "Platform", "PARTIAL_OUTAGE", ["API", "Checkout"]],
      ["component", "DNS", "OPERATIONAL", []],
    ]);
    expect(snap.components.map((c) => c.id)).toEqual([api.id, checkout.id, dns.id]);
    expect(snap.entries[0]).toMatchObject({ id: platform.id, description: "What merchants call" });
    expect(snap.components[0].description).toBe("The REST API merchants integrate with");
    // The hidden component is in a major outage: it must not make the page (or its group) look worse.
    expect(snap.status).toBe("PARTIAL_OUTAGE");
    const [incident] = snap.incidents;
    expect(incident.components.map((c) => [c.name, c.status])).toEqual([
      ["API", "PARTIAL_OUTAGE"],
      ["Checkout", "DEGRADED_PERFORMANCE"],
    ]);
    expect(incident.impacts.map((w) => w.component_id)).not.toContain(hidden.id);
    expect(JSON.stringify(snap)).not.toContain("Internal billing");
    // 2 hours of a major outage on API today (the partial outage since counts at 30 %), none on Checkout.
    expect(snap.components[0].uptime).toBeLessThan(100);
    expect(snap.components[1].uptime).toBeCloseTo(100, 9);
  });

  it("the page's components render as a disclosure per group, open, with descriptions and 90 bars per component", async () => {
    const snap = await loadPageSnapshot(p.db, p.page);
    const html = snap.entries.map((entry) => renderToStaticMarkup(createElement(ServiceCard, { entry, barsHref: (id: string) => `/x/components/${id}/bars` }))).join("");
    expect(html.match(/<details open=""/g)).toHaveLength(1);
    const summary = html.match(/<summary[^>]*>(.*?)<\/summary>/)![1];
    expect(summary).toContain("Platform");
    expect(summary).toContain("Partial outage");
    expect(html).toContain("What merchants call");
    expect(html).toContain("The REST API merchants integrate with");
    expect(html.match(/<ol class="bars/g)).toHaveLength(3);
    expect(html).toMatch(/data-kind="component"[^>]*>.*DNS/);
    expect(html).not.toContain("Internal billing");
  });

  it("the incident page lists what it affects, how badly, and the impact windows in order", async () => {
    const view = (await loadIncidentForPage(p.db, p.page, p.incidentId))!;
    expect(view.incident.name).toBe("Payment errors");
    const render = (c: (props: { view: typeof view }) => ReactNode) => renderToStaticMarkup(createElement(c, { view }));
    expect(render(AffectedComponents)).toContain("API — Partial outage</span>, <span");
    expect(render(AffectedList)).toContain("Checkout — ");
    expect(render(IncidentPill)).toBe('<span class="pill s-PARTIAL_OUTAGE">Partial outage</span>');
    const rows = render(ImpactHistory).match(/<li data-impact=[^]*?<\/li>/g)!;
    expect(rows.map((r) => [/>(API|Checkout)</.exec(r)?.[1], /s-([A-Z_]+)/.exec(r)?.[1], r.includes("ongoing")])).toEqual([
      ["API", "MAJOR_OUTAGE", false],
      ["Checkout", "DEGRADED_PERFORMANCE", false],
      ["API", "PARTIAL_OUTAGE", true],
    ]);
    expect(render(ImpactHistory)).not.toContain("Internal billing");
  });

  it("the incident is this page's only: another page of the account does not show it, the proxy answers 404 there", async () => {
    expect(await incidentOnPage(p.db, { id: p.page.id, accountId: p.accountId }, p.incidentId)).toBe(true);
    const other = await makePage();
    expect(await loadIncidentForPage(other.db, other.page, p.incidentId)).toBeNull();
    expect((await proxy(request(`${BASE}/${p.slug}/incidents/${p.incidentId}`)))!.status).not.toBe(404);
    expect((await proxy(request(`${BASE}/${other.slug}/incidents/${p.incidentId}`)))!.status).toBe(404);
  });

  it("history lists the page's own incidents", async () => {
    const history = await loadHistory(p.db, p.page, 1);
    const [incident] = history.months.flatMap((m) => m.incidents);
    expect(incident.incident.id).toBe(p.incidentId);
    expect(incident.components.map((c) => c.name)).toEqual(["API", "Checkout"]);
  });

  it("component badge paths are routed like the service ones (front-cache parameters kept, others dropped)", async () => {
    const path = `/${p.slug}/components/${p.components.api.id}/uptime/30d/badge.svg`;
    const res = (await proxy(request(`${BASE}${path}?style=flat&r=4`)))!;
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe(`${BASE}${path}?style=flat`);
    expect((await proxy(request(`${BASE}/${p.slug}/components/${p.components.api.id}/badge.json`)))!.headers.get("x-middleware-next")).toBe("1");
  });
});
