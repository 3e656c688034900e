import { DAY_MS } from "@/lib/time/units";
import { DateTime, IANAZone } from "luxon";
import type { MaintenanceWindow } from "@/lib/db/types";

export interface Occurrence {
  windowId: number;
  startsAt: number;
  endsAt: number;
}

type RepeatingWindow = Pick<MaintenanceWindow, "id" | "starts_at" | "ends_at" | "repeat_unit" | "repeat_interval" | "repeat_ends_at"> & {
  /** IANA zone the window repeats in; null or absent = UTC */
  timezone?: string | null;
};

const UNIT = { DAY: "days", WEEK: "weeks", MONTH: "months" } as const;
const DAYS_PER_STEP = { DAY: 1, WEEK: 7 } as const;

/** The start of a repetition: `count` calendar units after the first start, in its zone (luxon keeps the wall clock). */
export type Step = (first: DateTime, unit: (typeof UNIT)[keyof typeof UNIT], count: number) => number;
const calendarStep: Step = (first, unit, count) => first.plus({ [unit]: count }).toMillis();

/** An IANA zone luxon can use (offsets such as "+01:00" are not zones a window repeats in). */
export function isIanaZone(tz: string): boolean {
  return !/^[+-]|^UTC[+-]/i.test(tz) && IANAZone.isValidZone(tz);
}

/** The zone a window repeats in: its own when valid, otherwise UTC (a legacy row with an unknown zone still repeats). */
export function zoneOf(timezone: string | null | undefined): string {
  return timezone && isIanaZone(timezone) ? timezone : "UTC";
}

/** Calendar days from a's local date to b's (both in one zone), whatever the time of day and DST. */
function daysBetween(a: DateTime, b: DateTime): number {
  return Math.round((DateTime.utc(b.year, b.month, b.day).toMillis() - DateTime.utc(a.year, a.month, a.day).toMillis()) / DAY_MS);
}

/**
 * The last repetition that starts at or before `at` (0 when none does), read off the calendar in the window's
 * zone: its local date (days, weeks) or month gives the count, so the work never depends on the window's age.
 * The count can overshoot by one when that repetition's time of day is later than `at`'s: step back then.
 */
function lastStartAtOrBefore(first: DateTime, unit: keyof typeof UNIT, every: number, at: number, step: Step): number {
  if (at < first.toMillis()) return 0;
  const local = DateTime.fromMillis(at, { zone: first.zone });
  if (!local.isValid) return 0;
  const units = unit === "MONTH" ? (local.year - first.year) * 12 + (local.month - first.month) : Math.floor(daysBetween(first, local) / DAYS_PER_STEP[unit]);
  let k = Math.max(0, Math.floor(units / every));
  while (k > 0 && !(step(first, UNIT[unit], k * every) <= at)) k--;
  return k;
}

/**
 * Occurrences of a (possibly repeating) window overlapping [from, to), in order, at most `limit`. Repeats are calendar
 * steps in the window's zone (luxon): the wall-clock start holds across DST, a monthly 31st falls on a shorter month's
 * last day, a missing start moves forward by the gap, a doubled one keeps the first offset. Each lasts the real length.
 */
export function occurrencesBetween(w: RepeatingWindow, from: number, to: number, limit = 500, step: Step = calendarStep): Occurrence[] {
  const length = w.ends_at - w.starts_at;
  if (!w.repeat_unit) return w.starts_at < to && w.ends_at > from ? [{ windowId: w.id, startsAt: w.starts_at, endsAt: w.ends_at }] : [];
  const every = Math.max(1, w.repeat_interval ?? 1);
  const until = w.repeat_ends_at ?? Number.POSITIVE_INFINITY;
  const unit = UNIT[w.repeat_unit];
  const base = DateTime.fromMillis(w.starts_at, { zone: zoneOf(w.timezone) });
  const out: Occurrence[] = [];
  // Every start is computed from the first one (never from the previous), so a clamped 28th never sticks.
  // Starting at the last one that ends by `from`, the walk is the range's occurrences plus one step either side.
  let k = lastStartAtOrBefore(base, w.repeat_unit, every, from - length, step);
  for (let guard = 0; guard < limit + 16 && out.length < limit; guard++, k++) {
    const start = step(base, unit, k * every);
    if (!(start < to) || start > until) break;
    const end = start + length;
    if (end > from) out.push({ windowId: w.id, startsAt: start, endsAt: end });
  }
  return out;
}
