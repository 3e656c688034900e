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
    out += `<li class="bar s-${status}"${i === last ? ' tabindex="0"' : ""}><span class="tip">${escapeHtml(dayLabelIn(d, incidentNames, locale))}</span></li>`;
  });
  return out;
}
