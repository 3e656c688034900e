import "server-only";
import type { Insertable } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import type { CheckStatusRow, CheckStatusesTable } from "@/lib/db/types";
import { fromJson } from "@/lib/db/json";

/* The check_statuses row (latest status and alert state) and what alerting reads around it. */

const EMPTY = { has_failures: 0, has_errors: 0, is_degraded: 0, longest_run: null, shortest_run: null, last_run_location: null, last_check_run_id: null, last_result_at: null, alert_state: "PASSING", alert_state_since: null, failing_runs: 0, degraded_runs: 0, streak_since: null } as const;

/** The check's status row, made when missing, then locked on PostgreSQL (SQLite writers are serialized). */
export async function lockStatus(trx: Db, accountId: string, checkId: string, now: number): Promise<CheckStatusRow> {
  await trx
    .insertInto("check_statuses")
    .values({ ...EMPTY, check_id: checkId, account_id: accountId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("check_id").doNothing())
    .execute();
  const q = trx.selectFrom("check_statuses").selectAll().where("check_id", "=", checkId);
  return (dialectOf(trx) === "postgres" ? q.forUpdate() : q).executeTakeFirstOrThrow();
}

export async function saveStatus(trx: Db, checkId: string, patch: Partial<Insertable<CheckStatusesTable>>): Promise<void> {
  await trx.updateTable("check_statuses").set(patch).where("check_id", "=", checkId).execute();
}

/**
 * A passing run of a check already PASSING, as one conditional write (no lock, no read): answers false when the row
 * is missing, not PASSING, or holds a later run, and the caller takes the full path.
 */
export async function savePassingRun(db: Db, checkId: string, run: { at: number; time: number; location: string; checkRunId: number; now: number }): Promise<boolean> {
  const r = await db
    .updateTable("check_statuses")
    .set((eb) => ({
      has_failures: 0, has_errors: 0, is_degraded: 0,
      longest_run: eb.case().when("longest_run", "is", null).then(run.time).when("longest_run", "<", run.time).then(run.time).else(eb.ref("longest_run")).end(),
      shortest_run: eb.case().when("shortest_run", "is", null).then(run.time).when("shortest_run", ">", run.time).then(run.time).else(eb.ref("shortest_run")).end(),
      last_run_location: run.location, last_check_run_id: run.checkRunId, last_result_at: run.at,
      failing_runs: 0, degraded_runs: 0, streak_since: null, updated_at: run.now,
    }))
    .where("check_id", "=", checkId)
    .where("alert_state", "=", "PASSING")
    .where((eb) => eb.or([eb("last_result_at", "is", null), eb("last_result_at", "<=", run.at)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function findStatus(db: Db, checkId: string): Promise<CheckStatusRow | undefined> {
  return db.selectFrom("check_statuses").selectAll().where("check_id", "=", checkId).executeTakeFirst();
}

export async function listCheckTags(db: Db, checkId: string): Promise<string[]> {
  return (await db.selectFrom("check_tags").select("tag").where("check_id", "=", checkId).orderBy("tag").execute()).map((r) => r.tag);
}

/** Tags of the account's rules on which this alert key still fires: a recovery must reach them even if the check's tags changed. */
export async function tagsOfRulesFiring(db: Db, accountId: string, dedupKey: string): Promise<string[]> {
  const rows = await db
    .selectFrom("automation_alerts")
    .innerJoin("automation_rules", "automation_rules.id", "automation_alerts.rule_id")
    .select("automation_rules.tags")
    .where("automation_rules.account_id", "=", accountId)
    .where("automation_alerts.dedup_key", "=", dedupKey)
    .where("automation_alerts.firing", "=", 1)
    .execute();
  return rows.flatMap((r) => fromJson<string[]>(r.tags) ?? []);
}

export async function findCheckBrief(db: Db, accountId: string, checkId: string): Promise<{ id: string; name: string; muted: number } | undefined> {
  return db.selectFrom("checks").select(["id", "name", "muted"]).where("id", "=", checkId).where("account_id", "=", accountId).executeTakeFirst();
}

export async function findAccountAlertSettings(db: Db, accountId: string): Promise<{ alert_settings: string | null } | undefined> {
  return db.selectFrom("accounts").select("alert_settings").where("id", "=", accountId).executeTakeFirst();
}

export async function saveAccountAlertSettings(db: Db, accountId: string, json: string): Promise<boolean> {
  const r = await db.updateTable("accounts").set({ alert_settings: json }).where("id", "=", accountId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
