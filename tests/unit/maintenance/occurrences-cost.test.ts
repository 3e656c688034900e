import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { occurrencesBetween, type Step } from "@/lib/maintenance/occurrences";

const H = 3_600_000;
const D = 24 * H;
type W = Parameters<typeof occurrencesBetween>[0];

/** The calendar step occurrencesBetween uses, counting its calls: the work of one call, whatever the clock says. */
function counted() {
  const step: Step & { calls: number } = Object.assign((first: DateTime, unit: "days" | "weeks" | "months", count: number) => {
    step.calls++;
    return first.plus({ [unit]: count }).toMillis();
  }, { calls: 0 });
  return step;
}

const NOW = DateTime.fromISO("2026-06-15T12:00", { zone: "Europe/Berlin" });

/** A window whose first start is `ago` before NOW's wall clock (03:30 local): as an old database row could hold it. */
function started(ago: Record<string, number>, repeat_unit: W["repeat_unit"], timezone: string | null = "Europe/Berlin"): W {
  const first = NOW.minus(ago).set({ hour: 3, minute: 30 }).toMillis();
  return { id: 1, starts_at: first, ends_at: first + 2 * H, repeat_unit, repeat_interval: 1, repeat_ends_at: null, timezone };
}

/** Steps taken and occurrences found for the week after NOW. */
function cost(w: W) {
  const step = counted();
  const occ = occurrencesBetween(w, NOW.toMillis(), NOW.toMillis() + 7 * D, 500, step);
  return { steps: step.calls, found: occ.length };
}

describe("the cost of a window's occurrences does not depend on how long ago it started", () => {
  const cases: [string, W["repeat_unit"], Record<string, number>, Record<string, number>, number][] = [
    // Whole weeks back keep the weekday, whole months the day of the month: the two windows meet the range alike.
    ["daily", "DAY", { weeks: 52 }, { weeks: 52 * 50 + 9 }, 7],
    ["weekly", "WEEK", { weeks: 52 }, { weeks: 52 * 50 + 9 }, 1],
    ["monthly", "MONTH", { months: 12 }, { months: 600 }, 0],
  ];
  for (const [label, unit, oneYear, fiftyYears, found] of cases) {
    it(`${label}: one year ago and fifty years ago take the same few steps`, () => {
      for (const zone of ["Europe/Berlin", null]) {
        const recent = cost(started(oneYear, unit, zone));
        const old = cost(started(fiftyYears, unit, zone));
        expect(old.found).toBe(found);
        expect(recent.found).toBe(found);
        expect(old.steps).toBe(recent.steps);
        // The occurrences, one step past the range, and at most a couple to find the first one.
        expect(old.steps).toBeGreaterThan(0);
        expect(old.steps).toBeLessThanOrEqual(found + 4);
      }
    });
  }

  it("a daily window from year 1 (a typo a row could hold) costs no more than one from last year", () => {
    const ancient: W = { ...started({ weeks: 52 }, "DAY"), starts_at: Date.parse("0001-01-01T01:30:00Z"), ends_at: Date.parse("0001-01-01T03:30:00Z") };
    const { steps, found } = cost(ancient);
    expect(found).toBe(7);
    expect(steps).toBeLessThanOrEqual(found + 4);
  });
});
