import { describe, expect, it } from "vitest";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";

const H = 3_600_000;
const D = 24 * H;
const base = Date.UTC(2026, 0, 31, 22, 0, 0); // 31 Jan, 22:00 UTC
const w = (over: Partial<Parameters<typeof occurrencesBetween>[0]> = {}) => ({
  id: 1, starts_at: base, ends_at: base + 2 * H, repeat_unit: null, repeat_interval: null, repeat_ends_at: null, ...over,
});

describe("maintenance occurrences", () => {
  it("returns a one-off window only when it overlaps the range", () => {
    expect(occurrencesBetween(w(), base - D, base + D)).toEqual([{ windowId: 1, startsAt: base, endsAt: base + 2 * H }]);
    expect(occurrencesBetween(w(), base + 2 * H, base + D)).toEqual([]);
    expect(occurrencesBetween(w(), base + H, base + D)).toHaveLength(1);
  });

  it("repeats daily every N days and stops at repeatEndsAt", () => {
    const occ = occurrencesBetween(w({ repeat_unit: "DAY", repeat_interval: 2, repeat_ends_at: base + 6 * D }), base, base + 30 * D);
    expect(occ.map((o) => (o.startsAt - base) / D)).toEqual([0, 2, 4, 6]);
  });

  it("skips ahead to far-future ranges without walking every week", () => {
    const occ = occurrencesBetween(w({ repeat_unit: "WEEK", repeat_interval: 1 }), base + 700 * 7 * D, base + 702 * 7 * D);
    expect(occ.map((o) => Math.round((o.startsAt - base) / (7 * D)))).toEqual([700, 701]);
  });

  it("clamps monthly repeats from the 31st to the month's last day", () => {
    const occ = occurrencesBetween(w({ repeat_unit: "MONTH", repeat_interval: 1 }), base, base + 100 * D);
    expect(occ.map((o) => new Date(o.startsAt).toISOString().slice(0, 16))).toEqual([
      "2026-01-31T22:00", "2026-02-28T22:00", "2026-03-31T22:00", "2026-04-30T22:00",
    ]);
  });

  it("includes an occurrence already running at the start of the range", () => {
    const occ = occurrencesBetween(w({ repeat_unit: "DAY", repeat_interval: 1 }), base + 5 * D + H, base + 5 * D + 90 * 60_000);
    expect(occ).toEqual([{ windowId: 1, startsAt: base + 5 * D, endsAt: base + 5 * D + 2 * H }]);
  });
});
