import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { markdownToText } from "@/lib/markdown";
import { latestNote, loadMaintenanceForPage } from "@/lib/public-page/maintenance";
import { maintenanceStatusLabel } from "@/lib/public-page/maintenance-labels";
import { siteMetadata } from "@/lib/public-page/metadata";
import { loadSite } from "@/lib/public-page/site";
import { Locked } from "@/components/access/locked";
import { MaintenanceDetails } from "@/components/maintenance/maintenance-details";
import { NotFoundContent } from "@/components/site/not-found-content";
import { translator } from "@/lib/i18n";
import { siteLang } from "@/lib/i18n/links";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ site: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Per request (React cache, as loadSite): generateMetadata and the page share one read of the maintenance.
const loadView = cache(async (slug: string, id: string) => {
  const site = await loadSite(slug);
  if (!site) notFound();
  if (!site.access) return { site, id, view: null };
  return { site, id, view: await loadMaintenanceForPage(await getReadyDb(), site.page, id) };
});

async function load(params: Params["params"]) {
  const { site: slug, id } = await params;
  return loadView(slug, id);
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { site, view } = await load(params);
  const locale = site.locale;
  if (!view) return siteMetadata(site, { title: translator(locale, "maintenancePage")("notFound"), path: "" });
  const m = view.maintenance;
  const note = latestNote(m);
  return siteMetadata(site, {
    title: m.name,
    path: `/maintenance/${m.key}`,
    description: note ? `${maintenanceStatusLabel(note.status, locale)}: ${markdownToText(note.description).slice(0, 200)}` : m.description,
  });
}

/** One maintenance occurrence: its state, times, affected components and every update (like an incident's page). */
export default async function MaintenancePage({ params, searchParams }: Params) {
  const { site, id, view } = await load(params);
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path={`/maintenance/${id}`} query={await searchParams} locale={site.locale} lang={siteLang(site)} />;
  // proxy.ts answered 404 for an occurrence that is not this page's (or was cancelled).
  if (!view) return <NotFoundContent base={site.base} what="maintenance" locale={site.locale} lang={siteLang(site)} />;
  return <MaintenanceDetails view={view.maintenance} base={site.base} names={view.names} locale={site.locale} lang={siteLang(site)} />;
}
