import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { siteMetadata } from "@/lib/public-page/metadata";
import { loadSite } from "@/lib/public-page/site";
import { loadUptimeHistory, UPTIME_HISTORY_MONTHS } from "@/lib/public-page/uptime-history";
import { Locked } from "@/components/access/locked";
import { CALENDAR_TIPS } from "@/components/uptime-history/calendar-html";
import { CalendarLegend, UptimeCalendar } from "@/components/uptime-history/uptime-calendar";
import { translator } from "@/lib/i18n";
import { siteLang, withLang } from "@/lib/i18n/links";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).site);
  if (!site) return {};
  return siteMetadata(site, { title: translator(site.locale, "uptimePage")("title"), path: "/uptime" });
}

export default async function UptimePage({ params, searchParams }: Props) {
  const site = await loadSite((await params).site);
  if (!site) notFound();
  if (!site.access) return <Locked pageName={site.page.name} base={site.base} path="/uptime" query={await searchParams} locale={site.locale} lang={siteLang(site)} />;
  const history = await loadUptimeHistory(await getReadyDb(), site.page);
  const { base } = site;
  // Heliograph's words (lib/i18n, namespace `uptimePage`); component names as written.
  const locale = site.locale;
  const t = translator(locale, "uptimePage");

  return (
    <>
      <p className="mt-0 mb-2">
        <a href={withLang(base || "/", siteLang(site))}>{t("back")}</a>
      </p>
      <h1 className="page-title">{t("title")}</h1>
      <p className="description">{t("intro", { months: UPTIME_HISTORY_MONTHS, zone: history.zone })}</p>
      <CalendarLegend locale={locale} />
      {history.components.length === 0 && <p className="muted">{t("empty")}</p>}
      <div className={CALENDAR_TIPS}>
        {history.components.map((c) => (
          <UptimeCalendar key={c.id} component={c} incidentNames={history.incidentNames} locale={locale} />
        ))}
      </div>
    </>
  );
}
