import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { loadHistory } from "@/lib/public-page/history";
import { siteMetadata } from "@/lib/public-page/metadata";
import { loadSite } from "@/lib/public-page/site";
import { parseHistoryPage } from "@/lib/public-page/view";
import { Locked } from "@/components/access/locked";
import { IncidentLine } from "@/components/incident/incident-parts";
import { NotFoundContent } from "@/components/site/not-found-content";
import { MaintenanceList } from "@/components/maintenance/maintenance-list";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  if (!site) return {};
  return siteMetadata(site, { title: "Incident history", path: "/history" });
}

export default async function HistoryPage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const query = await searchParams;
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path="/history" query={query} />;
  const pageNumber = parseHistoryPage(query.page);
  if (pageNumber === null) return <NotFoundContent base={site.base} what="history page" />;
  const history = await loadHistory(await getReadyDb(), site.page, pageNumber);
  const { base } = site;

  return (
    <>
      <p style={{ margin: "0 0 .5rem" }}>
        <a href={base || "/"}>← Current status</a>
      </p>
      <h1 className="page-title">Incident history</h1>
      <p className="description">Incidents and completed maintenance, newest first.</p>
      {history.months.map((m) => (
        <section key={m.key} aria-labelledby={`month-${m.key}`} data-month={m.key}>
          <h2 id={`month-${m.key}`} className="section-title">
            {m.label}
          </h2>
          {m.incidents.length === 0 && m.maintenance.length === 0 ? (
            <p className="muted">No incidents reported this month.</p>
          ) : (
            <>
              {m.incidents.length > 0 && (
                <ul className="days">
                  {m.incidents.map((v) => (
                    <li key={v.incident.id} className="day">
                      <IncidentLine view={v} base={base} />
                    </li>
                  ))}
                </ul>
              )}
              {m.maintenance.length > 0 && (
                <div style={{ marginTop: "1rem" }}>
                  <MaintenanceList items={m.maintenance} names={history.serviceNames} state="completed" />
                </div>
              )}
            </>
          )}
        </section>
      ))}
      <nav className="pager" aria-label="History pages">
        {history.page > 1 ? <a href={history.page === 2 ? `${base}/history` : `${base}/history?page=${history.page - 1}`}>← Newer</a> : <span />}
        {history.hasOlder ? <a href={`${base}/history?page=${history.page + 1}`}>Older →</a> : <span />}
      </nav>
    </>
  );
}
