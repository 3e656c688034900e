import type { ReactNode } from "react";
import type { Site } from "@/lib/public-page/site";
import { siteIcon, type PageMeta } from "@/lib/public-page/metadata";
import type { PageAssets } from "@/lib/static-pages/assets";
import { defaultChoice, themeStorageKey } from "@/lib/theme/script";
import { zoneOf } from "@/lib/time/zone";
import { SiteFrame, clientMessages } from "@/components/site/site-frame";
import { PAGE_DATA_ID, scriptJson, type IslandPageData } from "@/components/islands/page-data";
import { MetaTags } from "./meta-tags";

/**
 * The whole document of a statically rendered page route: the same frame as the App Router pages
 * (SiteFrame), Next's stylesheet, and instead of the framework's runtime and payload one small module
 * that brings the islands to life (components/islands).
 */
export function StaticDocument({ site, meta, assets, children }: { site: Site; meta: PageMeta; assets: PageAssets; children: ReactNode }) {
  const { page } = site;
  const data: IslandPageData = {
    storageKey: themeStorageKey(page.url),
    defaultTheme: defaultChoice(page.default_theme),
    locale: site.locale,
    messages: clientMessages(site),
    zone: zoneOf(page.timezone),
  };
  return (
    // next-themes' inline script (in SiteFrame) sets data-theme on <html> before the page paints.
    <html lang={site.locale} suppressHydrationWarning>
      {/* eslint-disable-next-line @next/next/no-head-element -- rendered by react-dom/server, outside Next */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {assets.css.map((href) => (
          // Ahead of the theme's <style> (precedence "heliograph"), whose variables must win over the defaults.
          <link key={href} rel="stylesheet" href={href} precedence="next" />
        ))}
        <MetaTags meta={meta} icon={siteIcon(page)} />
        {/* eslint-disable-next-line @next/next/no-sync-scripts -- a module script is deferred; not a Next page */}
        <script type="module" src={assets.islands} />
      </head>
      <body>
        <SiteFrame site={site}>{children}</SiteFrame>
        <script type="application/json" id={PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      </body>
    </html>
  );
}
