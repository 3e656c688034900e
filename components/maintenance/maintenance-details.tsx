import type { PageMaintenance } from "@/lib/public-page/maintenance";
import { LocalTime } from "@/components/time/local-time";
import { StatusIcon } from "@/components/status/status-icon";
import { affectedNames, MaintenancePill, MaintenanceTimeline } from "./maintenance-parts";
import { translator } from "@/lib/i18n";
import { statusLabel } from "@/lib/status/labels";
import type { PageLocale } from "@/lib/time/locale";
import { withLang } from "@/lib/i18n/links";

/** A maintenance occurrence's own page: name, state, times, what it affects and its updates, newest first. */
export function MaintenanceDetails({ view, base, names, locale = "en", lang = null }: { view: PageMaintenance; base: string; names: ReadonlyMap<string, string>; locale?: PageLocale; lang?: PageLocale | null }) {
  const t = translator(locale, "maintenancePage");
  const affected = affectedNames(view, names, locale);
  return (
    <article aria-labelledby="maintenance-title" data-occurrence={view.key} data-state={view.status}>
      <p className="mb-2 mt-0">
        <a href={withLang(base || "/", lang)}>{t("back")}</a>
      </p>
      <h1 id="maintenance-title" className="page-title break-words">
        {view.name}
      </h1>
      <p className="mb-4 mt-1">
        {(view.status === "IN_PROGRESS" || view.status === "VERIFYING") && (
          <span className="status-text s-UNDER_MAINTENANCE">
            <StatusIcon status="UNDER_MAINTENANCE" /> {statusLabel("UNDER_MAINTENANCE", locale)}
          </span>
        )}
        <MaintenancePill status={view.status} locale={locale} />
      </p>
      <dl className="panel meta grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt>{t("scheduled")}</dt>
        <dd className="m-0">
          <LocalTime ms={view.startsAt} /> – <LocalTime ms={view.endsAt} />
        </dd>
        {view.timezone && (
          <>
            <dt>{t("timeZone")}</dt>
            <dd className="m-0">{view.timezone}</dd>
          </>
        )}
        <dt>{t("affected")}</dt>
        <dd className="m-0 min-w-0 break-words" data-affected>
          {affected ?? "—"}
        </dd>
      </dl>
      {view.description && <p className="description break-words">{view.description}</p>}
      <h2 className="section-title">{t("updates")}</h2>
      <MaintenanceTimeline updates={view.updates} locale={locale} />
    </article>
  );
}
