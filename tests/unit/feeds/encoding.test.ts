import { describe, expect, it } from "vitest";
import { buildFeed, type FeedFormat } from "@/lib/feeds/build";
import { xmlSafe } from "@/lib/feeds/text";
import { renderMarkdown } from "@/lib/markdown";
import { XSS_PAYLOADS } from "../../attack/xss-payloads";
import { normalHtml, readFeed } from "../../attack/read-feed";
import { unsafeHtml } from "../../attack/inspect-html";
import { HOUR, incident, NOW, PAGE_URL, page, snapshot } from "../statuspage-compat/snapshot";

const ctx = { pageUrl: PAGE_URL, renderMarkdown };
const FORMATS: FeedFormat[] = ["rss", "atom"];

function hostileSnapshot(text: string) {
  const inc = incident("h", "MAJOR", ["api"], [["INVESTIGATING", NOW - 2 * HOUR]], text);
  inc.updates[0].description = text;
  const window = {
    id: 1, name: text, description: text, startsAt: NOW - HOUR, endsAt: NOW + HOUR,
    serviceIds: "ALL" as const, showAffectedServices: true, createdAt: NOW - 2 * HOUR, updatedAt: NOW - 2 * HOUR,
    key: "1-window", status: "IN_PROGRESS" as const, updates: [], timezone: null, span: { from: NOW - HOUR, to: NOW },
  };
  return snapshot({ page: page({ name: text, description: text }), incidents: [inc], maintenance: [window] });
}

describe.each(FORMATS)("%s: what a reader shows", (format) => {
  it("a name with ']]>' twice stays well-formed, one title, and reads back as written", () => {
    const name = "x]]></title><link>https://evil.example/</link><title> and ]]>]]><title>injected</title>";
    const read = readFeed(buildFeed(hostileSnapshot(name), ctx, format));
    expect(read.entries.map((e) => e.title).sort()).toEqual([`${name}: Investigating`, `Scheduled maintenance: ${name}`].sort());
    expect(read.title).toBe(`${name} status`);
  });

  it("the page description reads as the text written, not as HTML (RSS channel description as much as the items)", () => {
    const description = `Ops & <b>status</b> &lt;i&gt; &amp;amp;`;
    const read = readFeed(buildFeed(snapshot({ page: page({ description }) }), ctx, format));
    expect(read.description).toBe(description);
  });

  it("entry content is the sanitised markdown HTML", () => {
    const md = "Fixed ]]> twice ]]> & **bold** [x](https://e.example/?a=1&b=]]>) &amp; <script>alert(1)</script>";
    const read = readFeed(buildFeed(hostileSnapshot(md), ctx, format));
    const update = read.entries.find((e) => e.title.endsWith("Investigating"))!;
    expect(update.contentHtml).toContain("<strong>bold</strong>");
    expect(normalHtml(update.contentHtml)).toContain(normalHtml(renderMarkdown(md)));
  });

  it(`every payload of the XSS corpus (${XSS_PAYLOADS.length}) as page, incident, update and maintenance text`, () => {
    for (const payload of XSS_PAYLOADS) {
      const read = readFeed(buildFeed(hostileSnapshot(payload), ctx, format));
      const shown = xmlSafe(payload);
      expect(read.title, payload).toBe(`${shown} status`);
      expect(read.description, payload).toBe(shown);
      expect(read.entries.map((e) => e.title).sort(), payload).toEqual([`${shown}: Investigating`, `Scheduled maintenance: ${shown}`].sort());
      for (const e of read.entries) {
        expect(unsafeHtml(e.contentHtml), payload).toEqual([]);
        expect(normalHtml(e.contentHtml), payload).toContain(normalHtml(xmlSafe(renderMarkdown(payload))));
      }
    }
  });
});
