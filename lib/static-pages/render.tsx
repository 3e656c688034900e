import { renderToString } from "react-dom/server";
import { Locked } from "@/components/access/locked";
import { HomePage, barsHrefOf } from "@/components/pages/home-page";
import { StaticDocument } from "@/components/pages/static-document";
import { siteLang } from "@/lib/i18n/links";
import { pageMeta, siteTitle } from "@/lib/public-page/metadata";
import type { Site } from "@/lib/public-page/site";
import type { IncidentView } from "@/lib/incidents/types";
import type { PageAssets } from "./assets";
import type { StaticPages } from "./registry";
import { pageTimeStyle } from "@/lib/time/format";
import { cardBodies } from "./card-memo";
import { incidentLine } from "./line-memo";
import { partMark, splice } from "./splice";

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
      // The kept parts (cards, then the lines the page draws), and marks where they go (./splice.ts).
      const parts = cardBodies(snap.entries, site.locale, barsHrefOf(site));
      const cards = parts.map((_, i) => partMark(i));
      const lines = { base: site.base, locale: site.locale, lang: siteLang(site), time: pageTimeStyle({ ...site.page, locale: site.locale }) };
      const line = (view: IncidentView) => partMark(parts.push(incidentLine(view, lines)) - 1);
      return splice(document(site, <HomePage site={site} snap={snap} cards={cards} line={line} />), parts);
    },
    locked: (site, query) => Buffer.from(document(site, <Locked pageName={site.page.name} base={site.base} path="" query={query} locale={site.locale} lang={siteLang(site)} />), "utf8"),
  };
}
