import type { DayUptime } from "@/lib/uptime";
import { dayLabelIn, runLabelIn } from "@/lib/i18n/day-label";
import type { PageLocale } from "@/lib/time/locale";
import { escapeHtml } from "@/lib/text/escape";

/**
 * One component's uptime bars as one HTML string (a page of 200 components carries thousands of them; as React
 * elements they dominated render time). Every label is escaped here (incident names are operator text).
 */

/**
 * A bar's colour as a one-letter class (globals.css): a page of 200 components has thousands of bars, and
 * `s-PARTIAL_OUTAGE` on each of them cost a tenth of its HTML. The one list of them; the keys are every status
 * a day can have.
 */
export const BAR_CLASS = { OPERATIONAL: "o", DEGRADED_PERFORMANCE: "d", PARTIAL_OUTAGE: "p", MAJOR_OUTAGE: "m", UNDER_MAINTENANCE: "u", NO_DATA: "n" } as const;
type BarStatus = keyof typeof BAR_CLASS;

/** Days at least this old are hidden on narrow cards (globals.css); a run of days never crosses one. */
const periodEdge = (age: number) => (age >= 60 ? 60 : age >= 30 ? 30 : 0);

/** A day that says nothing more than its status: no incident, no downtime, no maintenance. */
const quiet = (d: DayUptime) => d.incidentIds.length === 0 && d.downtimeMinutes === 0 && d.maintenanceMinutes === 0;
// Own keys only: `in` would also accept "constructor" and the rest of Object's prototype.
const statusOf = (d: DayUptime): BarStatus => (d.worst && Object.hasOwn(BAR_CLASS, d.worst) ? d.worst : "NO_DATA");

/** One element of the bars: `n` days from `days[i]`, `age` days before today at its oldest. */
interface Run {
  i: number;
  n: number;
  status: BarStatus;
  age: number;
}

/**
 * The elements, oldest first: consecutive quiet days of one status are one element `--n` days wide; a day with an
 * incident, downtime or maintenance, and today, are one each, so the markup grows with what happened, not the days
 * shown. Runs stop at the 30- and 60-day edges so narrow cards can hide the older days.
 */
function runsOf(days: DayUptime[]): Run[] {
  const last = days.length - 1;
  const out: Run[] = [];
  for (let i = 0; i < days.length; ) {
    const d = days[i];
    const status = statusOf(d);
    let j = i + 1;
    if (i < last && quiet(d)) {
      // Stop before today, before a day that says more, and at a period edge.
      const edge = periodEdge(last - i);
      while (j < last && last - j >= edge && quiet(days[j]) && statusOf(days[j]) === status) j++;
    }
    out.push({ i, n: j - i, status, age: last - i });
    i = j;
  }
  return out;
}

/**
 * The start of an element: its colour, its width in days, and `a` on the first element of the last 60 days and
 * `b` on the first of the last 30 (a narrow card hides what comes before them, globals.css). Today's element is
 * the list's one tab stop. Attribute values without a space need no quotes (letters, digits, `-` and `:`).
 */
function open(r: Run, count: number, extra = ""): string {
  const edge = r.age === 59 && count > 60 ? "a" : r.age === 29 && count > 30 ? "b" : "";
  const cls = edge ? `"${BAR_CLASS[r.status]} ${edge}"` : BAR_CLASS[r.status];
  return `<li class=${cls}${r.n > 1 ? ` style=--n:${r.n}` : ""}${extra}${r.age === 0 ? " tabindex=0" : ""}>`;
}

/**
 * Everything barsHtml draws from, one letter a day: the day's colour, in capitals when the day is not quiet.
 * Two lists with the same key have the same bars (the card memo keys on it: lib/static-pages/card-memo.tsx).
 */
export function barsKey(days: DayUptime[]): string {
  // Joined once: `+=` a letter at a time made a rope of 90 pieces for each of a large page's 200 lists at every render.
  const letters = new Array<string>(days.length);
  for (let i = 0; i < days.length; i++) letters[i] = quiet(days[i]) ? BAR_CLASS[statusOf(days[i])] : BAR_CLASS[statusOf(days[i])].toUpperCase();
  return letters.join("");
}

/**
 * The bars as the page carries them: colour and width only. What each day was (its uptime, downtime and
 * incidents) is fetched when a visitor reaches the bars (labelledBarsHtml, components/islands): written into
 * every element it was most of a large page's HTML.
 */
export function barsHtml(days: DayUptime[]): string {
  let out = "";
  for (const r of runsOf(days)) out += `${open(r, days.length)}</li>`;
  return out;
}

/**
 * The same elements with their labels (a visually hidden <span>, shown as the tooltip on hover and focus), for
 * the bars' own route: `data-p` (60 or 90: the shortest period showing the element) and `data-h` (an element in
 * the older half of a view showing it) say which way its tooltip opens (globals.css).
 */
export function labelledBarsHtml(days: DayUptime[], incidentNames: ReadonlyMap<string, string>, locale: PageLocale = "en"): string {
  let out = "";
  for (const r of runsOf(days)) {
    const d = days[r.i];
    const tip = r.n === 1 ? tipOf(d, incidentNames, locale) : runTip(d, days[r.i + r.n - 1], r.status, locale);
    out += `${open(r, days.length, attrs(r.age, r.age - r.n + 1, days.length))}<span>${tip}</span></li>`;
  }
  return out;
}

/** `data-p` (60 or 90: the shortest period showing the element) and `data-h` (older half of a view showing it). */
function attrs(oldestAge: number, newestAge: number, count: number): string {
  const p = oldestAge >= 60 ? " data-p=90" : oldestAge >= 30 ? " data-p=60" : "";
  const centre = (oldestAge + newestAge) / 2;
  // data-p=90 is always in the older half; below 30 days the 30-day view's half, from 30 on the full view's.
  const h = oldestAge < 60 && ((centre >= 15 && centre < 30) || (centre >= 30 && centre >= count / 2));
  return `${p}${h ? " data-h" : ""}`;
}

/*
 * Most bars say the same as another's (one day, fully up, on every quiet component): escaped tooltips are kept by what
 * they are made of, incident names included (a rename makes a new one); a quiet day is looked up by its parts without
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

function runTip(first: DayUptime, lastDay: DayUptime, status: BarStatus, locale: PageLocale): string {
  const key = `${locale}|${status}|${first.day}|${lastDay.day}`;
  let tip = tips.get(key);
  if (tip === undefined) {
    if (tips.size >= TIP_LIMIT) tips.clear();
    tips.set(key, (tip = escapeHtml(runLabelIn(first.day, lastDay.day, status === "NO_DATA" ? null : first.worst, locale))));
  }
  return tip;
}
