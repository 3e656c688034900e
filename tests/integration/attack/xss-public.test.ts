/**
 * The public half of the standing XSS corpus: every payload as every text a visitor reads, through every route
 * handler that writes it (in-process), each answer parsed as its format (HTML as a DOM, SVG and feeds as XML, JSON,
 * iCalendar, the OG image's React tree). Chromium checks the pages: tests/e2e/attack/xss-browser.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import ical, { type VEvent } from "node-ical";
import * as widget from "@/app/(status)/[site]/embed/route";
import * as script from "@/app/(status)/[site]/embed.js/route";
import * as pageSvg from "@/app/(status)/[site]/badge.svg/route";
import * as pageJson from "@/app/(status)/[site]/badge.json/route";
import * as serviceSvg from "@/app/(status)/[site]/services/[serviceId]/badge.svg/route";
import * as serviceJson from "@/app/(status)/[site]/services/[serviceId]/badge.json/route";
import * as uptimeSvg from "@/app/(status)/[site]/services/[serviceId]/uptime/[window]/badge.svg/route";
import * as uptimeJson from "@/app/(status)/[site]/services/[serviceId]/uptime/[window]/badge.json/route";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import * as status from "@/app/(status)/[site]/api/v2/status.json/route";
import * as components from "@/app/(status)/[site]/api/v2/components.json/route";
import * as incidents from "@/app/(status)/[site]/api/v2/incidents.json/route";
import * as unresolved from "@/app/(status)/[site]/api/v2/incidents/unresolved.json/route";
import * as maintenances from "@/app/(status)/[site]/api/v2/scheduled-maintenances.json/route";
import * as activeMaintenances from "@/app/(status)/[site]/api/v2/scheduled-maintenances/active.json/route";
import * as upcomingMaintenances from "@/app/(status)/[site]/api/v2/scheduled-maintenances/upcoming.json/route";
import * as feedRss from "@/app/(status)/[site]/feed.rss/route";
import * as feedAtom from "@/app/(status)/[site]/feed.atom/route";
import * as historyRss from "@/app/(status)/[site]/history.rss/route";
import * as historyAtom from "@/app/(status)/[site]/history.atom/route";
import * as calendar from "@/app/(status)/[site]/maintenance.ics/route";
import * as pageOg from "@/app/(status)/[site]/og.png/route";
import { cleanText } from "@/lib/badges/render";
import { xmlSafe } from "@/lib/feeds/text";
import { renderMarkdown } from "@/lib/markdown";
import { incidentImageElement, pageImageElement } from "@/lib/og/render";
import { ogText, pngSize } from "@/lib/og/text";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { testDb } from "../../setup/db";
import { call } from "../embeds/fixture";
import { XSS_PAYLOADS } from "../../attack/xss-payloads";
import { unsafeHtml } from "../../attack/inspect-html";
import { unsafeSvg, svgTitle } from "../../attack/inspect-svg";
import { normalHtml, readFeed } from "../../attack/read-feed";
import { ogTexts } from "../../attack/og-text";
import { buildXssWorld, type PayloadPage } from "./xss-world";

let pages: PayloadPage[];
let checks = 0;
beforeAll(async () => {
  pages = await buildXssWorld();
}, 120_000);

const get = async (handler: typeof widget.GET, p: PayloadPage, path: string, extra: Record<string, string> = {}) => {
  const res = await call(handler, `/${p.slug}/${path}`, { site: p.slug, ...extra });
  expect(res.status, `${path} of ${p.payload}`).toBe(200);
  checks++;
  return res;
};

/** A property's TEXT values read by RFC 5545 alone: lines unfolded, then \\ \; \, \n unescaped. */
const icsTexts = (ics: string, name: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((l) => l.startsWith(`${name}:`))
    .map((l) => l.slice(name.length + 1).replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c)));

/** Every string anywhere in a JSON value. */
const strings = (v: unknown): string[] => (typeof v === "string" ? [v] : v && typeof v === "object" ? Object.values(v).flatMap(strings) : []);

// thousands of renders per test: generous limits for a loaded machine
describe(`XSS corpus (${XSS_PAYLOADS.length} payloads) through the public outputs on ${process.env.HELIOGRAPH_TEST_STORE}`, { timeout: 240_000 }, () => {
  it("the widget: no script, no handler, no script URL; names shown as text", async () => {
    for (const p of pages) {
      const html = await (await get(widget.GET, p, "embed")).text();
      expect(unsafeHtml(html), p.payload).toEqual([]);
      expect(normalHtml(html), p.payload).toContain(normalHtml(`<title>${p.name.replace(/&/g, "&amp;").replace(/</g, "&lt;")} status</title>`));
    }
  });

  it("embed.js: the same inert bytes for every page, never a page's text", async () => {
    const bodies = new Set<string>();
    for (const p of pages) bodies.add(await (await get(script.GET, p, "embed.js")).text());
    expect(bodies.size).toBe(1);
    const [body] = bodies;
    expect(() => new Function(body)).not.toThrow();
    // it writes what it fetches with textContent only: no HTML sink
    expect(body).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
  });

  it("badges: SVG well-formed with nothing active, labels as text; badge JSON round-trips", async () => {
    for (const p of pages) {
      const service = { serviceId: p.serviceId };
      const [page, svc, uptime] = await Promise.all([
        get(pageSvg.GET, p, "badge.svg"),
        get(serviceSvg.GET, p, `services/${p.serviceId}/badge.svg`, service),
        get(uptimeSvg.GET, p, `services/${p.serviceId}/uptime/30d/badge.svg`, { ...service, window: "30d" }),
      ]).then((all) => Promise.all(all.map((r) => r.text())));
      for (const svg of [page, svc, uptime]) expect(unsafeSvg(svg), p.payload).toEqual([]);
      expect(svgTitle(svc).startsWith(`${cleanText(p.name)}: `), p.payload).toBe(true);
      const [pageBadge, serviceBadge, uptimeBadge] = await Promise.all([
        get(pageJson.GET, p, "badge.json"),
        get(serviceJson.GET, p, `services/${p.serviceId}/badge.json`, service),
        get(uptimeJson.GET, p, `services/${p.serviceId}/uptime/30d/badge.json`, { ...service, window: "30d" }),
      ]).then((all) => Promise.all(all.map((r) => r.json())));
      for (const body of [pageBadge, serviceBadge, uptimeBadge]) expect(JSON.parse(JSON.stringify(body))).toEqual(body);
      expect(serviceBadge.label, p.payload).toBe(cleanText(p.name));
    }
  });

  it("Statuspage JSON: parses, and every name and body comes back exactly as written", async () => {
    const routes = { summary, status, components, incidents, unresolved, maintenances, activeMaintenances, upcomingMaintenances };
    const paths: Record<keyof typeof routes, string> = {
      summary: "api/v2/summary.json", status: "api/v2/status.json", components: "api/v2/components.json", incidents: "api/v2/incidents.json",
      unresolved: "api/v2/incidents/unresolved.json", maintenances: "api/v2/scheduled-maintenances.json",
      activeMaintenances: "api/v2/scheduled-maintenances/active.json", upcomingMaintenances: "api/v2/scheduled-maintenances/upcoming.json",
    };
    for (const p of pages) {
      const keys = Object.keys(routes) as (keyof typeof routes)[];
      const bodies = await Promise.all(keys.map(async (key) => (await get(routes[key].GET, p, paths[key])).json()));
      for (const [i, key] of keys.entries()) {
        expect(bodies[i].page.name, `${key}: ${p.payload}`).toBe(p.name);
        if (key !== "status") expect(strings(bodies[i]), `${key}: ${p.payload}`).toContain(p.name);
      }
      const s = await (await get(summary.GET, p, "api/v2/summary.json")).json();
      expect(s.incidents[0].incident_updates[0].body).toBe(p.text.trim());
      expect(s.scheduled_maintenances[0].incident_updates.map((u: { body: string }) => u.body)).toContain(p.text);
    }
  });

  it("RSS and Atom (current and history): well-formed, each title reads as written, content sanitised", async () => {
    const feeds = { "feed.rss": feedRss, "feed.atom": feedAtom, "history.rss": historyRss, "history.atom": historyAtom };
    for (const p of pages) {
      const name = xmlSafe(p.name);
      const markdown = normalHtml(xmlSafe(renderMarkdown(p.text.trim())));
      const xml = await Promise.all(Object.entries(feeds).map(async ([path, route]) => [path, await (await get(route.GET, p, path)).text()] as const));
      for (const [path, body] of xml) {
        const feed = readFeed(body);
        expect(feed.title, `${path}: ${p.payload}`).toBe(`${name} status`);
        if (path.startsWith("feed")) expect(feed.description, `${path}: ${p.payload}`).toBe(xmlSafe(p.text));
        expect(feed.entries.length).toBeGreaterThan(0);
        for (const e of feed.entries) {
          expect([`${name}: Investigating`, `Scheduled maintenance: ${name}`], `${path}: ${p.payload}`).toContain(e.title);
          expect(unsafeHtml(e.contentHtml), `${path}: ${p.payload}`).toEqual([]);
        }
        const update = feed.entries.find((e) => e.title.endsWith(": Investigating"));
        if (update) expect(normalHtml(update.contentHtml), `${path}: ${p.payload}`).toContain(markdown);
      }
    }
  });

  it("maintenance.ics: parses with node-ical and every SUMMARY is the window's name", async () => {
    for (const p of pages) {
      const text = await (await get(calendar.GET, p, "maintenance.ics")).text();
      const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
      expect(events, p.payload).toHaveLength(2);
      for (const e of events) {
        // node-ical drops quotes around a whole TEXT value (RFC 5545 has none); the exact value is checked below
        expect(String(e.summary), p.payload).toBe(p.name.replace(/^"(.*)"$/s, "$1"));
      }
      expect(icsTexts(text, "SUMMARY"), p.payload).toEqual([p.name, p.name]);
      for (const description of icsTexts(text, "DESCRIPTION")) expect(description.startsWith(p.text), p.payload).toBe(true);
    }
  });

  it("OG image: the texts handed to next/og are plain strings, cut to what the font draws", async () => {
    const db = await testDb();
    for (const p of pages) {
      const page = (await findPageBySlug(db, p.slug))!;
      const snap = await loadPageSnapshot(db, page);
      const view = (await loadIncidentForPage(db, page, p.incidentId))!;
      for (const element of [await pageImageElement(snap, "https://status.example.com"), await incidentImageElement(page, view, "https://status.example.com")]) {
        const { texts, problems } = ogTexts(element);
        expect(problems, p.payload).toEqual([]);
        expect(texts, p.payload).toContain(ogText(p.name, 40));
        checks++;
      }
    }
    // and the route draws it: one real PNG from the hostile data
    const res = await get(pageOg.GET, pages[0], "og.png");
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    console.log(`XSS corpus: ${XSS_PAYLOADS.length} payloads, ${checks} outputs parsed and checked on ${process.env.HELIOGRAPH_TEST_STORE}`);
  });
});
