import { statusLabel, statusOrNoDataLabel } from "@/lib/status/labels";
import { formatDayKey } from "@/lib/time/format";
import type { PageLocale } from "@/lib/time/locale";
import type { DayUptime } from "@/lib/uptime";
import { formatUptimeIn, translator } from "./index";

/*
 * An uptime bar's tooltip and accessible label in the page's language: lib/public-page/view.ts dayLabel's
 * wording, whose English it reproduces character for character (tests/unit/i18n/day-label.test.ts).
 */

function duration(minutes: number, locale: PageLocale): string {
  const t = translator(locale, "bars");
  const m = Math.max(1, Math.round(minutes));
  if (m < 60) return t("min", { minutes: m });
  return m % 60 ? t("hoursMin", { hours: Math.floor(m / 60), minutes: m % 60 }) : t("hours", { hours: Math.floor(m / 60) });
}

export function dayLabelIn(d: DayUptime, incidentNames: ReadonlyMap<string, string>, locale: PageLocale): string {
  const t = translator(locale, "bars");
  const date = formatDayKey(d.day, locale);
  if (d.uptime === null) return `${date}: ${statusOrNoDataLabel("NO_DATA", locale)}`;
  const names = d.incidentIds.map((id) => incidentNames.get(id)).filter((n): n is string => !!n);
  const count = d.incidentIds.length;
  let text = `${date}: ${statusLabel(d.worst ?? "OPERATIONAL", locale)}`;
  if (d.downtimeMinutes > 0) text += ` ${t("tipDowntime", { duration: duration(d.downtimeMinutes, locale) })}`;
  text += ` · ${t("tipUptime", { value: formatUptimeIn(d.uptime, locale) })}`;
  if (count > 0) text += ` · ${t("tipIncidents", { count })}${names.length ? `: ${names.slice(0, 3).join("; ")}${names.length > 3 ? " …" : ""}` : ""}`;
  if (d.maintenanceMinutes > 0) text += ` · ${t("tipMaintenance", { duration: duration(d.maintenanceMinutes, locale) })}`;
  return text;
}

/** Calendar days as the page's language writes a range ("28 August – 3 September 2026"); English as formatDayKey writes a day. */
const rangeFormats = new Map<PageLocale, Intl.DateTimeFormat>();
function dayRange(from: string, to: string, locale: PageLocale): string {
  // This ICU writes a Japanese range of long dates as numbers ("2026/08/28～2026/09/03"): two days as the page writes one.
  if (locale === "ja") return `${formatDayKey(from, locale)}～${formatDayKey(to, locale)}`;
  let f = rangeFormats.get(locale);
  if (!f) rangeFormats.set(locale, (f = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })));
  return f.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
}

/**
 * The tooltip of a run of quiet days (no incident, downtime or maintenance) of one status, drawn as one bar
 * element (lib/public-page/bars.ts): "3 October – 2 November 2026: Operational · 100% uptime · no incidents",
 * or "…: No data yet" for days before a component existed (`worst` null).
 */
export function runLabelIn(from: string, to: string, worst: DayUptime["worst"], locale: PageLocale): string {
  const range = dayRange(from, to, locale);
  if (worst === null) return `${range}: ${statusOrNoDataLabel("NO_DATA", locale)}`;
  const t = translator(locale, "bars");
  return `${range}: ${statusLabel(worst, locale)} · ${t("tipUptime", { value: formatUptimeIn(100, locale) })} · ${t("tipNoIncidents")}`;
}

/** An incident's length in the locale: lib/public-page/view.ts formatDuration's wording, whose English it matches. */
export function formatDurationIn(seconds: number | null, locale: PageLocale): string | null {
  if (seconds === null) return null;
  const t = translator(locale, "incidentPage");
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t("minutes", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return duration(minutes, locale);
  return t("days", { days: Math.floor(hours / 24), hours: hours % 24 });
}
