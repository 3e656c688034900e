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

const DAY = 86_400_000;
const UNIT = { DAY: "days", WEEK: "weeks", MONTH: "months" } as const;
// Longest real length of one step per unit (a DST change adds at most an hour; a month at most 31 days),
// used only to skip ahead conservatively, never to compute a start.
const MAX_STEP = { DAY: DAY + 3_600_000, WEEK: 7 * DAY + 3_600_000, MONTH: 31 * DAY + 3_600_000 } as const;

/** An IANA zone luxon can use (offsets such as "+01:00" are not zones a window repeats in). */
export function isIanaZone(tz: string): boolean {
  return !/^[+-]|^UTC[+-]/i.test(tz) && IANAZone.isValidZone(tz);
}

/** The zone a window repeats in: its own when valid, otherwise UTC (a legacy row with an unknown zone still repeats). */
export function zoneOf(timezone: string | null | undefined): string {
  return timezone && isIanaZone(timezone) ? timezone : "UTC";
}

/**
 * Occurrences of a (possibly repeating) window that overlap [from, to), in time order; at most `limit`.
 * Repeats are calendar steps in the window's time zone (luxon): the local wall-clock start is kept across
 * DST changes, a monthly 31st falls on shorter months' last day, and a start that does not exist on a
 * spring-forward day moves forward by the gap (02:30 → 03:30); one that exists twice keeps the first start's offset.
 * Each occurrence lasts the window's real length.
 */
export function occurrencesBetween(w: RepeatingWindow, from: number, to: number, limit = 500): Occurrence[] {
  const length = w.ends_at - w.starts_at;
  if (!w.repeat_unit) return w.starts_at < to && w.ends_at > from ? [{ windowId: w.id, startsAt: w.starts_at, endsAt: w.ends_at }] : [];
  const every = Math.max(1, w.repeat_interval ?? 1);
  const until = w.repeat_ends_at ?? Number.POSITIVE_INFINITY;
  const unit = UNIT[w.repeat_unit];
  const base = DateTime.fromMillis(w.starts_at, { zone: zoneOf(w.timezone) });
  const out: Occurrence[] = [];
  // Every start is computed from the first one (never from the previous), so a clamped 28th never sticks.
  let k = Math.max(0, Math.floor((from - length - w.starts_at) / (MAX_STEP[w.repeat_unit] * every)) - 1);
  for (let guard = 0; guard < 100_000 && out.length < limit; guard++, k++) {
    const start = base.plus({ [unit]: k * every }).toMillis();
    if (start >= to || start > until) break;
    const end = start + length;
    if (end > from) out.push({ windowId: w.id, startsAt: start, endsAt: end });
  }
  return out;
}
