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
import { translator } from "@/lib/i18n";
import { formatMonthKey } from "@/lib/time/format";
import { siteLang, withLang } from "@/lib/i18n/links";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  if (!site) return {};
  return siteMetadata(site, { title: translator(site.locale, "history")("title"), path: "/history" });
}

export default async function HistoryPage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  const query = await searchParams;
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path="/history" query={query} locale={site.locale} lang={siteLang(site)} />;
  const pageNumber = parseHistoryPage(query.page);
  if (pageNumber === null) return <NotFoundContent base={site.base} what="history" locale={site.locale} lang={siteLang(site)} />;
  const history = await loadHistory(await getReadyDb(), site.page, pageNumber);
  const { base } = site;
  // Heliograph's words (lib/i18n, namespace `history`); a visitor's ?lang= stays on every link (unless it is the page's own).
  const locale = site.locale;
  const t = translator(locale, "history");
  const lang = siteLang(site);
  const pageLink = (n: number) => withLang(`${base}/history${n > 1 ? `?page=${n}` : ""}`, lang);
  // No empty months from before the page existed (imported incidents or windows older than it still show).
  const months = history.months.filter((m) => m.end > site.page.created_at || m.incidents.length > 0 || m.maintenance.length > 0);

  return (
    <>
      <p className="mt-0 mb-2">
        <a href={withLang(base || "/", lang)}>{t("back")}</a>
      </p>
      <h1 className="page-title">{t("title")}</h1>
      <p className="description">{t("intro")}</p>
      {months.map((m) => (
        <section key={m.key} aria-labelledby={`month-${m.key}`} data-month={m.key}>
          <h2 id={`month-${m.key}`} className="section-title">
            {formatMonthKey(m.key, locale)}
          </h2>
          {m.incidents.length === 0 && m.maintenance.length === 0 ? (
            <p className="muted">{t("none")}</p>
          ) : (
            <>
              {m.incidents.length > 0 && (
                <ul className="days m-0 list-none p-0">
                  {m.incidents.map((v) => (
                    <li key={v.incident.id} className="day border-b border-line py-3">
                      <IncidentLine view={v} base={base} locale={locale} lang={lang} />
                    </li>
                  ))}
                </ul>
              )}
              {m.maintenance.length > 0 && (
                <div className="mt-4">
                  <MaintenanceList items={m.maintenance} names={history.serviceNames} base={base} locale={locale} lang={lang} />
                </div>
              )}
            </>
          )}
        </section>
      ))}
      <nav className="mt-6 flex justify-between" aria-label={t("pages")}>
        {history.page > 1 ? <a href={pageLink(history.page - 1)}>{t("newer")}</a> : <span />}
        {history.hasOlder ? <a href={pageLink(history.page + 1)}>{t("older")}</a> : <span />}
      </nav>
    </>
  );
}
