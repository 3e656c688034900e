import { escapeHtml } from "@/lib/text/escape";
import { translator } from "@/lib/i18n";
import { dayLabelIn } from "@/lib/i18n/day-label";
import { formatDayKey } from "@/lib/time/format";
import type { PageLocale } from "@/lib/time/locale";
import type { MonthUptime } from "@/lib/uptime";

/*
 * A month's day cells as one HTML string, like the bars: twelve months per component are thousands of cells, which
 * as React elements would dominate the render. The page carries each cell twice (HTML and RSC payload), so a cell
 * names only status, day and label (its shape is set once, CELLS). Labels are escaped here; classes in full for Tailwind.
 */
export const CELLS = "*:relative *:block *:aspect-square *:min-h-3 *:rounded-[3px]";

/** Once around all calendars: a hovered day shows its (visually hidden) label as a tooltip, as a bar does. */
export const CALENDAR_TIPS =
  "[&_ol>li:hover>span]:not-sr-only [&_ol>li:hover>span]:pointer-events-none [&_ol>li:hover>span]:absolute " +
  "[&_ol>li:hover>span]:bottom-[calc(100%+4px)] [&_ol>li:hover>span]:left-1/2 [&_ol>li:hover>span]:z-20 " +
  "[&_ol>li:hover>span]:w-max [&_ol>li:hover>span]:max-w-56 [&_ol>li:hover>span]:-translate-x-1/2 " +
  "[&_ol>li:hover>span]:rounded-sm [&_ol>li:hover>span]:bg-title [&_ol>li:hover>span]:px-2 " +
  "[&_ol>li:hover>span]:py-1 [&_ol>li:hover>span]:text-xs [&_ol>li:hover>span]:text-card";
const COL_START = ["", "col-start-1", "col-start-2", "col-start-3", "col-start-4", "col-start-5", "col-start-6", "col-start-7"];
const STATUS_CLASS = /^[A-Z_]+$/;

export function monthCellsHtml(month: MonthUptime, incidentNames: ReadonlyMap<string, string>, locale: PageLocale = "en"): string {
  const t = translator(locale, "uptimePage");
  let out = "";
  month.days.forEach((d, i) => {
    const start = i === 0 ? `${COL_START[month.firstWeekday]} ` : "";
    if (d === null) {
      const day = `${month.key}-${String(i + 1).padStart(2, "0")}`;
      out += `<li class="${start}border border-dashed border-line" data-day="${day}"><span class="sr-only">${escapeHtml(t("futureDay", { day: formatDayKey(day, locale) }))}</span></li>`;
      return;
    }
    const status = d.worst && STATUS_CLASS.test(d.worst) ? d.worst : "NO_DATA";
    const look = status === "NO_DATA" ? "border border-nodata" : "bg-status";
    out += `<li class="${start}s-${status} ${look}" data-day="${d.day}"><span class="sr-only">${escapeHtml(dayLabelIn(d, incidentNames, locale))}</span></li>`;
  });
  return out;
}
