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
    home: (site, snap) => document(site, <HomePage site={site} snap={snap} cards={cardBodies(snap.entries, site.locale, barsHrefOf(site))} />),
    locked: (site, query) => document(site, <Locked pageName={site.page.name} base={site.base} path="" query={query} locale={site.locale} lang={siteLang(site)} />),
  };
}
