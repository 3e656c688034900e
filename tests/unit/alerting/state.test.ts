import { describe, expect, it } from "vitest";
import type { AlertSettings } from "@/lib/checks/types";
import type { AlertState } from "@/lib/db/types";
import { DEFAULT_ALERT_SETTINGS, nextAlertStatus, PASSING_STATUS, type AlertStatus } from "@/lib/alerting/state";

const T0 = Date.parse("2026-11-24T12:00:00Z");
const MIN = 60_000;
const runBased = (failedRunThreshold: number): AlertSettings => ({ ...DEFAULT_ALERT_SETTINGS, runBasedEscalation: { failedRunThreshold } });
const timeBased = (minutesFailingThreshold: number): AlertSettings => ({ ...DEFAULT_ALERT_SETTINGS, escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold } });

/** A run as the tables write it: P passing, F failed, D degraded (one a minute from T0). */
type Run = "P" | "F" | "D";

/** Steps the machine through the runs; answers the state after each run and the changes it reported. */
function play(settings: AlertSettings, runs: Run[], from: AlertStatus = PASSING_STATUS) {
  let status = from;
  const states: AlertState[] = [];
  const changes: (AlertState | null)[] = [];
  runs.forEach((r, i) => {
    const out = nextAlertStatus(status, { at: T0 + i * MIN, failed: r === "F", degraded: r === "D" }, settings);
    status = out.status;
    states.push(status.state);
    changes.push(out.changed);
  });
  return { states, changes, status };
}

describe("the alert state of a check", () => {
  const table: [string, AlertSettings, Run[], AlertState[]][] = [
    ["run-based 1: the first failure fails", runBased(1), ["P", "F", "F", "P"], ["PASSING", "FAILING", "FAILING", "PASSING"]],
    ["run-based 2: one failure is not enough", runBased(2), ["F", "P", "F", "P"], ["PASSING", "PASSING", "PASSING", "PASSING"]],
    ["run-based 2: two failures in a row fail", runBased(2), ["F", "F", "F", "P"], ["PASSING", "FAILING", "FAILING", "PASSING"]],
    ["run-based 3: a degraded run breaks the failed-run count", runBased(3), ["F", "F", "D", "F", "F"], ["PASSING", "PASSING", "DEGRADED", "DEGRADED", "DEGRADED"]],
    ["run-based 1: degraded counts as degraded", runBased(1), ["D", "D", "P"], ["DEGRADED", "DEGRADED", "PASSING"]],
    ["run-based 1: degraded then failing rises", runBased(1), ["D", "F", "P"], ["DEGRADED", "FAILING", "PASSING"]],
    ["run-based 1: failing then degraded stays failing until a pass", runBased(1), ["F", "D", "D", "P"], ["FAILING", "FAILING", "FAILING", "PASSING"]],
    ["run-based 2: mixed streak of two degrades", runBased(2), ["D", "F", "F"], ["PASSING", "DEGRADED", "FAILING"]],
    ["time-based 5: failing for five minutes", timeBased(5), ["F", "F", "F", "F", "F", "F", "P"], ["PASSING", "PASSING", "PASSING", "PASSING", "PASSING", "FAILING", "PASSING"]],
    ["time-based 5: a pass restarts the clock", timeBased(5), ["F", "F", "F", "P", "F", "F", "F"], ["PASSING", "PASSING", "PASSING", "PASSING", "PASSING", "PASSING", "PASSING"]],
    ["time-based 2: degraded for two minutes", timeBased(2), ["D", "D", "D", "F"], ["PASSING", "PASSING", "DEGRADED", "FAILING"]],
  ];
  it.each(table)("%s", (_name, settings, runs, expected) => {
    expect(play(settings, runs).states).toEqual(expected);
  });

  it("reports a change only when the state changes, and counts the streak", () => {
    const { changes, status } = play(runBased(2), ["F", "F", "F", "D"]);
    expect(changes).toEqual([null, "FAILING", null, null]);
    expect(status).toMatchObject({ state: "FAILING", since: T0 + MIN, failingRuns: 0, degradedRuns: 4, streakSince: T0 });
  });

  it("a pass after a failure reports PASSING with its time, and clears the streak", () => {
    const { changes, status } = play(runBased(1), ["F", "P", "P"]);
    expect(changes).toEqual(["FAILING", "PASSING", null]);
    expect(status).toEqual({ state: "PASSING", since: T0 + MIN, failingRuns: 0, degradedRuns: 0, streakSince: null });
  });

  it("a threshold below one counts as one", () => {
    expect(play(runBased(0), ["F"]).states).toEqual(["FAILING"]);
  });
});
