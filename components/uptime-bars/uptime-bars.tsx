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

/** How to move between the days: said once on the page (BarsLegend), each list points to it. */
const BARS_KEYS_ID = "bars-keys";

/** A CSS string: quotes, backslashes and line ends escaped (React escapes the attribute around it). */
const cssString = (s: string) => `"${s.replace(/[\\"]/g, "\\$&").replace(/[\r\n]/g, " ")}"`;

/**
 * The line under every component's bars ("Last 30 days · 27 October 2026", "Today") as custom properties for an
 * element around them: every component shows the same days, so the words are written once and CSS (`.periods`)
 * draws them under each, instead of three times per component.
 */
export function barPeriodVars(days: DayUptime[], locale: PageLocale = "en"): Record<string, string> {
  if (days.length === 0) return {};
  const t = translator(locale, "bars");
  const label = (n: number) => cssString(`${t("period", { count: n })} · ${formatDayKey(days[days.length - n].day, locale)}`);
  const vars: Record<string, string> = { "--bars-today": cssString(t("today")) };
  // The shortest period that fits each width; a page with fewer days shows them all at every width.
  for (const n of BAR_PERIODS) vars[`--bars-p${n}`] = label(Math.min(n, days.length));
  return vars;
}

/**
 * Daily bars, oldest first, by the day's worst status; a run of quiet days is one element (lib/public-page/bars.ts).
 * One tab stop per component, arrow keys between elements (UptimeBarsKeys). Each day's label comes from `src` when a
 * visitor reaches the bars; the islands show it as the tooltip on hover and focus.
 */
export function UptimeBars({ serviceName, days, src, locale = "en" }: { serviceName: string; days: DayUptime[]; src: string; locale?: PageLocale }) {
  const t = translator(locale, "bars");
  return (
    <div className="@container/bars">
      <ol className="bars" aria-label={t("bars", { name: serviceName, count: days.length })} aria-describedby={BARS_KEYS_ID} data-src={src} dangerouslySetInnerHTML={{ __html: barsHtml(days) }} />
      <div className="periods" aria-hidden="true" />
    </div>
  );
}

/** Minutes a component must have been observed before its uptime figure is shown (UptimeFigure). */
export const FIGURE_AFTER_MINUTES = 1440;

/** The uptime figure with its period; "No data yet" for a component observed for less than a day. */
export function UptimeFigure({ value, label, days = 90, observedMinutes, locale = "en" }: { value: number | null; label: string; days?: number; observedMinutes?: number; locale?: PageLocale }) {
  const t = translator(locale, "bars");
  const fresh = value === null || (observedMinutes !== undefined && observedMinutes < FIGURE_AFTER_MINUTES);
  return (
    <span className="uptime">
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
      <p id={BARS_KEYS_ID} className="sr-only">
        {t("keys")}
      </p>
    </div>
  );
}
