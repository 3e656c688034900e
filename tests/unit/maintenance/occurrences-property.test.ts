import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { occurrencesBetween, zoneOf, type Occurrence } from "@/lib/maintenance/occurrences";

const H = 3_600_000;
const D = 24 * H;
type W = Parameters<typeof occurrencesBetween>[0];

/*
 * The reference: the walk occurrencesBetween did before it computed its first repetition from the calendar,
 * kept here only. It skips ahead by the longest real step, then walks one repetition at a time.
 */
const UNIT = { DAY: "days", WEEK: "weeks", MONTH: "months" } as const;
const MAX_STEP = { DAY: D + H, WEEK: 7 * D + H, MONTH: 31 * D + H } as const;
function walked(w: W, from: number, to: number, limit = 500): Occurrence[] {
  const length = w.ends_at - w.starts_at;
  if (!w.repeat_unit) return w.starts_at < to && w.ends_at > from ? [{ windowId: w.id, startsAt: w.starts_at, endsAt: w.ends_at }] : [];
  const every = Math.max(1, w.repeat_interval ?? 1);
  const until = w.repeat_ends_at ?? Number.POSITIVE_INFINITY;
  const unit = UNIT[w.repeat_unit];
  const base = DateTime.fromMillis(w.starts_at, { zone: zoneOf(w.timezone) });
  const out: Occurrence[] = [];
  let k = Math.max(0, Math.floor((from - length - w.starts_at) / (MAX_STEP[w.repeat_unit] * every)) - 1);
  for (let guard = 0; guard < 100_000 && out.length < limit; guard++, k++) {
    const start = base.plus({ [unit]: k * every }).toMillis();
    if (start >= to || start > until) break;
    const end = start + length;
    if (end > from) out.push({ windowId: w.id, startsAt: start, endsAt: end });
  }
  return out;
}

// Zones with DST gaps and overlaps at 02:00, at midnight (Santiago), of 30 minutes (Lord Howe), south and north, and none.
const ZONES = [null, "UTC", "Europe/Berlin", "America/New_York", "America/Santiago", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Auckland", "Europe/London", "Asia/Tehran"];
const YEAR_2000 = Date.UTC(2000, 0, 1);
const YEAR_2030 = Date.UTC(2030, 0, 1);

// Starts cluster on the hours DST changes happen at, so gaps and repeated hours come up often.
const localStart = fc.record({
  day: fc.integer({ min: YEAR_2000, max: YEAR_2030 }).map((ms) => Math.floor(ms / D) * D),
  minute: fc.oneof(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 0, max: 3 * 60 }), fc.constantFrom(0, 30, 60, 90, 120, 150, 180, 23 * 60 + 30)),
});

const windowAndRange = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    start: localStart,
    lengthMinutes: fc.oneof(fc.integer({ min: 1, max: 180 }), fc.integer({ min: 1, max: 5 * 24 * 60 }), fc.integer({ min: 1, max: 40 * 24 * 60 })),
    unit: fc.constantFrom("DAY" as const, "WEEK" as const, "MONTH" as const, null),
    every: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 365 })),
    untilDays: fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null }),
    fromOffsetDays: fc.oneof(fc.integer({ min: -60, max: 60 }), fc.integer({ min: -400, max: 10_000 })),
    fromMinute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    spanMinutes: fc.oneof(fc.integer({ min: 1, max: 3 * 24 * 60 }), fc.integer({ min: 1, max: 400 * 24 * 60 })),
    limit: fc.oneof(fc.constant(500), fc.integer({ min: 1, max: 20 })),
  })
  .map((r) => {
    const zone = zoneOf(r.zone);
    const day = DateTime.fromMillis(r.start.day, { zone: "UTC" });
    const first = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: Math.floor(r.start.minute / 60), minute: r.start.minute % 60 }, { zone }).toMillis();
    const w: W = {
      id: 3,
      starts_at: first,
      ends_at: first + r.lengthMinutes * 60_000,
      repeat_unit: r.unit,
      repeat_interval: r.every,
      repeat_ends_at: r.untilDays === null ? null : first + r.untilDays * D,
      timezone: r.zone,
    };
    const from = first + r.fromOffsetDays * D + r.fromMinute * 60_000;
    return { w, from, to: from + r.spanMinutes * 60_000, limit: r.limit };
  });

describe("occurrencesBetween yields exactly what the walk from the first start did", () => {
  it("for random windows, zones and ranges", () => {
    fc.assert(
      fc.property(windowAndRange, ({ w, from, to, limit }) => {
        expect(occurrencesBetween(w, from, to, limit)).toEqual(walked(w, from, to, limit));
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it("around DST changes: ranges starting on the hours before, during and after the change", () => {
    const cases: [string, string][] = [
      ["Europe/Berlin", "2026-03-29"], ["Europe/Berlin", "2026-10-25"], ["America/Santiago", "2026-04-05"], ["America/Santiago", "2026-09-06"],
      ["Australia/Lord_Howe", "2026-04-05"], ["Australia/Lord_Howe", "2026-10-04"],
    ];
    for (const [zone, day] of cases) {
      for (const unit of ["DAY", "WEEK", "MONTH"] as const) {
        for (const hm of ["00:00", "01:30", "02:00", "02:30", "23:30"]) {
          const first = DateTime.fromISO(`2025-01-31T${hm}`, { zone }).toMillis();
          const w: W = { id: 1, starts_at: first, ends_at: first + 90 * 60_000, repeat_unit: unit, repeat_interval: 1, repeat_ends_at: null, timezone: zone };
          for (const h of [-1, 0, 1, 2, 3, 4, 22, 23, 24, 25]) {
            const from = DateTime.fromISO(day, { zone }).toMillis() + h * H;
            expect(occurrencesBetween(w, from, from + 8 * D), `${zone} ${unit} ${hm} +${h}h`).toEqual(walked(w, from, from + 8 * D));
          }
        }
      }
    }
  }, 60_000);
});
