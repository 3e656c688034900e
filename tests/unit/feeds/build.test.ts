import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { buildFeed, MAX_ENTRIES, xmlSafe } from "@/lib/feeds/build";
import { renderMarkdown } from "@/lib/markdown";
import { htmlText, readFeed } from "../../attack/read-feed";
import { DAY, HOUR, incident, NOW, PAGE_URL, page, snapshot, v3Incident } from "../statuspage-compat/snapshot";

const ctx = { pageUrl: PAGE_URL, renderMarkdown };
const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "item" || n === "entry" }).parse(xml);

describe("feeds", () => {
  const hostile = incident("h", "MAJOR", ["api"], [["INVESTIGATING", NOW - 2 * HOUR], ["RESOLVED", NOW - HOUR]], "Outage ]]> <b>bold</b> & \u0007bell");
  hostile.updates[0].description = "Fixed ]]> <script>alert(1)</script> [x](javascript:alert(1)) \u0000";
  const snap = snapshot({ page: page({ name: "Ex & <Co>" }), incidents: [hostile] });

  it("RSS: one item per update, newest first, hostile text kept as text and the XML well-formed", () => {
    const xml = buildFeed(snap, ctx, "rss");
    expect(XMLValidator.validate(xml)).toBe(true);
    const items = parse(xml).rss.channel.item;
    expect(items.map((i: { title: string }) => i.title)).toEqual(["Outage ]]> <b>bold</b> & bell: Resolved", "Outage ]]> <b>bold</b> & bell: Investigating"]);
    expect(items[0].link).toBe(`${PAGE_URL}/incidents/h`);
    expect(items[0].guid["#text"]).toBe(`${PAGE_URL}/incidents/h#update-h-u1`);
    const content = items[0]["content:encoded"];
    expect(htmlText(content)).toContain("Fixed ]]>");
    expect(content).not.toMatch(/<script|javascript:/);
    expect(xml).not.toMatch(/[\u0000\u0007]/);
  });

  it("Atom: entry titles are type=html and read back as the text written, entries carry id, updated and link", () => {
    const xml = buildFeed(snap, ctx, "atom");
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = parse(xml).feed;
    expect(feed.title).toBe("Ex & <Co> status");
    expect(feed.entry[0].title["@_type"]).toBe("html");
    expect(readFeed(xml).entries[0].title).toBe("Outage ]]> <b>bold</b> & bell: Resolved");
    expect(feed.entry[0].updated).toBe(new Date(NOW - HOUR).toISOString());
  });

  it("keeps the newest entries when a daily window would flood the feed", () => {
    const maintenance = Array.from({ length: 150 }, (_, i) => ({
      id: 1, name: "Daily", description: null, startsAt: NOW - i * DAY, endsAt: NOW - i * DAY + HOUR,
      serviceIds: "ALL" as const, showAffectedServices: true, createdAt: NOW - 200 * DAY, updatedAt: NOW - 200 * DAY,
      key: `1-${i}`, status: "COMPLETED" as const, updates: [], timezone: null, span: { from: NOW - i * DAY, to: NOW - i * DAY + HOUR },
    }));
    const items = parse(buildFeed(snapshot({ maintenance }), ctx, "rss")).rss.channel.item;
    expect(items).toHaveLength(MAX_ENTRIES);
    expect(items[0]["content:encoded"]).toContain("Affected: All services");
    expect(items[0].pubDate).toBe(new Date(NOW).toUTCString());
    expect(items.at(-1).pubDate).toBe(new Date(NOW - (MAX_ENTRIES - 1) * DAY).toUTCString());
  });

  it("names only this page's services, never another page's", () => {
    const shared = incident("s", "MINOR", ["api", "secret-svc"], [["INVESTIGATING", NOW - HOUR]]);
    const xml = buildFeed(snapshot({ incidents: [shared] }), ctx, "rss");
    expect(xml).toContain("Affected: API");
    expect(xml).not.toContain("SECRET-SVC");
  });

  it("names each affected component with what the incident does to it, v1 and v3 alike", () => {
    const v1 = incident("m", "MEDIUM", ["api"], [["INVESTIGATING", NOW - HOUR]]);
    const rss = buildFeed(snapshot({ incidents: [v1] }), ctx, "rss");
    expect(parse(rss).rss.channel.item[0].description).toBe("Investigating · Partial outage · API — Partial outage");
    const v3 = v3Incident(
      "v",
      [
        { componentId: "api", status: "MAJOR_OUTAGE", from: NOW - 2 * HOUR, to: NOW - HOUR },
        { componentId: "web", status: "DEGRADED_PERFORMANCE", from: NOW - 2 * HOUR, to: null },
        { componentId: "hidden", status: "MAJOR_OUTAGE", from: NOW - 2 * HOUR, to: null },
      ],
      [["INVESTIGATING", NOW - 2 * HOUR]],
    );
    const items = parse(buildFeed(snapshot({ incidents: [v3] }), ctx, "rss")).rss.channel.item;
    expect(items[0].description).toBe("Investigating · Major outage · API — Major outage, WEB — Degraded performance");
    expect(htmlText(items[0]["content:encoded"])).toContain("Affected: API — Major outage, WEB — Degraded performance");
    expect(JSON.stringify(items)).not.toContain("HIDDEN");
  });

  it("is byte-stable for the same snapshot (ETag)", () => {
    expect(buildFeed(snap, ctx, "rss")).toBe(buildFeed(snap, ctx, "rss"));
    expect(xmlSafe("a\u0000\ud800b")).toBe("ab");
  });
});
