import { StatusIconSprite } from "@/components/status/status-icon";
import type { ReactNode } from "react";
import type { Site } from "@/lib/public-page/site";
import { choiceScript, defaultChoice, themeStorageKey } from "@/lib/theme/script";
import { pickMessages, translator } from "@/lib/i18n";
import { siteLang } from "@/lib/i18n/links";
import { pageTimeStyle } from "@/lib/time/format";
import { CONTAINER, SiteFooter, SiteHeader } from "./site-chrome";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { ThemeStyle } from "@/components/theme/theme-style";
import { UptimeBarsKeys } from "@/components/uptime-bars/uptime-bars-keys";
import { PageTimeProvider } from "@/components/time/page-time";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The client-side words every page route needs (theme toggle, freshness line): namespace `client`. */
export const clientMessages = (site: Site) => pickMessages(site.locale, ["client"]);

/**
 * Frame of every page route: theme (before first paint), feed links, header, main landmark, footer. Shared by
 * the App Router layout (app/(status)/[site]/layout.tsx) and the statically rendered pages (lib/static-pages),
 * so both look and behave the same.
 */
export function SiteFrame({ site, children }: { site: Site; children: ReactNode }) {
  const { page, base } = site;
  const locale = site.locale;
  const t = translator(locale, "site");
  const storageKey = themeStorageKey(page.url);
  const fallback = defaultChoice(page.default_theme);
  return (
    <ClientMessages locale={locale} messages={clientMessages(site)}>
      <ThemeProvider storageKey={storageKey} defaultTheme={fallback}>
        <script dangerouslySetInnerHTML={{ __html: choiceScript(storageKey, fallback) }} />
        <ThemeStyle colors={page.theme_colors} defaultTheme={page.default_theme} />
        {/* React hoists these into <head>; a child page's `alternates` metadata would replace a layout's. */}
        {site.access && (
          <>
            <link rel="alternate" type="application/rss+xml" title={`${page.name} ${t("rss")}`} href={`${site.address}/feed.rss`} />
            <link rel="alternate" type="application/atom+xml" title={`${page.name} ${t("atom")}`} href={`${site.address}/feed.atom`} />
          </>
        )}
        <a className="absolute top-0 -left-[9999px] z-50 bg-btn px-4 py-2 text-btn-fg focus:top-4 focus:left-4" href="#main">
          {t("skip")}
        </a>
        <SiteHeader page={page} base={base} locked={!site.access} locale={locale} lang={siteLang(site)} />
        <PageTimeProvider {...pageTimeStyle({ ...page, locale })}>
          <main id="main" className={`site-main ${CONTAINER} pt-5 pb-12 sm:pt-7`}>
            {children}
          </main>
        </PageTimeProvider>
        <SiteFooter page={page} locale={locale} query={site.query} />
        <UptimeBarsKeys />
        <StatusIconSprite />
      </ThemeProvider>
    </ClientMessages>
  );
}
