import type { ZonedMonth } from "@/lib/time/days";
import { overallUptime, type DayUptime } from "./daily";

/** One calendar month of a component: its days in the page's zone (null: still to come), and its uptime. */
export interface MonthUptime {
  /** YYYY-MM */
  key: string;
  /** 1 (Monday) … 7 (Sunday) of the month's first day */
  firstWeekday: number;
  /** one entry per day of the month; null for days after today */
  days: (DayUptime | null)[];
  /** minute-weighted over the month's observed days; null when the component did not exist yet */
  uptime: number | null;
}

/**
 * Splits a component's daily uptime (oldest first, as dailyUptime gives it over the same zone) into the
 * given calendar months, oldest first. The month's figure weighs days as overallUptime does for the bars.
 */
export function monthlyUptime(days: readonly DayUptime[], months: readonly ZonedMonth[]): MonthUptime[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return [...months]
    .sort((a, b) => a.start - b.start)
    .map((m) => {
      const monthDays = m.days.map((d) => byDay.get(d.day) ?? null);
      return { key: m.key, firstWeekday: m.firstWeekday, days: monthDays, uptime: overallUptime(monthDays.filter((d): d is DayUptime => d !== null)) };
    });
}

/** How many of the zone's days, up to and including today, the given months span (the `days` for dailyUptime). */
export function daysSpanned(months: readonly ZonedMonth[], now: number): number {
  let n = 0;
  for (const m of months) for (const d of m.days) if (d.start <= now) n++;
  return n;
}
