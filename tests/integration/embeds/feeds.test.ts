import { beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ical, { type VEvent } from "node-ical";
import { readFeed } from "../../attack/read-feed";
import * as feedRss from "@/app/(status)/[site]/feed.rss/route";
import * as feedAtom from "@/app/(status)/[site]/feed.atom/route";
import * as historyRss from "@/app/(status)/[site]/history.rss/route";
import * as historyAtom from "@/app/(status)/[site]/history.atom/route";
import * as calendar from "@/app/(status)/[site]/maintenance.ics/route";
import { updatePage } from "@/lib/status-pages/service";
import { env } from "@/lib/env";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import { buildWorld, call, DAY, type World } from "./fixture";

let w: World;
let pageUrl: string;
beforeAll(async () => {
  w = await buildWorld();
  pageUrl = `${new URL(env.HELIOGRAPH_PUBLIC_URL).origin}/${w.page.url}`;
});

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" || name === "entry" || name === "link" });
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
// hostile request headers: links must still come from the page's configured address
const forged = { headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" } };

async function fetchXml(handler: typeof feedRss.GET, file: string) {
  const res = await call(handler, `/${w.page.url}/${file}`, { site: w.page.url }, forged);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  expect(text).not.toContain("evil.example");
  return { res, text, doc: parser.parse(text) };
}

describe(`feeds and calendar on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("RSS 2.0: required elements, one item per update and maintenance occurrence, canonical links", async () => {
    for (const handler of [feedRss.GET, historyRss.GET]) {
      const { res, text, doc } = await fetchXml(handler, "feed.rss");
      expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      expect(res.headers.get("x-heliograph-cache-tags")).toBe(`page:${w.page.id}`);
      const channel = doc.rss.channel;
      expect(doc.rss["@_version"]).toBe("2.0");
      expect(channel.title).toBe("Public & <Co> status");
      expect(asList(channel.link)[0]).toBe(pageUrl);
      expect(channel.description).toBe("Status of the public things");
      const items = asList<Record<string, unknown>>(channel.item);
      // 2 + 2 incident updates, 1 active window, 5 occurrences of the fortnightly one
      expect(items).toHaveLength(10);
      for (const item of items) {
        for (const field of ["title", "link", "guid", "pubDate", "description"]) expect(item[field], field).toBeTruthy();
        expect(String(asList(item.link)[0]).startsWith(pageUrl)).toBe(true);
        expect(Number.isNaN(Date.parse(String(item.pubDate)))).toBe(false);
      }
      const guids = items.map((i) => (i.guid as { "#text": string })["#text"]);
      expect(new Set(guids).size).toBe(items.length);
      const titles = items.map((i) => String(i.title));
      expect(titles).toContain("API errors <script>alert(1)</script>: Identified");
      expect(titles).toContain("Slow website: Resolved");
      expect(titles.filter((t) => t === "Scheduled maintenance: Weekly network maintenance")).toHaveLength(5);
      const incidentLinks = items.filter((i) => String(i.title).startsWith("API errors")).map((i) => asList(i.link)[0]);
      expect(incidentLinks).toEqual([`${pageUrl}/incidents/${w.open.incident.id}`, `${pageUrl}/incidents/${w.open.incident.id}`]);
      // markdown became sanitized HTML: no live tag or handler survives
      expect(text).not.toMatch(/<img[^>]*onerror/i);
      expect(text).toContain("<strong>investigating</strong>");
    }
  });

  it("Atom 1.0: required elements, escaped HTML titles, self links", async () => {
    for (const handler of [feedAtom.GET, historyAtom.GET]) {
      const { res, doc } = await fetchXml(handler, "feed.atom");
      expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      const feed = doc.feed;
      expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
      for (const field of ["id", "title", "updated", "author"]) expect(feed[field], field).toBeTruthy();
      const links = asList<Record<string, string>>(feed.link);
      expect(links.find((l) => l["@_rel"] === "self")?.["@_href"]).toBe(`${pageUrl}/feed.atom`);
      const entries = asList<Record<string, unknown>>(feed.entry);
      expect(entries).toHaveLength(10);
      for (const e of entries) {
        for (const field of ["id", "title", "updated", "link"]) expect(e[field], field).toBeTruthy();
        expect(asList(e.link as Record<string, string>[])[0]["@_href"].startsWith(pageUrl)).toBe(true);
      }
      // type="html" titles carry the name escaped, so a reader shows it as text
      expect(entries.every((e) => (e.title as Record<string, string>)["@_type"] === "html")).toBe(true);
      const title = readFeed(await (await call(handler, "/x", { site: w.page.url })).text()).entries.map((e) => e.title).find((t) => t.startsWith("API errors"));
      expect(title).toBe("API errors <script>alert(1)</script>: Identified");
    }
  });

  it("maintenance.ics parses with node-ical; the RRULE expands to exactly Heliograph's occurrences", async () => {
    const res = await call(calendar.GET, `/${w.page.url}/maintenance.ics`, { site: w.page.url }, forged);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    expect(text).not.toContain("evil.example");
    const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(events.map((e) => String(e.summary)).sort()).toEqual(["Database upgrade", "Weekly network maintenance"]);
    const single = events.find((e) => String(e.summary) === "Database upgrade")!;
    // iCalendar times have whole seconds
    const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;
    expect(single.start.getTime()).toBe(seconds(w.active.starts_at));
    expect(single.end!.getTime()).toBe(seconds(w.active.ends_at));
    expect(single.rrule).toBeUndefined();
    expect(String(single.description)).toContain("Affected: Database");

    const weekly = events.find((e) => String(e.summary) === "Weekly network maintenance")!;
    expect(weekly.rrule).toBeDefined();
    const from = new Date(w.now - DAY);
    const to = new Date(w.now + 400 * DAY);
    const expanded = ical.expandRecurringEvent(weekly, { from, to }).map((i) => i.start.getTime());
    const expected = occurrencesBetween(w.weekly, from.getTime(), to.getTime()).map((o) => o.startsAt);
    expect(expected).toHaveLength(5);
    expect(expanded).toEqual(expected);
  });

  it("feed links follow the custom domain when one is set", async () => {
    await updatePage(w.db, w.accountId, w.page.id, {
      name: w.page.name,
      url: w.page.url,
      customDomain: `status-${w.tag}.example.test`,
      cards: [{ name: "Core", services: [{ id: w.api.id }] }],
    });
    const { doc } = await fetchXml(feedRss.GET, "feed.rss");
    const origin = `${new URL(env.HELIOGRAPH_PUBLIC_URL).protocol}//status-${w.tag}.example.test`;
    expect(new URL(String(asList(doc.rss.channel.link)[0])).href).toBe(`${origin}/`);
    for (const item of asList<Record<string, unknown>>(doc.rss.channel.item)) expect(String(asList(item.link)[0]).startsWith(origin)).toBe(true);
  });
});
