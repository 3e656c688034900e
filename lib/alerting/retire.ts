import "server-only";
import type { Db } from "@/lib/db";
import { applyAlerts } from "@/lib/automation/apply";
import { alertEventFor, checksContext } from "./events";
import * as q from "./queries";

/**
 * A check deleted or deactivated stops alerting: the incident it opened is resolved (only recorded when humans took
 * it over) and its alert state starts afresh. Call with the store, not inside a transaction, and BEFORE the check's
 * rows and its trigger rule are deleted: the recovery goes through them.
 */
export async function retireCheck(db: Db, accountId: string, checkId: string, why: "deleted" | "deactivated"): Promise<void> {
  const check = await q.findCheckBrief(db, accountId, checkId);
  const tags = [...(await q.listCheckTags(db, checkId)), ...(await q.tagsOfRulesFiring(db, accountId, checkId))];
  const event = alertEventFor({ id: checkId, name: `${check?.name ?? checkId} (${why})` }, tags, "PASSING", Date.now());
  await applyAlerts(db, checksContext(accountId, Number(check?.muted ?? 0) === 1), [event]);
  const now = Date.now();
  await q.saveStatus(db, checkId, { alert_state: "PASSING", alert_state_since: now, failing_runs: 0, degraded_runs: 0, streak_since: null, updated_at: now });
}
