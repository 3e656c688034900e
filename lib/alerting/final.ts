import "server-only";
import type { Db } from "@/lib/db";
import type { CheckResultRow } from "@/lib/db/types";
import type { EffectiveCheck } from "@/lib/checks/types";
import { applyAlerts } from "@/lib/automation/apply";
import type { AlertDecision } from "@/lib/automation/alert";
import { alertEventFor, checksContext } from "./events";
import * as q from "./queries";
import { nextAlertStatus, type AlertStatus } from "./state";

const on = (v: number | null | undefined) => Number(v ?? 0) === 1;

/**
 * After the scheduler stored a FINAL result: the check's status row follows it and its alert state steps once; a
 * change of state goes to the automation (trigger, rules, the one incident writer). Call with the store, not inside
 * a transaction. Answers the automation's decisions for the change, [] when the state held.
 */
export async function onFinalResult(db: Db, check: EffectiveCheck, result: CheckResultRow): Promise<AlertDecision[]> {
  const accountId = check.row.account_id;
  const checkId = check.row.id;
  const failed = on(result.has_failures) || on(result.has_errors);
  const run = { at: Number(result.started_at), failed, degraded: !failed && on(result.is_degraded) };
  // The common case, a passing run of a passing check, changes nothing but the status row: one write.
  if (!failed && !run.degraded) {
    const saved = await q.savePassingRun(db, checkId, { at: run.at, time: Number(result.response_time), location: result.run_location, checkRunId: Number(result.check_run_id), now: Date.now() });
    if (saved) return [];
  }
  const changed = await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const row = await q.lockStatus(trx, accountId, checkId, now);
    // A FINAL older than the one already counted (two locations finishing out of order) updates nothing.
    if (row.last_result_at !== null && run.at < Number(row.last_result_at)) return null;
    const prev: AlertStatus = { state: row.alert_state, since: row.alert_state_since, failingRuns: row.failing_runs, degradedRuns: row.degraded_runs, streakSince: row.streak_since };
    const { status, changed } = nextAlertStatus(prev, run, check.alertSettings);
    const time = Number(result.response_time);
    await q.saveStatus(trx, checkId, {
      has_failures: on(result.has_failures) ? 1 : 0,
      has_errors: on(result.has_errors) ? 1 : 0,
      is_degraded: run.degraded ? 1 : 0,
      longest_run: row.longest_run === null ? time : Math.max(row.longest_run, time),
      shortest_run: row.shortest_run === null ? time : Math.min(row.shortest_run, time),
      last_run_location: result.run_location,
      last_check_run_id: result.check_run_id,
      last_result_at: run.at,
      alert_state: status.state,
      alert_state_since: status.since,
      failing_runs: status.failingRuns,
      degraded_runs: status.degradedRuns,
      streak_since: status.streakSince,
      updated_at: now,
    });
    return changed;
  });
  if (changed === null) return [];
  const firingOn = changed === "PASSING" ? await q.tagsOfRulesFiring(db, accountId, checkId) : [];
  const event = alertEventFor({ id: checkId, name: check.name }, [...check.tags, ...firingOn], changed, run.at);
  return (await applyAlerts(db, checksContext(accountId, check.muted), [event]))[0];
}
