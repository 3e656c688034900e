import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { incidentDuration } from "@/lib/incidents/derive";
import { markdownToText } from "@/lib/markdown";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { siteMetadata } from "@/lib/public-page/metadata";
import { loadSite } from "@/lib/public-page/site";
import { formatDuration, incidentImpactStatus, updateStatusLabel } from "@/lib/public-page/view";
import { Locked } from "@/components/access/locked";
import { AffectedList, ImpactHistory, IncidentPill, IncidentTimeline } from "@/components/incident/incident-parts";
import { NotFoundContent } from "@/components/site/not-found-content";
import { StatusIcon } from "@/components/status/status-icon";
import { LocalTime } from "@/components/time/local-time";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ site: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(params: Params["params"]) {
  const { site: slug, id } = await params;
  const site = await loadSite(slug);
  if (!site) notFound();
  if (!site.access) return { site, view: null };
  return { site, view: await loadIncidentForPage(await getReadyDb(), site.page, id) };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { site, view } = await load(params);
  if (!view) return siteMetadata(site, { title: "Incident not found", path: "" });
  const latest = view.updates[0];
  return siteMetadata(site, {
    title: view.incident.name,
    path: `/incidents/${view.incident.id}`,
    image: `/incidents/${view.incident.id}/og.png`,
    description: latest ? `${updateStatusLabel(latest.status)}: ${markdownToText(latest.description).slice(0, 200)}` : null,
  });
}

export default async function IncidentPage({ params, searchParams }: Params) {
  const { site, view } = await load(params);
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path={`/incidents/${(await params).id}`} query={await searchParams} />;
  // proxy.ts answered 404 for an incident that is not this page's; notFound() would render an empty body.
  if (!view) return <NotFoundContent base={site.base} what="incident" />;
  const { incident } = view;
  const resolved = incident.last_update_status === "RESOLVED";
  const duration = formatDuration(incidentDuration(incident.started_at, incident.resolved_at));
  const status = resolved ? "OPERATIONAL" : incidentImpactStatus(view);

  return (
    <article aria-labelledby="incident-title">
      <p style={{ margin: "0 0 .5rem" }}>
        <a href={site.base || "/"}>← Current status</a>
      </p>
      <h1 id="incident-title" className="page-title">
        {incident.name}
      </h1>
      <p style={{ margin: ".25rem 0 1rem" }}>
        <span className={`status-text s-${status}`}>
          <StatusIcon status={status} />
          {resolved ? "Resolved" : `Ongoing · ${updateStatusLabel(incident.last_update_status)}`}
        </span>
        <IncidentPill view={view} />
      </p>
      <dl className="panel meta" style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: ".25rem 1rem" }}>
        <dt>Affected</dt>
        <dd style={{ margin: 0 }} className="min-w-0">
          <AffectedList view={view} />
        </dd>
        <dt>Started</dt>
        <dd style={{ margin: 0 }}>
          <LocalTime ms={incident.started_at} />
        </dd>
        {incident.resolved_at !== null && resolved && (
          <>
            <dt>Resolved</dt>
            <dd style={{ margin: 0 }}>
              <LocalTime ms={incident.resolved_at} />
            </dd>
          </>
        )}
        {duration && (
          <>
            <dt>Duration</dt>
            <dd style={{ margin: 0 }}>{duration}</dd>
          </>
        )}
      </dl>
      <ImpactHistory view={view} />
      <h2 className="section-title">Updates</h2>
      <IncidentTimeline view={view} />
    </article>
  );
}
