import type { AlertSettings } from "@/lib/checks/types";
import type { AlertState } from "@/lib/db/types";

/*
 * The one alert state of a check, as a pure function of its previous state and one FINAL run. A run that failed
 * (or errored) is failing, a degraded one degrading, any other passing. The state escalates only within a streak of
 * runs that are not passing, and returns to PASSING on the first passing run.
 */

export interface AlertStatus {
  state: AlertState;
  /** when the current state began (epoch ms); null while it never changed */
  since: number | null;
  /** consecutive failed FINAL runs, ending at the latest */
  failingRuns: number;
  /** consecutive FINAL runs that were failed or degraded (the streak), ending at the latest */
  degradedRuns: number;
  /** when the streak's first run started; null while passing */
  streakSince: number | null;
}

export interface FinalRun {
  /** when the run started (epoch ms) */
  at: number;
  failed: boolean;
  degraded: boolean;
}

export const PASSING_STATUS: AlertStatus = { state: "PASSING", since: null, failingRuns: 0, degradedRuns: 0, streakSince: null };

/** The vendor's defaults, one list (lib/checks/defaults.ts), used when neither the check nor the account says otherwise. */
export { DEFAULT_ALERT_SETTINGS } from "@/lib/checks/defaults";

const RANK: Record<AlertState, number> = { PASSING: 0, DEGRADED: 1, FAILING: 2 };

/** How far the streak so far escalates, by the settings: the state it calls for, ignoring the previous one. */
function escalation(s: AlertStatus, at: number, settings: AlertSettings): AlertState {
  if (s.degradedRuns === 0) return "PASSING";
  if (settings.escalationType === "TIME_BASED") {
    const reached = at - (s.streakSince ?? at) >= settings.timeBasedEscalation.minutesFailingThreshold * 60_000;
    if (!reached) return "PASSING";
    return s.failingRuns > 0 ? "FAILING" : "DEGRADED";
  }
  const threshold = Math.max(1, settings.runBasedEscalation.failedRunThreshold);
  if (s.failingRuns >= threshold) return "FAILING";
  return s.degradedRuns >= threshold ? "DEGRADED" : "PASSING";
}

/** The state after one FINAL run, and the state it changed to (null: unchanged). */
export function nextAlertStatus(prev: AlertStatus, run: FinalRun, settings: AlertSettings): { status: AlertStatus; changed: AlertState | null } {
  if (!run.failed && !run.degraded) {
    const status = { ...PASSING_STATUS, since: prev.state === "PASSING" ? prev.since : run.at };
    return { status, changed: prev.state === "PASSING" ? null : "PASSING" };
  }
  const counted: AlertStatus = {
    ...prev,
    failingRuns: run.failed ? prev.failingRuns + 1 : 0,
    degradedRuns: prev.degradedRuns + 1,
    streakSince: prev.streakSince ?? run.at,
  };
  const wanted = escalation(counted, run.at, settings);
  // Within a streak the state only rises: a failing check whose latest run is merely degraded stays failing.
  if (RANK[wanted] <= RANK[prev.state]) return { status: counted, changed: null };
  return { status: { ...counted, state: wanted, since: run.at }, changed: wanted };
}
