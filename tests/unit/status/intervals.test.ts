import { describe, expect, it } from "vitest";
import { incidentOpenIntervals, openIntervalsFromUpdates } from "../../../lib/status";
import type { UpdateStatus } from "../../../lib/status";

const u = (status: UpdateStatus, at: number) => ({ status, at });

describe("openIntervalsFromUpdates", () => {
  it("returns nothing for no updates", () => {
    expect(openIntervalsFromUpdates([])).toEqual([]);
  });

  it("is open from the first update while unresolved", () => {
    expect(openIntervalsFromUpdates([u("INVESTIGATING", 10), u("IDENTIFIED", 20), u("MONITORING", 30)])).toEqual([
      { from: 10, to: null },
    ]);
  });

  it("closes at the RESOLVED update", () => {
    expect(openIntervalsFromUpdates([u("INVESTIGATING", 10), u("MONITORING", 20), u("RESOLVED", 30)])).toEqual([
      { from: 10, to: 30 },
    ]);
  });

  it("reopens on a non-RESOLVED update after RESOLVED", () => {
    const updates = [
      u("INVESTIGATING", 10),
      u("RESOLVED", 20),
      u("INVESTIGATING", 50),
      u("IDENTIFIED", 60),
      u("RESOLVED", 70),
      u("MONITORING", 100),
    ];
    expect(openIntervalsFromUpdates(updates)).toEqual([
      { from: 10, to: 20 },
      { from: 50, to: 70 },
      { from: 100, to: null },
    ]);
  });

  it("ignores repeated RESOLVED updates and a leading RESOLVED", () => {
    expect(openIntervalsFromUpdates([u("RESOLVED", 5), u("INVESTIGATING", 10), u("RESOLVED", 20), u("RESOLVED", 30)])).toEqual([
      { from: 10, to: 20 },
    ]);
  });

  it("sorts updates by time without mutating the input", () => {
    const updates = [u("RESOLVED", 20), u("INVESTIGATING", 10)];
    expect(openIntervalsFromUpdates(updates)).toEqual([{ from: 10, to: 20 }]);
    expect(updates[0].at).toBe(20);
  });
});

describe("incidentOpenIntervals", () => {
  const base = { id: "i", severity: "MAJOR" as const, serviceIds: ["api"], startedAt: 10, resolvedAt: 20 };

  it("uses startedAt/resolvedAt without history", () => {
    expect(incidentOpenIntervals(base)).toEqual([{ from: 10, to: 20 }]);
    expect(incidentOpenIntervals({ ...base, resolvedAt: null })).toEqual([{ from: 10, to: null }]);
  });

  it("prefers openIntervals when present", () => {
    const openIntervals = [
      { from: 10, to: 15 },
      { from: 18, to: 20 },
    ];
    expect(incidentOpenIntervals({ ...base, openIntervals })).toEqual(openIntervals);
  });
});
