/**
 * The status page as lib/static-pages renders it, on both stores: a whole document of markup with
 * no RSC payload, the head's metadata, the islands' data (written as JSON that nothing a page says can break
 * out of), and the locked page of a private one.
 */
import { createElement, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HomePage, barsHrefOf } from "@/components/pages/home-page";
import { StaticDocument } from "@/components/pages/static-document";
import { createIncident } from "@/lib/incidents/service";
import { pageMeta, siteTitle } from "@/lib/public-page/metadata";
import { loadRecentSnapshot } from "@/lib/public-page/load";
import { ServiceCard } from "@/components/service-card/service-card";
import { createStaticPages } from "@/lib/static-pages/render";
import { loadPageSnapshot } from "@/lib/public-page/load";
import type { Site } from "@/lib/public-page/site";
import { findPageById } from "@/lib/status-pages/queries";
import { updatePage } from "@/lib/status-pages/service";
import { PAGE_DATA_ID } from "@/components/islands/page-data";
import { makePage, openIncident } from "./fixtures";

const assets = { css: ["/_next/static/chunks/app.css"], islands: "/_next/static/heliograph/islands-T.js" };
const pages = createStaticPages(assets);
const HOSTILE = `</script><script>alert(1)</script><!--`;

async function siteOf(p: Awaited<ReturnType<typeof makePage>>, access = true): Promise<Site> {
  const page = (await findPageById(p.db, p.page.id))!;
  return { page, base: `/${p.slug}`, address: `http://localhost:3000/${p.slug}`, access, locale: "en", query: "" };
}

const islandData = (html: string) => {
  const m = html.match(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`, "s"));
  return m ? JSON.parse(m[1]) : undefined;
};

describe(`the statically rendered status page on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("is one document of markup: head metadata, the stylesheet, one module script, islands with their data", async () => {
    const p = await makePage({ name: `Acme ${HOSTILE}`, description: `Live ${HOSTILE}` });
    await openIncident(p.db, p.accountId, [p.services.api.id], `Checkout ${HOSTILE}`);
    const site = await siteOf(p);
    const html = pages.home(site, await loadPageSnapshot(p.db, site.page)).toString("utf8");

    expect(html.startsWith('<!DOCTYPE html><html lang="en"')).toBe(true);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/app.css"');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/${p.slug}"/>`);
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000/${p.slug}/og.png"/>`);
    expect(html).toContain(`href="http://localhost:3000/${p.slug}/feed.rss"`);
    // The only scripts: the theme's two inline ones, the islands module, the islands' JSON. No framework payload.
    expect(html).not.toContain("__next_f");
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.filter((s) => s.includes("src=")).map((s) => s.match(/src="([^"]+)"/)![1])).toEqual(["/_next/static/heliograph/islands-T.js"]);
    expect(scripts).toHaveLength(4);
    // Nothing the operator wrote comes out as markup, in the body, the head or the JSON.
    expect(html).not.toContain("<script>alert(1)");
    expect(html.split("</script>").length - 1).toBe(4);

    const data = islandData(html);
    expect(data).toMatchObject({ storageKey: `hg-theme:${p.slug}`, defaultTheme: "system", locale: "en", zone: "UTC" });
    expect(Object.keys(data.messages)).toEqual(["client"]);

    // The islands: the theme toggle's slot and the live line with its props beside it.
    expect(html).toContain('data-island="theme-toggle"');
    const props = JSON.parse(
      html
        .match(/data-island="live-refresh" data-props="([^"]+)"/)![1]
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
    );
    expect(props).toMatchObject({ jsonUrl: `/${p.slug}/api/v2/summary.json`, intervalMs: expect.any(Number), renderedAt: expect.any(Number) });
    // Times carry what the browser needs to show them in the visitor's zone.
    expect(html).toMatch(/<time dateTime="[^"]+" title="[^"]+" data-local="datetime">/);
  });

  it("puts the kept cards' bytes where React would have drawn them, multibyte text included, the same at every render", async () => {
    const p = await makePage({ name: "Zürich – 東京 <status>" });
    // Two cards (the splice has several places to fill), the first named in several scripts.
    const cards = [{ name: "Core – 中核", services: [{ id: p.services.api.id }, { id: p.services.web.id }] }, { name: "Edge", services: [{ id: p.services.api.id }] }];
    await updatePage(p.db, p.accountId, p.page.id, { name: p.page.name, url: p.slug, cards });
    await openIncident(p.db, p.accountId, [p.services.api.id], "Latency – 遅延 🚧");
    const site = await siteOf(p);
    const snap = await loadPageSnapshot(p.db, site.page);
    const first = pages.home(site, snap);
    // The second render takes every card from the memo.
    const again = pages.home(site, snap);
    expect(again.equals(first)).toBe(true);
    const html = first.toString("utf8");
    expect(Buffer.byteLength(html)).toBe(first.length);
    expect(html).not.toContain("hg-part-");
    // Each card as React draws it inline (no memo, no splice) is in the document as it is, after the page's
    // multibyte name and before the incident's: a splice at character instead of byte offsets would cut them.
    expect(snap.entries.length).toBeGreaterThan(1);
    const drawn = snap.entries.map((entry) => html.indexOf(renderToString(createElement(ServiceCard, { entry, barsHref: barsHrefOf(site), locale: site.locale }))));
    expect(drawn.every((at) => at > html.indexOf("東京"))).toBe(true);
    expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
    expect(html.lastIndexOf("遅延 🚧")).toBeGreaterThan(drawn.at(-1)!);
  });

  it("is, with its kept cards and past incidents' lines, the document React draws whole", async () => {
    const p = await makePage({ name: "Zürich – 東京", timezone: "Asia/Tokyo" });
    const DAY = 86_400_000;
    const now = Date.now();
    const past = async (name: string, daysAgo: number, serviceIds: string[]) =>
      createIncident(p.db, p.accountId, { name, severity: "MINOR", serviceIds, update: { description: "x", status: "RESOLVED", publicIncidentUpdateDate: now - daysAgo * DAY } });
    await past("Latency – 遅延 <b>", 1, [p.services.api.id]);
    await past("Web errors", 1, [p.services.web.id, p.services.api.id]);
    await past("DNS 🚧", 5, [p.services.web.id]);
    await openIncident(p.db, p.accountId, [p.services.api.id], "Still open");
    const site = await siteOf(p);
    const snap = await loadRecentSnapshot(p.db, site.page);
    const drawn = `<!DOCTYPE html>${renderToString(
      // (children passed as createElement's argument, as JSX would; the props' type requires them)
      createElement(StaticDocument, { site, meta: pageMeta(site, { title: siteTitle(site.page), path: "" }), assets } as ComponentProps<typeof StaticDocument>, createElement(HomePage, { site, snap })),
    )}`;
    // Twice: the first render draws and keeps the parts, the second takes them all from the memos.
    for (const render of [1, 2]) expect(pages.home(site, snap).toString("utf8"), `render ${render}`).toBe(drawn);
    expect(drawn).toContain("Latency – 遅延 &lt;b&gt;");
    expect(drawn.match(/data-incident=/g)).toHaveLength(5);
  });

  it("a private page the visitor has not unlocked: the unlock form, nothing of the page, not indexed", async () => {
    const p = await makePage({ isPrivate: true, password: "correct horse" });
    await openIncident(p.db, p.accountId, [p.services.api.id], "Secret outage");
    const site = await siteOf(p, false);
    const html = pages.locked(site, { denied: "1", next: "x" }).toString("utf8");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("<form");
    expect(html).not.toContain("Secret outage");
    expect(html).not.toContain("og:image");
    expect(html).not.toContain("feed.rss");
    expect(html).not.toContain('data-island="live-refresh"');
  });
});
