import { randomBytes } from "node:crypto";
import { renderToString } from "react-dom/server";
import { Locked } from "@/components/access/locked";
import { HomePage, barsHrefOf } from "@/components/pages/home-page";
import { StaticDocument } from "@/components/pages/static-document";
import { siteLang } from "@/lib/i18n/links";
import { pageMeta, siteTitle } from "@/lib/public-page/metadata";
import type { Site } from "@/lib/public-page/site";
import type { PageAssets } from "./assets";
import type { StaticPages } from "./registry";
import { cardBodies } from "./card-memo";

/**
 * The renderer installed in Heliograph's server (lib/static-pages/registry.ts says why it lives there).
 * renderToString: the document is complete once the snapshot is loaded (nothing suspends), so one
 * synchronous pass writes it; React still hoists the title, metadata and the theme's <style> into <head>.
 */
export function createStaticPages(assets: PageAssets): StaticPages {
  const document = (site: Site, body: React.ReactElement) =>
    `<!DOCTYPE html>${renderToString(
      <StaticDocument site={site} meta={pageMeta(site, { title: siteTitle(site.page), path: "" })} assets={assets}>
        {body}
      </StaticDocument>,
    )}`;
  return {
    home: (site, snap) => {
      const cards = cardBodies(snap.entries, site.locale, barsHrefOf(site));
      return spliceCards(document(site, <HomePage site={site} snap={snap} cards={cards.map((_, i) => cardMark(i))} />), cards);
    },
    locked: (site, query) => Buffer.from(document(site, <Locked pageName={site.page.name} base={site.base} path="" query={query} locale={site.locale} lang={siteLang(site)} />), "utf8"),
  };
}

/*
 * The cards are most of a page's bytes and are kept as UTF-8 (./card-memo.tsx): the document is rendered with a
 * mark where each card's inside goes, encoded, and the kept bytes are put in the marks' places, so an unchanged
 * card is not copied through React's output string and encoded again at every render. A mark is a comment with a
 * token drawn at start, which nothing else on the page can contain: the operator's text reaches the markup escaped
 * by React (`<` never appears in it raw), and the page data's JSON escapes `<` too.
 */
const MARK_TOKEN = `hg-card-${randomBytes(8).toString("hex")}`;
const cardMark = (i: number) => `<!--${MARK_TOKEN}:${i}-->`;

function spliceCards(html: string, cards: readonly Buffer[]): Buffer<ArrayBuffer> {
  const doc = Buffer.from(html, "utf8");
  const parts: Buffer[] = [];
  let from = 0;
  cards.forEach((card, i) => {
    const mark = cardMark(i);
    const at = doc.indexOf(mark, from, "utf8");
    // HomePage draws every entry once, in order: a mark missing here would leave its token in the page.
    if (at < 0) throw new Error(`card ${i} of ${cards.length} has no mark in the rendered page`);
    parts.push(doc.subarray(from, at), card);
    from = at + Buffer.byteLength(mark);
  });
  parts.push(doc.subarray(from));
  return Buffer.concat(parts);
}
