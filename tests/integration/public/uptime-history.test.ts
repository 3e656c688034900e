/**
 * /<slug>/uptime: each component's last 12 months as calendars in the page's zone, computed
 * by the bars' own snapshot, rendered as the page renders them. A Tokyo page with one known two-hour major
 * outage, at 20:00–22:00 UTC, shows it on the next day (Tokyo's), and only there.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { addIncidentUpdate, createIncident } from "@/lib/incidents/service";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { loadUptimeHistory, type UptimeHistory } from "@/lib/public-page/uptime-history";
import { updatePage } from "@/lib/status-pages/service";
import { UptimeCalendar } from "@/components/uptime-history/uptime-calendar";
import { proxy } from "@/proxy";
import { PUBLIC_CACHE_CONTROL } from "@/lib/cache/headers";
import { makePage, request } from "./fixtures";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12); // 24 Nov 2026, 21:00 in Tokyo
const OUTAGE = Date.UTC(2026, 8, 14, 20); // 14 Sep 20:00 UTC = 15 Sep 05:00 in Tokyo

let p: Awaited<ReturnType<typeof makePage>>;
let history: UptimeHistory;
let html: string;

beforeAll(async () => {
  p = await makePage();
  // The services have been watched for over a year, so every one of the twelve months has data.
  await p.db.updateTable("services").set({ created_at: NOW - 400 * DAY }).where("id", "in", [p.services.api.id, p.services.web.id]).execute();
  const page = await updatePage(p.db, p.accountId, p.page.id, { name: p.page.name, url: p.slug, cards: [{ name: "Core", services: [{ id: p.services.api.id }, { id: p.services.web.id }] }], timezone: "Asia/Tokyo" });
  const incident = await createIncident(p.db, p.accountId, { name: "Checkout <down>", severity: "CRITICAL", serviceIds: [p.services.api.id], update: { description: "Down.", publicIncidentUpdateDate: OUTAGE } });
  await addIncidentUpdate(p.db, p.accountId, incident.incident.id, { description: "Back.", status: "RESOLVED", publicIncidentUpdateDate: OUTAGE + 2 * 3_600_000 });
  history = await loadUptimeHistory(p.db, page, NOW);
  html = history.components.map((c) => renderToStaticMarkup(createElement(UptimeCalendar, { component: c, incidentNames: history.incidentNames }))).join("");
});

const cell = (day: string) => {
  const m = new RegExp(`<li class="[^"]*" data-day="${day}"[^>]*>`).exec(html);
  if (!m) throw new Error(`no cell for ${day}`);
  return m[0];
};

describe(`uptime history on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("has the card and its components, each with the last 12 months of Tokyo, oldest first", () => {
    expect(history.zone).toBe("Asia/Tokyo");
    expect(history.components.map((c) => [c.kind, c.name, c.children.map((x) => x.name)])).toEqual([["group", "Core", ["API", "Website"]]]);
    const months = history.components[0].children[0].months;
    expect(months.map((m) => m.key)).toEqual(["2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]);
    expect(months.at(-1)!.days.filter((d) => d !== null)).toHaveLength(24);
  });

  it("puts the outage on Tokyo's 15 September, coloured by its worst status, and names it", () => {
    expect(cell("2026-09-15")).toContain("s-MAJOR_OUTAGE bg-status");
    expect(cell("2026-09-14")).toContain("s-OPERATIONAL bg-status");
    expect(cell("2026-09-16")).toContain("s-OPERATIONAL bg-status");
    // the bars' own label: the day, its uptime and the incident's name, escaped
    expect(html).toMatch(/<li class="s-MAJOR_OUTAGE bg-status" data-day="2026-09-15"><span class="sr-only">15 September 2026: [^<]*91\.66% uptime[^<]*Checkout &lt;down&gt;<\/span>/);
    expect(html).not.toContain("<down>");
  });

  it("gives each month its percentage: September below 100 % for the API, every other month 100 %", () => {
    const api = history.components[0].children[0];
    const web = history.components[0].children[1];
    const september = api.months.find((m) => m.key === "2026-09")!;
    // 120 minutes down of 30 days
    expect(september.uptime).toBeCloseTo(100 * (1 - 120 / (30 * 1440)), 10);
    expect(api.months.filter((m) => m.key !== "2026-09").every((m) => m.uptime === 100)).toBe(true);
    expect(web.months.every((m) => m.uptime === 100)).toBe(true);
    expect(html).toMatch(/data-month="2026-09".*?99\.72% uptime/s);
  });

  it("computes the days exactly as the bars do", async () => {
    const page = (await p.db.selectFrom("status_pages").selectAll().where("id", "=", p.page.id).executeTakeFirstOrThrow());
    const bars = (await loadPageSnapshot(p.db, page, NOW)).components[0].days;
    const calendar = history.components[0].children[0].months.flatMap((m) => m.days).filter((d) => d !== null);
    expect(calendar.slice(-90)).toEqual(bars);
  });

  it("starts each month on its weekday and marks the days still to come", () => {
    // 1 Nov 2026 is a Sunday: the seventh column
    expect(cell("2026-11-01")).toContain("col-start-7");
    expect(cell("2026-11-25")).toContain("border-dashed");
    expect(html).toContain("25 November 2026: still to come");
  });

  it("leaves out months before anything on the page existed", async () => {
    const q = await makePage();
    await q.db.updateTable("services").set({ created_at: NOW - 40 * DAY }).where("id", "in", [q.services.api.id, q.services.web.id]).execute();
    const recent = await loadUptimeHistory(q.db, q.page, NOW);
    expect(recent.components[0].months.map((m) => m.key)).toEqual(["2026-10", "2026-11"]);
  });

  it("is served like the other page routes: shared-cacheable and tagged when public, on a custom domain too, 401 when locked", async () => {
    const pub = (await proxy(request(`http://localhost:3000/${p.slug}/uptime`)))!;
    expect(pub.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(pub.headers.get("x-heliograph-cache-tags")).toBe(`page:${p.page.id}`);
    expect((await proxy(request(`http://localhost:3000/${p.slug}/uptime?utm_source=x`)))!.status).toBe(308);

    const domain = `uptime-${Date.now()}.acme.test`;
    await updatePage(p.db, p.accountId, p.page.id, { name: p.page.name, url: p.slug, customDomain: domain, cards: [{ name: "Core", services: [{ id: p.services.api.id }] }] });
    const custom = (await proxy(request(`http://${domain}/uptime`, { host: domain })))!;
    expect(new URL(custom.headers.get("x-middleware-rewrite")!).pathname).toBe(`/${p.slug}/uptime`);

    const hidden = await makePage({ isPrivate: true, withKey: true });
    expect((await proxy(request(`http://localhost:3000/${hidden.slug}/uptime`)))!.status).toBe(401);
    const opened = (await proxy(request(`http://localhost:3000/${hidden.slug}/uptime`, { headers: { authorization: `Bearer ${hidden.key}` } })))!;
    expect(opened.status).not.toBe(401);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
  });
});
