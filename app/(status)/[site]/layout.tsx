import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { loadSite } from "@/lib/public-page/site";
import { SiteFrame } from "@/components/site/site-frame";
import { siteIcon, siteTitle } from "@/lib/public-page/metadata";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ site: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const site = await loadSite((await params).site);
  if (!site) return {};
  return {
    title: { default: siteTitle(site.page), template: `%s · ${siteTitle(site.page)}` },
    icons: [siteIcon(site.page)],
  };
}

/** Frame of every page route (components/site/site-frame.tsx). The status page itself is not rendered here: see route.ts. */
export default async function SiteLayout({ children, params }: Params & { children: ReactNode }) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  return <SiteFrame site={site}>{children}</SiteFrame>;
}
