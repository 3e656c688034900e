import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { loadSite } from "@/lib/public-page/site";
import { SiteFooter, SiteHeader } from "@/components/site/site-chrome";
import { ThemeStyle } from "@/components/theme/theme-style";
import { UptimeBarsKeys } from "@/components/uptime-bars/uptime-bars-keys";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ site: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const site = await loadSite((await params).site);
  if (!site) return {};
  return {
    title: { default: `${site.page.name} status`, template: `%s · ${site.page.name} status` },
    icons: site.page.favicon ? [{ url: site.page.favicon }] : [{ url: "/heliograph.svg", type: "image/svg+xml" }],
  };
}

/** Frame of every page route: theme (before first paint), header, main landmark, footer. */
export default async function SiteLayout({ children, params }: Params & { children: ReactNode }) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const { page, base } = site;
  return (
    <>
      <ThemeStyle colors={page.theme_colors} defaultTheme={page.default_theme} />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader page={page} base={base} locked={!site.access} />
      <main id="main" className="site-main container">
        {children}
      </main>
      <SiteFooter page={page} />
      <UptimeBarsKeys />
    </>
  );
}
