/** Feeds print times in the page's zone, named, and declare the page's language. */
import { describe, expect, it } from "vitest";
import { buildFeed } from "@/lib/feeds/build";
import { renderMarkdown } from "@/lib/markdown";
import type { PageMaintenance } from "@/lib/public-page/maintenance";
import { htmlText, readFeed } from "../../attack/read-feed";
import { HOUR, incident, NOW, PAGE_URL, page, snapshot } from "../statuspage-compat/snapshot";

const ctx = { pageUrl: PAGE_URL, renderMarkdown };
// NOW is 21 Nov 2026 12:00 UTC: 21:00 in Tokyo; the maintenance at 16:00–18:00 UTC is 01:00–03:00 on the 22nd there.
const maintenance: PageMaintenance[] = [
  { id: 1, key: "1-upgrade", name: "Upgrade", description: null, startsAt: NOW + 4 * HOUR, endsAt: NOW + 6 * HOUR, serviceIds: "ALL", showAffectedServices: true, createdAt: NOW, updatedAt: NOW, status: "SCHEDULED", updates: [], timezone: null, span: null },
];
/** Every entry's body as a reader shows it. */
const read = (xml: string) => readFeed(xml).entries.map((e) => htmlText(e.contentHtml)).join("\n");
const snap = (timezone: string, locale: "en" | "ja" = "en") =>
  snapshot({ page: page({ timezone, locale }), incidents: [incident("i", "MAJOR", ["api"], [["INVESTIGATING", NOW - HOUR]])], maintenance });

describe("feeds in the page's zone", () => {
  it("a Tokyo page's entries say 20:00 GMT+9 and 01:00 – 03:00 GMT+9 on the 22nd; pubDate stays an absolute instant", () => {
    for (const format of ["rss", "atom"] as const) {
      const xml = buildFeed(snap("Asia/Tokyo"), ctx, format);
      const text = read(xml);
      expect(text).toContain("21 Nov 2026, 20:00 GMT+9");
      expect(text).toContain("22 Nov 2026, 01:00 – 03:00 GMT+9");
      expect(text).not.toContain("(UTC)");
    }
    expect(buildFeed(snap("Asia/Tokyo"), ctx, "rss")).toContain(`<pubDate>${new Date(NOW - HOUR).toUTCString()}</pubDate>`);
  });

  it("a Berlin page names CET; a UTC page UTC", () => {
    expect(read(buildFeed(snap("Europe/Berlin"), ctx, "rss"))).toContain("21 Nov 2026, 12:00 CET");
    expect(read(buildFeed(snap("UTC"), ctx, "rss"))).toContain("21 Nov 2026, 16:00 – 18:00 UTC");
  });

  it("declares the page's language", () => {
    expect(buildFeed(snap("Asia/Tokyo", "ja"), ctx, "rss")).toContain("<language>ja</language>");
  });
});
