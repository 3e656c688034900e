import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { siteMetadata } from "@/lib/public-page/metadata";
import { loadSite } from "@/lib/public-page/site";
import { formatDay, groupIncidentsByDay, splitMaintenance } from "@/lib/public-page/view";
import { Locked } from "@/components/access/locked";
import { ActiveIncident, IncidentLine } from "@/components/incident/incident-parts";
import { MaintenanceList } from "@/components/maintenance/maintenance-list";
import { ServiceCard } from "@/components/service-card/service-card";
import { StatusBanner } from "@/components/status/status-banner";
import { LiveRefresh } from "@/components/live/live-refresh";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const site = await loadSite((await params).site);
  if (!site) return {};
  return siteMetadata(site, { title: `${site.page.name} status`, path: "" });
}

export default async function StatusPage({ params, searchParams }: Params) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path="" query={await searchParams} />;
  const { page, base } = site;
  const snap = await loadPageSnapshot(await getReadyDb(), page);
  const serviceNames = new Map(snap.components.map((c) => [c.id, c.name]));
  // The snapshot's incidents name only the components this page shows (onPage).
  const { incidents } = snap;
  const incidentNames = new Map(incidents.map((v) => [v.incident.id, v.incident.name]));
  const active = incidents.filter((v) => v.incident.last_update_status !== "RESOLVED");
  const maintenance = splitMaintenance(snap.maintenance, snap.generatedAt);
  const days = groupIncidentsByDay(incidents, snap.generatedAt, 14);

  return (
    <>
      <h1 className="page-title">{page.name}</h1>
      {page.description && <p className="description">{page.description}</p>}
      <StatusBanner status={snap.status} generatedAt={snap.generatedAt} />
      <LiveRefresh snapshot={snap} base={base} />

      {active.length > 0 && (
        <section aria-labelledby="active-incidents">
          <h2 id="active-incidents" className="section-title">
            Active incidents
          </h2>
          {active.map((v) => (
            <ActiveIncident key={v.incident.id} view={v} base={base} />
          ))}
        </section>
      )}

      {maintenance.active.length > 0 && (
        <section aria-labelledby="maintenance-now">
          <h2 id="maintenance-now" className="section-title">
            Maintenance in progress
          </h2>
          <MaintenanceList items={maintenance.active} names={serviceNames} state="active" />
        </section>
      )}

      {maintenance.upcoming.length > 0 && (
        <section aria-labelledby="maintenance-upcoming">
          <h2 id="maintenance-upcoming" className="section-title">
            Scheduled maintenance
          </h2>
          <MaintenanceList items={maintenance.upcoming.slice(0, 5)} names={serviceNames} state="upcoming" />
        </section>
      )}

      <section aria-labelledby="components">
        <h2 id="components" className="section-title">
          Current status by service
        </h2>
        {snap.entries.length === 0 && <p className="muted">This page lists no services yet.</p>}
        {snap.entries.map((entry) => (
          <ServiceCard key={entry.id} entry={entry} incidentNames={incidentNames} />
        ))}
      </section>

      <section aria-labelledby="past-incidents">
        <h2 id="past-incidents" className="section-title">
          Past incidents
        </h2>
        <ul className="days">
          {days.map((d) => (
            <li key={d.day} className="day" data-day={d.day}>
              <h3>{formatDay(d.day)}</h3>
              {d.incidents.length === 0 ? (
                <p className="muted" style={{ margin: 0 }}>
                  No incidents reported.
                </p>
              ) : (
                <ul>
                  {d.incidents.map((v) => (
                    <li key={v.incident.id}>
                      <IncidentLine view={v} base={base} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <p style={{ marginTop: "1rem" }}>
          <a href={`${base}/history`}>Incident history →</a>
        </p>
      </section>
    </>
  );
}
