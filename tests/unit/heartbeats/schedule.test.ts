import { describe, expect, it } from "vitest";
import type { HeartbeatSettings } from "@/lib/checks/types";
import { classifyPing, dueTransitions } from "@/lib/heartbeats/schedule";

const S = 1000;
const MIN = 60 * S;
const every2m: HeartbeatSettings = { period: 2, periodUnit: "minutes", grace: 1, graceUnit: "minutes" };
const noGrace: HeartbeatSettings = { period: 30, periodUnit: "seconds", grace: 0, graceUnit: "seconds" };

describe("heartbeat windows", () => {
  const pings: [string, number | null, number, HeartbeatSettings, string][] = [
    ["first ping inside the period", null, 1 * MIN, every2m, "RECEIVED"],
    ["on time after an earlier ping", 0, 1 * MIN + 30 * S, every2m, "RECEIVED"],
    ["sooner than half a period after the last", 0, 50 * S, every2m, "EARLY"],
    ["inside the grace", null, 2 * MIN + 1, every2m, "LATE"],
    ["at the deadline exactly", null, 2 * MIN, every2m, "LATE"],
    ["no grace: past the deadline is not late", null, 31 * S, noGrace, "RECEIVED"],
  ];
  it.each(pings)("a ping %s", (_name, lastPingAt, at, s, state) => {
    expect(classifyPing({ anchor: 0, lastPingAt }, at, s)).toBe(state);
  });

  const sweeps: [string, number, HeartbeatSettings, [string, number][]][] = [
    ["before the deadline: nothing", 2 * MIN - 1, every2m, []],
    ["at the deadline: the grace starts", 2 * MIN, every2m, [["GRACE", 2 * MIN]]],
    ["past the grace: missed", 3 * MIN, every2m, [["GRACE", 2 * MIN], ["FAILING", 3 * MIN]]],
    ["two windows missed, the third in grace", 8 * MIN, every2m, [["GRACE", 2 * MIN], ["FAILING", 3 * MIN], ["GRACE", 5 * MIN], ["FAILING", 6 * MIN], ["GRACE", 8 * MIN]]],
    ["no grace: missed at the deadline, no GRACE", 61 * S, noGrace, [["FAILING", 30 * S], ["FAILING", 60 * S]]],
  ];
  it.each(sweeps)("a sweep %s", (_name, now, s, expected) => {
    expect(dueTransitions({ anchor: 0, lastPingAt: null }, now, s).map((t) => [t.state, t.at])).toEqual(expected);
  });

  it("stops at its limit after a long outage", () => {
    expect(dueTransitions({ anchor: 0, lastPingAt: null }, 365 * 24 * 60 * MIN, every2m, 10)).toHaveLength(10);
  });
});
