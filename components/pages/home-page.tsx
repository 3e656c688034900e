import type { PageSnapshot } from "@/lib/public-page/load";
import type { Site } from "@/lib/public-page/site";
import { groupIncidentsByDay, RECENT_INCIDENT_DAYS, splitMaintenance } from "@/lib/public-page/view";
import { zoneOf } from "@/lib/time/zone";
import { updateStatusLabel } from "@/lib/status/labels";
import { ActiveIncident, IncidentLine } from "@/components/incident/incident-parts";
import type { IncidentView } from "@/lib/incidents/types";
import { MaintenanceList } from "@/components/maintenance/maintenance-list";
import { ServiceCard } from "@/components/service-card/service-card";
import { StatusBanner } from "@/components/status/status-banner";
import { LiveRefresh } from "@/components/live/live-refresh";
import { BarsLegend, barPeriodVars } from "@/components/uptime-bars/uptime-bars";
import { translator } from "@/lib/i18n";
import { formatDayKey } from "@/lib/time/format";
import { siteLang, withLang } from "@/lib/i18n/links";

/** The address of a component's labelled bars (lib/public-page/component-bars.ts), in the page's language. */
export function barsHrefOf(site: Site): (componentId: string) => string {
  const lang = siteLang(site);
  return (id) => withLang(`${site.base}/components/${encodeURIComponent(id)}/bars`, lang);
}

/**
 * The status page itself (/<slug>): a plain function of the page's snapshot, rendered to static markup; only the
 * islands come alive in the browser. `cards` (each card's inside, lib/static-pages/card-memo.tsx) and `line` (a past
 * incident's line, lib/static-pages/line-memo.tsx) come memoised across renders; drawn here when absent.
 */
export function HomePage({ site, snap, cards, line }: { site: Site; snap: PageSnapshot; cards?: readonly string[]; line?: (view: IncidentView) => string }) {
  const { page, base } = site;
  const locale = site.locale;
  const lang = siteLang(site);
  // Heliograph's words (lib/i18n, namespace `page`); the operator's (names, descriptions, updates) as written.
  const t = translator(locale, "page");
  const serviceNames = new Map(snap.components.map((c) => [c.id, c.name]));
  // The snapshot's incidents name only the components this page shows (onPage).
  const { incidents } = snap;
  const barsHref = barsHrefOf(site);
  const active = incidents.filter((v) => v.incident.last_update_status !== "RESOLVED");
  const maintenance = splitMaintenance(snap.maintenance, snap.generatedAt);
  const days = groupIncidentsByDay(incidents, snap.generatedAt, RECENT_INCIDENT_DAYS, zoneOf(page.timezone));

  const affected = snap.components.filter((c) => c.status !== "OPERATIONAL").map((c) => ({ id: c.id, name: c.name, status: c.status }));
  const bannerIncidents = active.map((v) => ({ id: v.incident.id, name: v.incident.name, state: updateStatusLabel(v.updates[0]?.status ?? v.incident.last_update_status, locale) }));

  return (
    <>
      {/* The header's brand already shows the name: the heading is for assistive technology and outlines. */}
      <h1 className="sr-only">{page.name}</h1>
      {page.description && <p className="description">{page.description}</p>}
      <StatusBanner status={snap.status} affected={affected} incidents={bannerIncidents} base={base} locale={locale} lang={lang}>
        <LiveRefresh snapshot={snap} base={base} />
      </StatusBanner>

      {active.length > 0 && (
        <section aria-labelledby="active-incidents">
          <h2 id="active-incidents" className="section-title">
            {t("active")}
          </h2>
          {active.map((v) => (
            <ActiveIncident key={v.incident.id} view={v} base={base} locale={locale} lang={lang} />
          ))}
        </section>
      )}

      {maintenance.active.length > 0 && (
        <section aria-labelledby="maintenance-now">
          <h2 id="maintenance-now" className="section-title">
            {t("maintenanceNow")}
          </h2>
          <MaintenanceList items={maintenance.active} names={serviceNames} base={base} locale={locale} lang={lang} />
        </section>
      )}

      {maintenance.upcoming.length > 0 && (
        <section aria-labelledby="maintenance-upcoming">
          <h2 id="maintenance-upcoming" className="section-title">
            {t("upcoming")}
          </h2>
          <MaintenanceList items={maintenance.upcoming.slice(0, 5)} names={serviceNames} base={base} locale={locale} lang={lang} />
        </section>
      )}

      <section aria-labelledby="components" style={barPeriodVars(snap.components[0]?.days ?? [], locale)}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h2 id="components" className="section-title">
            {t("components")}
          </h2>
          {snap.entries.length > 0 && (
            <a href={withLang(`${base}/uptime`, lang)} className="text-sm">
              {t("uptime")}
            </a>
          )}
        </div>
        {snap.entries.length === 0 ? <p className="muted">{t("empty")}</p> : <BarsLegend locale={locale} />}
        {snap.entries.map((entry, i) => (
          <ServiceCard key={entry.id} entry={entry} barsHref={barsHref} locale={locale} html={cards?.[i]} />
        ))}
      </section>

      <section aria-labelledby="past-incidents">
        <h2 id="past-incidents" className="section-title">
          {t("past")}
        </h2>
        <ul className="days m-0 list-none p-0">
          {days.map((d) => (
            <li key={d.day} className="day border-b border-line py-3" data-day={d.day}>
              <h3 className="mt-0 mb-1.5 text-base font-bold text-title">{formatDayKey(d.day, locale)}</h3>
              {d.incidents.length === 0 ? (
                <p className="muted m-0">{t("none")}</p>
              ) : (
                <ul className="m-0 list-none space-y-2.5 p-0">
                  {d.incidents.map((v) =>
                    line ? (
                      <li key={v.incident.id} dangerouslySetInnerHTML={{ __html: line(v) }} />
                    ) : (
                      <li key={v.incident.id}>
                        <IncidentLine view={v} base={base} locale={locale} lang={lang} />
                      </li>
                    ),
                  )}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <a href={withLang(`${base}/history`, lang)}>{t("history")}</a>
        </p>
      </section>
    </>
  );
}
