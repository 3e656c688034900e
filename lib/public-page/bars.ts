import type { DayUptime } from "@/lib/uptime";
import { dayLabelIn, runLabelIn } from "@/lib/i18n/day-label";
import type { PageLocale } from "@/lib/time/locale";

/**
 * One service's uptime bars as one HTML string (a page of 200 services carries thousands of them; as React
 * elements they dominated render time). Every label is escaped here (incident names are operator text).
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STATUS_CLASS = /^[A-Z_]+$/;

/** Days at least this old are hidden on narrow cards (globals.css); a run of days never crosses one. */
const periodEdge = (age: number) => (age >= 60 ? 60 : age >= 30 ? 30 : 0);

/** A day that says nothing more than its status: no incident, no downtime, no maintenance. */
const quiet = (d: DayUptime) => d.incidentIds.length === 0 && d.downtimeMinutes === 0 && d.maintenanceMinutes === 0;
const statusOf = (d: DayUptime) => (d.worst && STATUS_CLASS.test(d.worst) ? d.worst : "NO_DATA");

/**
 * The bars, oldest first. Consecutive quiet days of the same status (most of a page's days) are one element
 * spanning them (`--n` days wide, its tooltip naming the range); a day with an incident, downtime or
 * maintenance, and today, are an element each with the day's full tooltip. So the markup grows with what
 * happened, not with the number of days shown. Runs stop at the 30- and 60-day edges so narrow cards can hide
 * the older days by `data-p` (the period that first shows them); `data-h` marks an element in the older half
 * of the view that shows it, whose tooltip opens to the right (globals.css).
 */
export function barsHtml(days: DayUptime[], incidentNames: ReadonlyMap<string, string>, locale: PageLocale = "en"): string {
  const count = days.length;
  const last = count - 1;
  let out = "";
  for (let i = 0; i < count; ) {
    const d = days[i];
    const status = statusOf(d);
    const age = last - i;
    let j = i + 1;
    if (i < last && quiet(d)) {
      // Stop before today, before a day that says more, and at a period edge.
      const edge = periodEdge(age);
      while (j < last && last - j >= edge && quiet(days[j]) && statusOf(days[j]) === status) j++;
    }
    const n = j - i;
    const tip = n === 1 ? tipOf(d, incidentNames, locale) : runTip(d, days[j - 1], status, locale);
    out += `<li class="s-${status}"${n > 1 ? ` style="--n:${n}"` : ""}${attrs(age, last - (j - 1), count)}${i === last ? ' tabindex="0"' : ""}><span>${tip}</span></li>`;
    i = j;
  }
  return out;
}

/** `data-p` (60 or 90: the shortest period showing the element) and `data-h` (older half of a view showing it). */
function attrs(oldestAge: number, newestAge: number, count: number): string {
  const p = oldestAge >= 60 ? ' data-p="90"' : oldestAge >= 30 ? ' data-p="60"' : "";
  const centre = (oldestAge + newestAge) / 2;
  // data-p="90" is always in the older half; below 30 days the 30-day view's half, from 30 on the full view's.
  const h = oldestAge < 60 && ((centre >= 15 && centre < 30) || (centre >= 30 && centre >= count / 2));
  return `${p}${h ? " data-h" : ""}`;
}

/*
 * Most of a page's bars say the same as another's (the same day, fully up, on every component without an
 * incident): an escaped tooltip is kept by what it is made of, incident names included, so a renamed incident
 * makes a new one. A quiet day (no incident, no downtime, no maintenance) is looked up by its parts without
 * building a key. Bounded: cleared whole when full.
 */
const TIP_LIMIT = 20_000;
const tips = new Map<string, string>();
const quietTips = new Map<string, Map<string, Map<number | null, string>>>();
let quietCount = 0;

function tipOf(d: DayUptime, incidentNames: ReadonlyMap<string, string>, locale: PageLocale): string {
  if (quiet(d)) return quietTip(d, incidentNames, locale);
  const names = d.incidentIds.map((id) => incidentNames.get(id) ?? "").join("\u0000");
  const key = `${locale}|${d.day}|${d.worst}|${d.uptime}|${d.downtimeMinutes}|${d.maintenanceMinutes}|${d.incidentIds.length}|${names}`;
  let tip = tips.get(key);
  if (tip === undefined) {
    if (tips.size >= TIP_LIMIT) tips.clear();
    tips.set(key, (tip = escapeHtml(dayLabelIn(d, incidentNames, locale))));
  }
  return tip;
}

function quietTip(d: DayUptime, incidentNames: ReadonlyMap<string, string>, locale: PageLocale): string {
  const byStatus = `${locale}|${d.worst}`;
  let byDay = quietTips.get(byStatus);
  if (!byDay) quietTips.set(byStatus, (byDay = new Map()));
  let byUptime = byDay.get(d.day);
  if (!byUptime) byDay.set(d.day, (byUptime = new Map()));
  let tip = byUptime.get(d.uptime);
  if (tip === undefined) {
    if (quietCount >= TIP_LIMIT) {
      quietTips.clear();
      quietCount = 0;
    }
    byUptime.set(d.uptime, (tip = escapeHtml(dayLabelIn(d, incidentNames, locale))));
    quietCount++;
  }
  return tip;
}

function runTip(first: DayUptime, lastDay: DayUptime, status: string, locale: PageLocale): string {
  const key = `${locale}|${status}|${first.day}|${lastDay.day}`;
  let tip = tips.get(key);
  if (tip === undefined) {
    if (tips.size >= TIP_LIMIT) tips.clear();
    tips.set(key, (tip = escapeHtml(runLabelIn(first.day, lastDay.day, status === "NO_DATA" ? null : first.worst, locale))));
  }
  return tip;
}
