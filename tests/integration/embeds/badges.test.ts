import { BADGE_CSP } from "@/lib/http/security-headers.mjs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import * as pageSvg from "@/app/(status)/[site]/badge.svg/route";
import * as pageJson from "@/app/(status)/[site]/badge.json/route";
import * as serviceSvg from "@/app/(status)/[site]/services/[serviceId]/badge.svg/route";
import * as serviceJson from "@/app/(status)/[site]/services/[serviceId]/badge.json/route";
import * as uptimeSvg from "@/app/(status)/[site]/services/[serviceId]/uptime/[window]/badge.svg/route";
import * as uptimeJson from "@/app/(status)/[site]/services/[serviceId]/uptime/[window]/badge.json/route";
import { ShieldsEndpointSchema } from "../../unit/badges/shields-schema";
import { buildWorld, call, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

afterEach(() => {
  vi.useRealTimers();
});

const texts = (svg: string): string[] => {
  const doc = new XMLParser({ ignoreAttributes: false }).parse(svg);
  return [doc.svg.title, doc.svg["@_aria-label"]];
};

describe(`badges on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("page badge: SVG with the badge headers and the page's status", async () => {
    const res = await call(pageSvg.GET, `/${w.page.url}/badge.svg`, { site: w.page.url });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe(BADGE_CSP);
    expect(res.headers.get("cache-control")).toContain("s-maxage=5");
    expect(res.headers.get("x-heliograph-cache-tags")).toBe(`page:${w.page.id}`);
    const svg = await res.text();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(texts(svg)[0]).toBe("status: major outage");
  });

  it("a hostile label stays text: escaped, capped, and the SVG well-formed in every style and theme", async () => {
    const labels = ['<script>alert("x")</script>', `"'&amp;<>`, "x".repeat(10_000), "a\u0000b\u001fc\ud800d", "]]><!--", "é😀漢"];
    for (const style of ["flat", "flat-square", "plastic", "for-the-badge", "social", "bogus"]) {
      for (const label of labels) {
        const q = new URLSearchParams({ label, style, theme: "dark" });
        const res = await call(pageSvg.GET, `/${w.page.url}/badge.svg?${q}`, { site: w.page.url });
        const svg = await res.text();
        expect(XMLValidator.validate(svg), `${style} ${label.slice(0, 20)}`).toBe(true);
        expect(svg).not.toContain("<script");
        expect(svg.length).toBeLessThan(8_000);
        const [title] = texts(svg);
        // control characters are dropped; a lone surrogate already became U+FFFD in the URL
        const expected = label.replace(/[\u0000-\u001f]/g, "").replace(/\ud800/g, "\ufffd").slice(0, 10);
        expect(String(title).toLowerCase().startsWith(expected.toLowerCase()), `${style}: ${title}`).toBe(true);
      }
    }
    const long = await call(pageSvg.GET, `/${w.page.url}/badge.svg?label=${"y".repeat(10_000)}`, { site: w.page.url });
    expect(texts(await long.text())[0]).toBe(`${"y".repeat(63)}…: major outage`);
  });

  it("shields endpoint JSON validates against the shields schema, with overrides", async () => {
    const plain = await call(pageJson.GET, `/${w.page.url}/badge.json`, { site: w.page.url });
    expect(plain.headers.get("access-control-allow-origin")).toBe("*");
    const body = ShieldsEndpointSchema.parse(await plain.json());
    expect(body).toEqual({ schemaVersion: 1, label: "status", message: "major outage", color: "red", cacheSeconds: 300 });
    const custom = await call(pageJson.GET, `/${w.page.url}/badge.json?label=Acme%20%3Cstatus%3E&style=for-the-badge&theme=dark`, { site: w.page.url });
    expect(ShieldsEndpointSchema.parse(await custom.json())).toMatchObject({ label: "Acme <status>", style: "for-the-badge", labelColor: "#24292f" });
  });

  it("service badges show the service's own status; other services are 404 badges", async () => {
    const api = await call(serviceSvg.GET, "/x", { site: w.page.url, serviceId: w.api.id });
    expect(texts(await api.text())[0]).toBe('API <b>&"core"</b>: major outage');
    const web = await call(serviceJson.GET, "/x", { site: w.page.url, serviceId: w.web.id });
    expect(ShieldsEndpointSchema.parse(await web.json())).toMatchObject({ label: "Website", message: "operational", color: "brightgreen" });
    const maint = await call(serviceJson.GET, "/x", { site: w.page.url, serviceId: w.dbs.id });
    expect(await maint.json()).toMatchObject({ message: "under maintenance", color: "blue" });

    const other = await call(serviceSvg.GET, "/x", { site: w.secret.url, serviceId: w.api.id }, { headers: { authorization: `Bearer ${w.pageKey}` } });
    expect(other.status).toBe(404); // API is not on the private page
    expect(other.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(texts(await other.text())[0]).toBe("status: not found");
    for (const serviceId of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await call(serviceJson.GET, "/x", { site: w.page.url, serviceId });
      expect(res.status).toBe(404);
      expect(ShieldsEndpointSchema.parse(await res.json())).toMatchObject({ message: "not found", isError: true });
    }
  });

  it("uptime badges: exact minutes over 24h, 7d, 30d and 90d; unknown windows are 404", async () => {
    // The clock stands at the world's making: an open incident's minutes are then exact however slow the run.
    vi.useFakeTimers({ now: w.now, toFake: ["Date"] });
    const up = async (serviceId: string, window: string) => {
      const res = await call(uptimeJson.GET, "/x", { site: w.page.url, serviceId, window });
      return { status: res.status, body: await res.json() };
    };
    // 144 minutes of partial outage count 30 %: 43.2 minutes down in 7 days = 99.5714 %
    expect((await up(w.web.id, "7d")).body).toMatchObject({ label: "uptime 7d", message: "99.57%", color: "green" });
    expect((await up(w.web.id, "24h")).body).toMatchObject({ message: "100%", color: "brightgreen" });
    // the service is 30 days old: 90d measures those 30 days (43.2 of 43 200 minutes)
    expect((await up(w.web.id, "90d")).body).toMatchObject({ message: "99.9%" });
    expect((await up(w.web.id, "30d")).body).toMatchObject({ message: "99.9%" });
    // the open MAJOR incident started 2 hours ago: 120 of 1440 minutes down
    expect((await up(w.api.id, "24h")).body).toMatchObject({ message: "91.66%", color: "orange" });
    expect((await up(w.api.id, "1y")).status).toBe(404);
    const svg = await call(uptimeSvg.GET, "/x", { site: w.page.url, serviceId: w.web.id, window: "7d" });
    expect(texts(await svg.text())[0]).toBe("uptime 7d: 99.57%");
  });
});
