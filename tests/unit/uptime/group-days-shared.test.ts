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

describe("groupDays kept across renders (the same day objects sum to the same day)", () => {
  const up = day();
  // Groups of eight and more are kept (smaller ones cost less to sum): six more fully-up components.
  const pad = (groups: DayUptime[][]) => [...groups, ...Array.from({ length: 6 }, () => groups[0].map(() => up))];
  const down = (id: string) => day({ uptime: 95, worst: "MAJOR_OUTAGE", downtimeMinutes: 72, incidentIds: [id] });

  it("answers the kept day for the same objects, and sums afresh when any component's day is another object", () => {
    const a = [up, down("a")];
    const b = [down("b"), up];
    const first = groupDays(pad([a, b]), true);
    expect(groupDays(pad([a, b]), true)[1]).toBe(first[1]);
    // A new object for one component's day (a write changed its history): summed again, from the new values.
    const changed = groupDays(pad([a, [down("b"), day({ uptime: 50, worst: "PARTIAL_OUTAGE", downtimeMinutes: 720, incidentIds: ["c"] })]]), true);
    expect(changed[1]).not.toBe(first[1]);
    expect(changed[1]).toEqual({ ...up, day: up.day, uptime: (95 + 50 + 600) / 8, worst: "MAJOR_OUTAGE", downtimeMinutes: (72 + 720) / 8, incidentIds: ["a", "c"] });
  });

  it("keeps apart groups that start with the same day object, and groups of other sizes", () => {
    const x = down("x");
    const withUp = groupDays(pad([[x], [up]]), true)[0];
    const withDown = groupDays(pad([[x], [down("y")]]), true)[0];
    const more = groupDays(pad([[x], [x], [x]]), true)[0];
    expect(withUp).toEqual({ ...x, uptime: (95 + 700) / 8, downtimeMinutes: 72 / 8 });
    expect(withDown).toEqual({ ...x, uptime: (190 + 600) / 8, downtimeMinutes: 144 / 8, incidentIds: ["x", "y"] });
    expect(more).toEqual({ ...x, uptime: (285 + 600) / 9, downtimeMinutes: 216 / 9 });
    expect(groupDays(pad([[x], [up]]), true)[0]).toBe(withUp);
    expect(groupDays(pad([[x], [x], [x]]), true)[0]).toBe(more);
  });
});

it("keeps nothing for days derived afresh (the full read) nor for small groups: the same objects are summed again", () => {
  const a = [day(), day({ uptime: 99, worst: "DEGRADED_PERFORMANCE", downtimeMinutes: 1, incidentIds: ["d"] })];
  const b = [day({ uptime: 98, worst: "PARTIAL_OUTAGE", downtimeMinutes: 2, incidentIds: ["e"] }), day()];
  const big = [a, b, ...Array.from({ length: 6 }, () => [day(), day()])];
  expect(groupDays(big)[1]).not.toBe(groupDays(big)[1]);
  expect(groupDays(big)[1]).toEqual(groupDays(big, true)[1]);
  expect(groupDays([a, b], true)[0]).not.toBe(groupDays([a, b], true)[0]);
});
