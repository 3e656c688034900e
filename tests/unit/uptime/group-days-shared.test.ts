/**
 * A group's days when its components share day objects (stored strips lend quiet days to every component of a
 * page, lib/uptime/strips.ts): the same values as when each component has its own copy.
 */
import { describe, expect, it } from "vitest";
import { groupDays, type DayUptime } from "@/lib/uptime";

const day = (over: Partial<DayUptime> = {}): DayUptime => ({ day: "2026-11-20", uptime: 100, worst: "OPERATIONAL", incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 1440, ...over });
const copies = (d: DayUptime, n: number) => Array.from({ length: n }, () => ({ ...d, incidentIds: [...d.incidentIds] }));

describe("groupDays over shared days", () => {
  it.each([
    ["fully up", day()],
    ["no data", day({ uptime: null, worst: null, observedMinutes: 0 })],
    ["up since mid-day, fractional minutes", day({ observedMinutes: 700.1 })],
    ["maintenance", day({ worst: "UNDER_MAINTENANCE", maintenanceMinutes: 0.1 })],
    ["an outage", day({ uptime: 99.7, worst: "MAJOR_OUTAGE", downtimeMinutes: 4.32, incidentIds: ["i"] })],
  ])("%s: the same as from copies", (_name, d) => {
    for (const n of [1, 3, 7]) {
      const shared = groupDays(Array.from({ length: n }, () => [d]));
      expect(shared).toEqual(groupDays(copies(d, n).map((c) => [c])));
    }
  });

  it("a day that differs on one component is summed as always", () => {
    const up = day();
    const down = day({ uptime: 90, worst: "PARTIAL_OUTAGE", downtimeMinutes: 144, incidentIds: ["x"] });
    expect(groupDays([[up], [up], [down]])[0]).toEqual({ ...up, uptime: (200 + 90) / 3, worst: "PARTIAL_OUTAGE", downtimeMinutes: 48, incidentIds: ["x"] });
  });
});
