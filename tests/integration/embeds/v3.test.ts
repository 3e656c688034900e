/** Embeds of a v3 page: Statuspage JSON with groups, component badges, feeds, widget and images; hidden components nowhere. */
import { beforeAll, describe, expect, it } from "vitest";
import { XMLValidator } from "fast-xml-parser";
import { SpComponentsResponse, SpSummaryResponse } from "@/lib/statuspage-compat/schema";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import * as componentsJson from "@/app/(status)/[site]/api/v2/components.json/route";
import * as incidentsJson from "@/app/(status)/[site]/api/v2/incidents.json/route";
import * as componentSvg from "@/app/(status)/[site]/components/[componentId]/badge.svg/route";
import * as componentJson from "@/app/(status)/[site]/components/[componentId]/badge.json/route";
import * as componentUptimeSvg from "@/app/(status)/[site]/components/[componentId]/uptime/[window]/badge.svg/route";
import * as componentUptimeJson from "@/app/(status)/[site]/components/[componentId]/uptime/[window]/badge.json/route";
import * as serviceSvg from "@/app/(status)/[site]/services/[serviceId]/badge.svg/route";
import * as serviceUptimeJson from "@/app/(status)/[site]/services/[serviceId]/uptime/[window]/badge.json/route";
import * as feedRss from "@/app/(status)/[site]/feed.rss/route";
import * as feedAtom from "@/app/(status)/[site]/feed.atom/route";
import * as widget from "@/app/(status)/[site]/embed/route";
import * as pageOg from "@/app/(status)/[site]/og.png/route";
import * as incidentOg from "@/app/(status)/[site]/incidents/[id]/og.png/route";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { incidentImageElement, pageImageElement } from "@/lib/og/render";
import { ShieldsEndpointSchema } from "../../unit/badges/shields-schema";
import { makeV3Page, type V3Page } from "../public/fixtures";
import { call } from "./fixture";

let p: V3Page;
let priv: V3Page;
beforeAll(async () => {
  [p, priv] = await Promise.all([makeV3Page(), makeV3Page({ isPrivate: true })]);
});

const json = async (res: Response) => {
  expect(res.status).toBe(200);
  return res.json();
};
const svgTitle = async (res: Response) => /<title>([^<]*)<\/title>/.exec(await res.text())?.[1];

describe(`embeds of a v3 page on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("summary.json: a group with group: true and its children's ids, children with group_id, a top-level component with null", async () => {
    const body = SpSummaryResponse.parse(await json(await call(summary.GET, `/${p.slug}/api/v2/summary.json`, { site: p.slug })));
    const { platform, api, checkout, dns } = p.components;
    expect(body.components.map((c) => [c.id, c.name, c.group, c.group_id, c.status, c.components ?? null])).toEqual([
      [platform.id, "Platform", true, null, "partial_outage", [api.id, checkout.id]],
      [api.id, "API", false, platform.id, "partial_outage", null],
      [checkout.id, "Checkout", false, platform.id, "operational", null],
      [dns.id, "DNS", false, null, "operational", null],
    ]);
    expect(body.components[1].description).toBe("The REST API merchants integrate with");
    expect(body.status).toEqual({ indicator: "major", description: "Partial System Outage" });
    const [incident] = body.incidents;
    expect(incident).toMatchObject({ id: p.incidentId, name: "Payment errors", impact: "major", status: "investigating" });
    expect(incident.components.map((c) => [c.name, c.status])).toEqual([
      ["API", "partial_outage"],
      ["Checkout", "degraded_performance"],
    ]);
    expect(JSON.stringify(body)).not.toMatch(new RegExp(`Internal billing|${p.components.hidden.id}`));
  });

  it("components.json and incidents.json leave the hidden component out too", async () => {
    const comps = SpComponentsResponse.parse(await json(await call(componentsJson.GET, "/x", { site: p.slug })));
    expect(comps.components).toHaveLength(4);
    const text = JSON.stringify([comps, await json(await call(incidentsJson.GET, "/x", { site: p.slug }))]);
    expect(text).not.toContain("Internal billing");
    expect(text).not.toContain(p.components.hidden.id);
  });

  it("component badges: /components/<id> and /services/<id> answer the same for a component; a group's is its worst", async () => {
    const { platform, api, dns, hidden } = p.components;
    expect(await svgTitle(await call(componentSvg.GET, "/x", { site: p.slug, componentId: api.id }))).toBe("API: partial outage");
    expect(await svgTitle(await call(serviceSvg.GET, "/x", { site: p.slug, serviceId: api.id }))).toBe("API: partial outage");
    expect(ShieldsEndpointSchema.parse(await json(await call(componentJson.GET, "/x", { site: p.slug, componentId: dns.id })))).toMatchObject({ label: "DNS", message: "operational", color: "brightgreen" });
    expect(await json(await call(componentJson.GET, "/x", { site: p.slug, componentId: platform.id }))).toMatchObject({ label: "Platform", message: "partial outage", color: "orange" });
    // 60 minutes of major outage and 60 of partial outage (at 30 %) in the last 24 hours: 78 of 1440 minutes down
    const day = await json(await call(componentUptimeJson.GET, "/x", { site: p.slug, componentId: api.id, window: "24h" }));
    expect(day).toMatchObject({ label: "uptime 24h", message: "94.58%" });
    expect(await json(await call(serviceUptimeJson.GET, "/x", { site: p.slug, serviceId: api.id, window: "24h" }))).toEqual(day);
    expect(await svgTitle(await call(componentUptimeSvg.GET, "/x", { site: p.slug, componentId: dns.id, window: "30d" }))).toBe("uptime 30d: 100%");
    // The group's uptime is its components' mean, as on the page.
    expect((await json(await call(componentUptimeJson.GET, "/x", { site: p.slug, componentId: platform.id, window: "24h" }))).message).toBe("97.29%");

    for (const [site, componentId] of [[p.slug, hidden.id], [p.slug, priv.components.api.id], [p.slug, "not-a-uuid"]]) {
      const res = await call(componentSvg.GET, "/x", { site, componentId });
      expect(res.status, componentId).toBe(404);
      expect(await svgTitle(res)).toBe("status: not found");
      expect((await call(componentUptimeJson.GET, "/x", { site, componentId, window: "7d" })).status).toBe(404);
    }
  });

  it("a private v3 page's component badge needs its key", async () => {
    const params = { site: priv.slug, componentId: priv.components.api.id };
    expect((await call(componentSvg.GET, "/x", params)).status).toBe(401);
    const res = await call(componentSvg.GET, "/x", params, { headers: { authorization: `Bearer ${priv.key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await svgTitle(res)).toBe("API: partial outage");
  });

  it("feeds name the affected components with their impact, never the hidden one", async () => {
    for (const handler of [feedRss.GET, feedAtom.GET]) {
      const res = await call(handler, "/x", { site: p.slug });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(XMLValidator.validate(text)).toBe(true);
      expect(text).toContain("Payment errors: Investigating");
      expect(text).toContain("API — Partial outage, Checkout — Degraded performance");
      expect(text).not.toContain("Internal billing");
    }
  });

  it("the widget shows the incident coloured by its impact; images name the entries and affected components", async () => {
    const html = await (await call(widget.GET, "/x", { site: p.slug })).text();
    expect(html).toContain("Payment errors");
    expect(html).toContain("color:var(--partial_outage)");
    expect(html).not.toContain("Internal billing");

    const snap = await loadPageSnapshot(p.db, p.page);
    const pageProps = (await pageImageElement(snap, "https://status.example.com/x")).props as { entries: { name: string; statusText: string }[] };
    expect(pageProps.entries.map((e) => [e.name, e.statusText])).toEqual([
      ["Platform", "Partial outage"],
      ["DNS", "Operational"],
    ]);
    const view = (await loadIncidentForPage(p.db, p.page, p.incidentId))!;
    const incidentProps = (await incidentImageElement(p.page, view, "https://status.example.com/x")).props as { severity: string; affected: string[] };
    expect(incidentProps).toMatchObject({ severity: "Partial outage", affected: ["API — Partial outage", "Checkout — Degraded performance"] });
    for (const [handler, params] of [[pageOg.GET, { site: p.slug }], [incidentOg.GET, { site: p.slug, id: p.incidentId }]] as const) {
      const res = await call(handler, "/x", params);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
    }
  });
});
