import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { incidentDuration } from "@/lib/incidents/derive";
import { markdownToText } from "@/lib/markdown";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { siteMetadata } from "@/lib/public-page/metadata";
import { loadSite } from "@/lib/public-page/site";
import { incidentImpactStatus } from "@/lib/public-page/view";
import { translator } from "@/lib/i18n";
import { formatDurationIn } from "@/lib/i18n/day-label";
import { incidentStateLabel, updateStatusLabel } from "@/lib/status/labels";
import { Locked } from "@/components/access/locked";
import { AffectedList, ImpactHistory, IncidentPill, IncidentTimeline } from "@/components/incident/incident-parts";
import { NotFoundContent } from "@/components/site/not-found-content";
import { StatusIcon } from "@/components/status/status-icon";
import { LocalTime } from "@/components/time/local-time";
import { siteLang, withLang } from "@/lib/i18n/links";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ site: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Per request (React cache, as loadSite): generateMetadata and the page share one read of the incident.
const loadView = cache(async (slug: string, id: string) => {
  const site = await loadSite(slug);
  if (!site) notFound();
  if (!site.access) return { site, view: null };
  return { site, view: await loadIncidentForPage(await getReadyDb(), site.page, id) };
});

async function load(params: Params["params"]) {
  const { site: slug, id } = await params;
  return loadView(slug, id);
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { site, view } = await load(params);
  const locale = site.locale;
  const t = translator(locale, "incidentPage");
  if (!view) return siteMetadata(site, { title: t("notFound"), path: "" });
  const latest = view.updates[0];
  return siteMetadata(site, {
    title: view.incident.name,
    path: `/incidents/${view.incident.id}`,
    description: latest ? `${updateStatusLabel(latest.status, locale)}: ${markdownToText(latest.description).slice(0, 200)}` : null,
  });
}

export default async function IncidentPage({ params, searchParams }: Params) {
  const { site, view } = await load(params);
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path={`/incidents/${(await params).id}`} query={await searchParams} locale={site.locale} lang={siteLang(site)} />;
  // proxy.ts answered 404 for an incident that is not this page's; notFound() would render an empty body.
  if (!view) return <NotFoundContent base={site.base} what="incident" locale={site.locale} lang={siteLang(site)} />;
  const { incident } = view;
  // Heliograph's words (lib/i18n, namespace `incidentPage`); the operator's (name, updates) as written.
  const locale = site.locale;
  const t = translator(locale, "incidentPage");
  const resolved = incident.last_update_status === "RESOLVED";
  const duration = formatDurationIn(incidentDuration(incident.started_at, incident.resolved_at), locale);
  const status = resolved ? "OPERATIONAL" : incidentImpactStatus(view);

  return (
    <article aria-labelledby="incident-title">
      <p className="mt-0 mb-2">
        <a href={withLang(site.base || "/", siteLang(site))}>{t("back")}</a>
      </p>
      <h1 id="incident-title" className="page-title">
        {incident.name}
      </h1>
      <p className="mt-1 mb-4 flex flex-wrap items-center gap-2">
        <span className={`status-text s-${status} inline-flex items-center gap-1.5 font-semibold text-status`}>
          <StatusIcon status={status} />
          {incidentStateLabel(incident.last_update_status, locale)}
        </span>
        <IncidentPill view={view} locale={locale} />
      </p>
      <dl className="panel meta grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt>{t("affected")}</dt>
        <dd className="m-0 min-w-0">
          <AffectedList view={view} locale={locale} />
        </dd>
        <dt>{t("started")}</dt>
        <dd className="m-0">
          <LocalTime ms={incident.started_at} />
        </dd>
        {incident.resolved_at !== null && resolved && (
          <>
            <dt>{t("resolved")}</dt>
            <dd className="m-0">
              <LocalTime ms={incident.resolved_at} />
            </dd>
          </>
        )}
        {duration && (
          <>
            <dt>{t("duration")}</dt>
            <dd className="m-0">{duration}</dd>
          </>
        )}
      </dl>
      <ImpactHistory view={view} locale={locale} />
      <h2 className="section-title">{t("updates")}</h2>
      <IncidentTimeline view={view} locale={locale} />
    </article>
  );
}
