/**
 * Real consumers against a running production server with the demo page: the statuspage.io npm
 * client, a feed reader's parser, a calendar parser, a link-preview crawler, shields' schema — plus
 * the headers as they leave the server (compression, 304, framing) and a private page through all.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Statuspage } from "statuspage.io";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ical, { type VEvent } from "node-ical";
import {
  SpComponentsResponse,
  SpIncidentsResponse,
  SpMaintenancesResponse,
  SpStatusResponse,
  SpSummaryResponse,
} from "@/lib/statuspage-compat/schema";
import { pngSize } from "@/lib/og/text";
import { ShieldsEndpointSchema } from "../unit/badges/shields-schema";
import { api, raw } from "./cache-helpers";
import { startServer, type RunningServer } from "./harness";

let server: RunningServer;
let key: string;
let privateSlug: string;
let pageKey: string;

beforeAll(async () => {
  server = await startServer();
  key = server.apiKey()!;
  const services = await api<{ entries: { id: string; name: string }[] }>(server.url, key, "GET", "/v1/status-pages/services?limit=100");
  const dns = services.json.entries.find((s) => s.name === "DNS")!;
  const priv = await api<{ id: string; url: string }>(server.url, key, "POST", "/v1/status-pages", {
    name: "Hidden Ops", url: "hidden-ops", isPrivate: true, cards: [{ name: "Secret card", services: [{ id: dns.id }] }],
  });
  expect(priv.status).toBe(201);
  privateSlug = priv.json.url;
  pageKey = (await api<{ key: string }>(server.url, key, "POST", `/v1/status-pages/${priv.json.id}/keys`, {})).json.key;
});
afterAll(async () => {
  await server?.stop();
});

describe("a real Statuspage client reads the demo page", () => {
  it("summary, status, components, incidents and maintenances through statuspage.io", async () => {
    const client = new Statuspage("acme");
    client.setApiUrl(`${server.url}/acme`);

    const summary = SpSummaryResponse.parse(await client.api.getSummary());
    expect(summary.page).toMatchObject({ name: "Acme Cloud", url: `${server.url}/acme` });
    // the demo's open MEDIUM incident: partial outage, impact major
    expect(summary.status).toEqual({ indicator: "major", description: "Partial System Outage" });
    expect(summary.incidents.map((i) => [i.impact, i.components.map((c) => c.name)])).toEqual([["major", ["Analytics pipeline"]]]);
    expect(summary.scheduled_maintenances.map((m) => m.status)).toEqual(["scheduled"]);

    const status = SpStatusResponse.parse(await client.api.getStatus());
    expect(status.status.indicator).toBe("major");
    const components = SpComponentsResponse.parse(await client.api.getComponents());
    expect(components.components.filter((c) => c.group).map((c) => c.name)).toEqual(["Core platform", "Data", "Edge & delivery"]);
    expect(components.components.filter((c) => !c.group)).toHaveLength(10);
    expect(components.components.find((c) => c.name === "Analytics pipeline")!.status).toBe("partial_outage");

    const all = SpIncidentsResponse.parse(await client.api.incidents.getAll());
    expect(all.incidents.length).toBeGreaterThanOrEqual(13);
    expect(all.incidents.filter((i) => i.status !== "resolved")).toHaveLength(1);
    const unresolved = SpIncidentsResponse.parse(await client.api.incidents.getUnresolved());
    expect(unresolved.incidents).toHaveLength(1);

    const maint = SpMaintenancesResponse.parse(await client.api.scheduledMaintenances.getAll());
    expect(maint.scheduled_maintenances.length).toBeGreaterThanOrEqual(1);
    const upcoming = SpMaintenancesResponse.parse(await client.api.scheduledMaintenances.getUpcoming());
    expect(upcoming.scheduled_maintenances.every((m) => m.status === "scheduled")).toBe(true);
    // statuspage.io 3.3.8's getActive() requests upcoming.json (a bug in the client); read active.json directly too
    SpMaintenancesResponse.parse(await client.api.scheduledMaintenances.getActive());
    const active = await raw(server.url, "/acme/api/v2/scheduled-maintenances/active.json");
    expect(SpMaintenancesResponse.parse(JSON.parse(active.text)).scheduled_maintenances).toEqual([]);
  });

  it("JSON leaves the server compressed, with CORS, Vary and a working 304", async () => {
    const first = await raw(server.url, "/acme/api/v2/summary.json", { "accept-encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(first.headers["access-control-allow-origin"]).toBe("*");
    expect(String(first.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=5/);
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await raw(server.url, "/acme/api/v2/summary.json", { "if-none-match": etag, "accept-encoding": "gzip" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe("badges, feeds, calendar and link previews of the demo page", () => {
  it("badge SVG and shields JSON", async () => {
    const svg = await raw(server.url, "/acme/badge.svg?style=for-the-badge");
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers["content-security-policy"]).toContain("default-src 'none'; style-src 'unsafe-inline'");
    expect(XMLValidator.validate(svg.text)).toBe(true);
    expect(svg.text).toContain("PARTIAL OUTAGE");
    const json = await raw(server.url, "/acme/badge.json");
    expect(ShieldsEndpointSchema.parse(JSON.parse(json.text))).toMatchObject({ message: "partial outage", color: "orange" });
  });

  it("a feed reader and a calendar parse the feeds and the .ics", async () => {
    const rss = await raw(server.url, "/acme/history.rss");
    expect(XMLValidator.validate(rss.text)).toBe(true);
    const channel = new XMLParser().parse(rss.text).rss.channel;
    expect(channel.title).toBe("Acme Cloud status");
    expect(channel.item.length).toBeGreaterThan(30); // 13 incidents with 2-4 updates each, and the maintenance
    expect(channel.item.every((i: { link: string }) => i.link.startsWith(`${server.url}/acme`))).toBe(true);
    const atom = await raw(server.url, "/acme/feed.atom");
    expect(new XMLParser().parse(atom.text).feed.entry.length).toBe(channel.item.length);
    const ics = await raw(server.url, "/acme/maintenance.ics");
    const events = Object.values(ical.sync.parseICS(ics.text)).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(events.length).toBeGreaterThanOrEqual(1);
  });

  it("a link preview finds og:image on the page and incident, and both are 1200×630 PNGs", async () => {
    const html = (await raw(server.url, "/acme")).text;
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og).toBe(`${server.url}/acme/og.png`);
    const image = await raw(server.url, "/acme/og.png");
    expect(image.headers["content-type"]).toBe("image/png");
    expect(pngSize(image.body)).toEqual({ width: 1200, height: 630 });
    const incidents = await api<{ entries: { id: string; lastUpdateStatus: string }[] }>(server.url, key, "GET", "/v1/status-pages/incidents?limit=100");
    const open = incidents.json.entries.find((i) => i.lastUpdateStatus !== "RESOLVED")!;
    const incidentHtml = (await raw(server.url, `/acme/incidents/${open.id}`)).text;
    expect(incidentHtml).toContain(`<meta property="og:image" content="${server.url}/acme/incidents/${open.id}/og.png"`);
    expect(pngSize((await raw(server.url, `/acme/incidents/${open.id}/og.png`)).body)).toEqual({ width: 1200, height: 630 });
  });

  it("only the widget may be framed; embed.js is small", async () => {
    const page = await raw(server.url, "/acme");
    expect(String(page.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    for (const path of ["/acme/badge.svg", "/acme/api/v2/summary.json", "/acme/history", "/"]) {
      expect(String((await raw(server.url, path)).headers["content-security-policy"]), path).toContain("frame-ancestors 'none'");
    }
    const widget = await raw(server.url, "/acme/embed");
    expect(widget.status).toBe(200);
    expect(String(widget.headers["content-security-policy"])).toContain("frame-ancestors *");
    expect(String(widget.headers["content-security-policy"])).not.toContain("frame-ancestors 'none'");
    expect(widget.headers["x-frame-options"]).toBeUndefined();
    const js = await raw(server.url, "/acme/embed.js");
    const gz = gzipSync(js.text, { level: 9 }).length;
    console.log(`embed.js over HTTP: ${js.text.length} bytes, ${gz} bytes gzipped`);
    expect(gz).toBeLessThan(5 * 1024);
  });
});

describe("on a custom domain the same paths work without the slug", () => {
  it("badge, JSON, feed and a frameable /embed, with links on the custom domain", async () => {
    const services = await api<{ entries: { id: string; name: string }[] }>(server.url, key, "GET", "/v1/status-pages/services?limit=100");
    const cdn = services.json.entries.find((s) => s.name === "CDN")!;
    const created = await api(server.url, key, "POST", "/v1/status-pages", { name: "Edge Co", url: "edge-co", customDomain: "status.edge.test", cards: [{ name: "Edge", services: [{ id: cdn.id }] }] });
    expect(created.status).toBe(201);
    const host = { host: "status.edge.test" };
    const badge = await raw(server.url, "/badge.svg", host);
    expect(badge.status).toBe(200);
    expect(badge.text).toContain("all systems operational");
    const summary = SpSummaryResponse.parse(JSON.parse((await raw(server.url, "/api/v2/summary.json", host)).text));
    expect(summary.page.url).toBe("http://status.edge.test");
    const widget = await raw(server.url, "/embed", host);
    expect(widget.status).toBe(200);
    expect(String(widget.headers["content-security-policy"])).toContain("frame-ancestors *");
    expect(widget.headers["x-frame-options"]).toBeUndefined();
    expect(widget.text).toContain('href="http://status.edge.test"');
    const rss = await raw(server.url, "/feed.rss", host);
    expect(rss.status).toBe(200);
    expect(new XMLParser().parse(rss.text).rss.channel.link).toBe("http://status.edge.test/");
  });
});

describe("a private page leaks through none of them", () => {
  const paths = [
    "badge.svg", "badge.json", "api/v2/summary.json", "api/v2/status.json", "api/v2/components.json", "api/v2/incidents.json",
    "api/v2/incidents/unresolved.json", "api/v2/scheduled-maintenances.json", "api/v2/scheduled-maintenances/upcoming.json",
    "api/v2/scheduled-maintenances/active.json", "feed.rss", "feed.atom", "history.rss", "history.atom", "maintenance.ics", "og.png", "embed", "embed.js",
  ];
  it.each(paths)("%s: 401 twice without the key (never served from a cache), 200 private with it", async (path) => {
    for (let i = 0; i < 2; i++) {
      const r = await raw(server.url, `/${privateSlug}/${path}`);
      expect(r.status).toBe(401);
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(r.text).not.toContain("Hidden Ops");
      expect(r.text).not.toContain("Secret card");
    }
    const ok = await raw(server.url, `/${privateSlug}/${path}?key=${encodeURIComponent(pageKey)}`);
    expect(ok.status).toBe(200);
    expect(ok.headers["cache-control"]).toBe("private, no-store");
    expect(ok.headers["x-robots-tag"]).toBe("noindex");
    const after = await raw(server.url, `/${privateSlug}/${path}`);
    expect(after.status).toBe(401); // the keyed answer was not kept for others
  });
});
