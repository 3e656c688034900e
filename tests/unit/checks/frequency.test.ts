import { describe, expect, it } from "vitest";
import { FREQUENCIES, maxOffset, nextSlotAfter, offsetProblem, periodMs, phaseMs, spreadOffset } from "@/lib/checks/frequency";

describe("frequency and frequencyOffset", () => {
  it.each([
    [0, 30],
    [1, 10],
    [5, 50],
    [60, 600],
    [120, 2],
    [720, 12],
    [1440, 24],
  ])("frequency %i allows offsets up to %i", (f, max) => expect(maxOffset(f)).toBe(max));

  it.each([
    [0, 10, null],
    [0, 15, /10, 20 or 30/],
    [5, 50, null],
    [5, 51, /between 1 and 50/],
    [720, 12, null],
    [720, 13, /between 1 and 12/],
    [10, 0, /at least 1/],
  ])("frequency %i, offset %i", (f, o, problem) => {
    const got = offsetProblem(f, o);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toMatch(problem);
  });

  it("places slots in 6 s steps within periods up to an hour, 1 h steps beyond, and every N seconds for frequency 0", () => {
    const t0 = Date.UTC(2026, 10, 28, 12, 0, 0);
    expect(phaseMs(5, 21)).toBe(126_000);
    expect(nextSlotAfter(5, 21, t0)).toBe(t0 + 126_000);
    expect(nextSlotAfter(5, 21, t0 + 126_000)).toBe(t0 + 126_000 + 300_000);
    expect(phaseMs(720, 3)).toBe(3 * 3_600_000);
    expect(nextSlotAfter(0, 20, t0)).toBe(t0 + 20_000);
    expect(periodMs(0, 30)).toBe(30_000);
    // the largest offset is the period itself: the slot at the period's start
    expect(phaseMs(1, 10)).toBe(0);
  });

  it("spreads a missing offset by id, always within the formula", () => {
    for (const f of FREQUENCIES) {
      const offsets = new Set(Array.from({ length: 200 }, (_, i) => spreadOffset(f, `check-${i}`)));
      for (const o of offsets) expect(offsetProblem(f, o)).toBeNull();
      if (maxOffset(f) >= 10 && f !== 0) expect(offsets.size).toBeGreaterThan(5);
    }
  });
});
