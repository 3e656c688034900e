import type { DayUptime } from "@/lib/uptime";
import { dayLabelIn } from "@/lib/i18n/day-label";
import type { PageLocale } from "@/lib/time/locale";

/**
 * The 90 <li> of one service's uptime bars as one HTML string. The page carries 900 of them, and as
 * React elements they dominated render time; as a string they cost one template each. Every label is
 * escaped here (incident names are operator text).
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STATUS_CLASS = /^[A-Z_]+$/;

export function barsHtml(days: DayUptime[], incidentNames: ReadonlyMap<string, string>, locale: PageLocale = "en"): string {
  const last = days.length - 1;
  let out = "";
  days.forEach((d, i) => {
    const status = d.worst && STATUS_CLASS.test(d.worst) ? d.worst : "NO_DATA";
    out += `<li class="bar s-${status}"${i === last ? ' tabindex="0"' : ""}><span class="tip">${tipOf(d, incidentNames, locale)}</span></li>`;
  });
  return out;
}

/*
 * Most of a page's bars say the same as another's (the same day, fully up, on every component without an
 * incident): an escaped tooltip is kept by what it is made of, incident names included, so a renamed incident
 * makes a new one. A quiet day (no incident, no downtime, no maintenance) is looked up by its parts without
 * building a key: the demo page has 900 bars and this lookup ran for each on every render (profiled, issue 15).
 * Bounded: cleared whole when full.
 */
const TIP_LIMIT = 20_000;
const tips = new Map<string, string>();
const quiet = new Map<string, Map<string, Map<number | null, string>>>();
let quietCount = 0;

function tipOf(d: DayUptime, incidentNames: ReadonlyMap<string, string>, locale: PageLocale): string {
  if (d.incidentIds.length === 0 && d.downtimeMinutes === 0 && d.maintenanceMinutes === 0) return quietTip(d, incidentNames, locale);
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
  let days = quiet.get(byStatus);
  if (!days) quiet.set(byStatus, (days = new Map()));
  let byUptime = days.get(d.day);
  if (!byUptime) days.set(d.day, (byUptime = new Map()));
  let tip = byUptime.get(d.uptime);
  if (tip === undefined) {
    if (quietCount >= TIP_LIMIT) {
      quiet.clear();
      quietCount = 0;
    }
    byUptime.set(d.uptime, (tip = escapeHtml(dayLabelIn(d, incidentNames, locale))));
    quietCount++;
  }
  return tip;
}
