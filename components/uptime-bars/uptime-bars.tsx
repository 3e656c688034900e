import { barsHtml } from "@/lib/public-page/bars";
import { statusOrNoDataLabel } from "@/lib/status/labels";
import { formatUptimeIn, translator } from "@/lib/i18n";
import { formatDayKey } from "@/lib/time/format";
import type { PageLocale } from "@/lib/time/locale";
import type { DayUptime } from "@/lib/uptime";

/* Every word of the bars, their legend and the uptime figure: lib/i18n messages, namespace `bars`. */

/**
 * The widths at which the bars show fewer days (a container query on the card, globals.css): the HTML
 * always carries every day, so the cached page is the same for every visitor; today is always shown.
 */
export const BAR_PERIODS = [30, 60, 90] as const;

/**
 * Daily bars, oldest first, coloured by the day's worst status; "no data" days are hatched. Quiet days in a
 * row are one element drawn as that many bars (lib/public-page/bars.ts). One tab stop per component (today's
 * bar); arrow keys move between the elements (UptimeBarsKeys). What each day was comes from `src` (the bars'
 * route) when a visitor reaches them: the islands put each element's label in it, visually hidden and shown
 * as the tooltip on hover and focus. Below: the period the bars cover and its first day, "Today" at the right end.
 */
export function UptimeBars({ serviceName, days, src, locale = "en" }: { serviceName: string; days: DayUptime[]; src: string; locale?: PageLocale }) {
  const t = translator(locale, "bars");
  const periods: number[] = [...BAR_PERIODS.filter((n) => n < days.length), days.length];
  return (
    <div className="@container/bars">
      <ol className="bars" aria-label={t("bars", { name: serviceName, count: days.length })} data-src={src} dangerouslySetInnerHTML={{ __html: barsHtml(days) }} />
      <div className="flex justify-between gap-2 text-xs text-muted" aria-hidden="true">
        {periods.map((n, i) => (
          <span key={n} data-period={n} data-period-last={i === periods.length - 1 || undefined}>
            {`${t("period", { count: n })} · ${formatDayKey(days[days.length - n].day, locale)}`}
          </span>
        ))}
        <span>{t("today")}</span>
      </div>
    </div>
  );
}

/** The uptime figure with its period; "No data yet" for a component observed for less than a day. */
export function UptimeFigure({ value, label, days = 90, observedMinutes, locale = "en" }: { value: number | null; label: string; days?: number; observedMinutes?: number; locale?: PageLocale }) {
  const t = translator(locale, "bars");
  const fresh = value === null || (observedMinutes !== undefined && observedMinutes < 1440);
  return (
    <span className="meta whitespace-nowrap" data-uptime>
      {fresh ? statusOrNoDataLabel("NO_DATA", locale) : t("uptime", { value: formatUptimeIn(value, locale), count: days })}
      <span className="sr-only">{` ${fresh ? `${label}: ${t("noDataWhy")}` : label}`}</span>
    </span>
  );
}

/** Once above the components: what each colour means, and how to read a bar. */
export function BarsLegend({ locale = "en" }: { locale?: PageLocale }) {
  const t = translator(locale, "bars");
  const keys = ["OPERATIONAL", "DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE", "UNDER_MAINTENANCE", "NO_DATA"] as const;
  return (
    <div className="mb-3 text-xs text-muted" role="group" aria-label={t("legend")}>
      <ul className="m-0 flex list-none flex-wrap gap-x-3 gap-y-1 p-0">
        {keys.map((k) => (
          <li key={k} className={`s-${k} inline-flex items-center gap-1`} data-legend={k}>
            <span className={`inline-block h-3 w-1.5 rounded-[2px] ${k === "NO_DATA" ? "border border-nodata" : "bg-status"}`} aria-hidden="true" />
            {statusOrNoDataLabel(k, locale)}
          </li>
        ))}
      </ul>
      <p className="mt-1 mb-0">{t("oneDay")}</p>
    </div>
  );
}
