import { statusOrNoDataLabel } from "@/lib/status/labels";
import { formatMonthKey } from "@/lib/time/format";
import type { UptimeHistoryComponent } from "@/lib/public-page/uptime-history";
import type { MonthUptime } from "@/lib/uptime";
import { CELLS, monthCellsHtml } from "./calendar-html";
import { formatUptimeIn, translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";

/* Every word of the uptime calendar: lib/i18n messages, namespace `uptimePage`. */

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
/** Monday first, one letter where the locale has one ("M", "T" … in English). */
function weekdays(locale: PageLocale): string[] {
  let f = weekdayFormats.get(locale);
  if (!f) weekdayFormats.set(locale, (f = new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" })));
  // 5 January 2026 is a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2026, 0, 5 + i)));
}

const LEGEND = ["OPERATIONAL", "DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE", "UNDER_MAINTENANCE", "NO_DATA"] as const;

/** Once above the calendars: the colours, as the bars' legend shows them. */
export function CalendarLegend({ locale = "en" }: { locale?: PageLocale }) {
  const t = translator(locale, "uptimePage");
  return (
    <ul className="m-0 mb-4 flex list-none flex-wrap gap-x-3 gap-y-1 p-0 text-xs text-muted" aria-label={t("legend")}>
      {LEGEND.map((k) => (
        <li key={k} className={`s-${k} inline-flex items-center gap-1`}>
          <span className={`inline-block size-3 rounded-[3px] ${k === "NO_DATA" ? "border border-nodata" : "bg-status"}`} aria-hidden="true" />
          {statusOrNoDataLabel(k, locale)}
        </li>
      ))}
      <li className="inline-flex items-center gap-1">
        <span className="inline-block size-3 rounded-[3px] border border-dashed border-line" aria-hidden="true" />
        {t("future")}
      </li>
    </ul>
  );
}

function MonthCalendar({ name, month, incidentNames, level, locale }: { name: string; month: MonthUptime; incidentNames: ReadonlyMap<string, string>; level: 3 | 4; locale: PageLocale }) {
  const t = translator(locale, "uptimePage");
  const label = formatMonthKey(month.key, locale);
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <div className="min-w-0" data-month={month.key}>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-2">
        <Heading className="m-0 text-sm font-semibold text-title">{label}</Heading>
        <span className="text-xs whitespace-nowrap text-muted" data-month-uptime>
          {month.uptime === null ? statusOrNoDataLabel("NO_DATA", locale) : t("uptime", { value: formatUptimeIn(month.uptime, locale) })}
        </span>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center text-[0.65rem] text-muted" aria-hidden="true">
        {weekdays(locale).map((d, i) => (
          <span key={i}>{d}</span>
        ))}
      </div>
      <ol className={`m-0 grid list-none grid-cols-7 gap-0.5 p-0 ${CELLS}`} aria-label={t("days", { name, month: label })} dangerouslySetInnerHTML={{ __html: monthCellsHtml(month, incidentNames, locale) }} />
    </div>
  );
}

/** One component's (or group's) months, oldest first, with each month's uptime; a group's components below it. */
export function UptimeCalendar({ component, incidentNames, level = 2, locale = "en" }: { component: UptimeHistoryComponent; incidentNames: ReadonlyMap<string, string>; level?: 2 | 3; locale?: PageLocale }) {
  const id = `uptime-${component.id}`;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className="mb-8" data-component={component.id}>
      <Heading id={id} className={level === 2 ? "section-title" : "mt-4 mb-2 text-base font-semibold text-title"}>
        {component.name}
      </Heading>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {component.months.map((m) => (
          <MonthCalendar key={m.key} name={component.name} month={m} incidentNames={incidentNames} level={level === 2 ? 3 : 4} locale={locale} />
        ))}
      </div>
      {component.children.length > 0 && (
        <div className="mt-2 border-l-2 border-line pl-4" role="group" aria-label={translator(locale, "uptimePage")("components", { name: component.name })}>
          {component.children.map((c) => (
            <UptimeCalendar key={c.id} component={c} incidentNames={incidentNames} level={3} locale={locale} />
          ))}
        </div>
      )}
    </section>
  );
}
