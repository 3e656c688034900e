import "server-only";
import type { Insertable, Updateable } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import { sql } from "kysely";
import type { ImpactStatus, AutomationAlert, AutomationRule, Incident, AutomationRuleComponent, AutomationAlertsTable, AutomationRuleComponentsTable, AutomationRulesTable } from "@/lib/db/types";

/* Rules and triggers (one table, `kind`), their components, and the per-alert state the decision reads. */

export async function insertRule(db: Db, row: Insertable<AutomationRulesTable>): Promise<void> {
  await db.insertInto("automation_rules").values(row).execute();
}

export async function updateRuleRow(db: Db, id: string, patch: Updateable<AutomationRulesTable>): Promise<void> {
  await db.updateTable("automation_rules").set(patch).where("id", "=", id).execute();
}

export async function deleteRuleRow(db: Db, id: string): Promise<number> {
  const r = await db.deleteFrom("automation_rules").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function findPageRule(db: Db, pageId: string, id: string): Promise<AutomationRule | undefined> {
  return db.selectFrom("automation_rules").selectAll().where("kind", "=", "RULE").where("status_page_id", "=", pageId).where("id", "=", id).executeTakeFirst();
}

/** A page's rules, newest first. */
export async function listRulesOfPage(db: Db, pageId: string, page: PageRequest): Promise<AutomationRule[]> {
  return applyKeyset(db.selectFrom("automation_rules").selectAll().where("kind", "=", "RULE").where("status_page_id", "=", pageId), "automation_rules", page, "desc").execute();
}

export async function findRulesByIds(db: Db, ids: readonly string[]): Promise<AutomationRule[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("automation_rules").selectAll().where("id", "in", ids).execute();
}

export async function findCheckTrigger(db: Db, accountId: string, checkId: string): Promise<AutomationRule | undefined> {
  return db.selectFrom("automation_rules").selectAll().where("kind", "=", "CHECK").where("account_id", "=", accountId).where("check_id", "=", checkId).executeTakeFirst();
}

/** Creates a check's trigger or (same account and check) replaces its fields, in one statement: concurrent first PUTs all land on one row. */
export async function upsertCheckTrigger(db: Db, row: Insertable<AutomationRulesTable>, patch: Updateable<AutomationRulesTable>): Promise<void> {
  await db
    .insertInto("automation_rules")
    .values(row)
    .onConflict((oc) => oc.columns(["account_id", "check_id"]).doUpdateSet(patch))
    .execute();
}

/** What an alert may match: the rules of one page (or of every page) and, for a check id, that check's trigger. */
export async function listCandidates(db: Db, accountId: string, pageId: string | null, checkId: string | null): Promise<AutomationRule[]> {
  return db
    .selectFrom("automation_rules")
    .selectAll()
    .where("account_id", "=", accountId)
    .where((eb) => {
      const rules = pageId === null ? eb("kind", "=", "RULE") : eb.and([eb("kind", "=", "RULE"), eb("status_page_id", "=", pageId)]);
      return checkId === null ? rules : eb.or([rules, eb.and([eb("kind", "=", "CHECK"), eb("check_id", "=", checkId)])]);
    })
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Of these incidents, the unresolved ones: a rule shows only an open incident as its own. */
export async function openIncidentIds(db: Db, incidentIds: readonly string[]): Promise<Set<string>> {
  if (incidentIds.length === 0) return new Set();
  const rows = await db.selectFrom("incidents").select("id").where("id", "in", incidentIds).where("resolved_at", "is", null).execute();
  return new Set(rows.map((r) => r.id));
}

export async function listRuleComponents(db: Db, ruleIds: readonly string[]): Promise<AutomationRuleComponent[]> {
  if (ruleIds.length === 0) return [];
  return db.selectFrom("automation_rule_components").selectAll().where("rule_id", "in", ruleIds).orderBy("position").execute();
}

/**
 * What a rule drives, in its order: its components, or a check trigger's one service at the impact of its severity
 * (null: MAJOR), read as one list so the caller never asks which.
 */
export async function listRuleTargets(db: Db, ruleId: string): Promise<{ component_id: string; target_impact: ImpactStatus }[]> {
  const own = db.selectFrom("automation_rule_components").select(["component_id", "target_impact", "position"]).where("rule_id", "=", ruleId);
  const trigger = db
    .selectFrom("automation_rules")
    .select([sql<string>`service_id`.as("component_id"), sql<ImpactStatus>`case severity when 'MEDIUM' then 'PARTIAL_OUTAGE' when 'MINOR' then 'DEGRADED_PERFORMANCE' else 'MAJOR_OUTAGE' end`.as("target_impact"), sql<number>`-1`.as("position")])
    .where("id", "=", ruleId)
    .where("service_id", "is not", null);
  const rows = await own.unionAll(trigger).orderBy("position").execute();
  return rows.map(({ component_id, target_impact }) => ({ component_id, target_impact }));
}

export async function replaceRuleComponents(db: Db, ruleId: string, rows: readonly Insertable<AutomationRuleComponentsTable>[]): Promise<void> {
  await db.deleteFrom("automation_rule_components").where("rule_id", "=", ruleId).execute();
  if (rows.length > 0) await db.insertInto("automation_rule_components").values([...rows]).execute();
}

/** Serializes every decision on one rule across instances: a row lock on PostgreSQL; SQLite write transactions are serialized already. */
export async function lockRule(trx: Db, id: string): Promise<AutomationRule | undefined> {
  const q = trx.selectFrom("automation_rules").selectAll().where("id", "=", id);
  return (dialectOf(trx) === "postgres" ? q.forUpdate() : q).executeTakeFirst();
}

/**
 * The rule's incident, locked on PostgreSQL: an operator's update (which marks `humans_since` on this row) either
 * committed before and is seen, or waits until the decision is carried out; never resolved over unseen.
 */
export async function lockIncident(trx: Db, id: string): Promise<Incident | undefined> {
  const q = trx.selectFrom("incidents").selectAll().where("id", "=", id);
  return (dialectOf(trx) === "postgres" ? q.forUpdate() : q).executeTakeFirst();
}

/** Takes the rule's one open-incident slot; false when it is held (another incident is open). */
export async function claimIncident(trx: Db, ruleId: string, incidentId: string, at: number): Promise<boolean> {
  const r = await trx.updateTable("automation_rules").set({ incident_id: incidentId, updated_at: at }).where("id", "=", ruleId).where("incident_id", "is", null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Frees the slot held by this incident; `resolvedAt` starts the cool-down when the automation resolved it. */
export async function releaseIncident(trx: Db, ruleId: string, incidentId: string, resolvedAt: number | null): Promise<void> {
  await trx
    .updateTable("automation_rules")
    .set(resolvedAt === null ? { incident_id: null } : { incident_id: null, last_resolved_at: resolvedAt })
    .where("id", "=", ruleId)
    .where("incident_id", "=", incidentId)
    .execute();
}

/** The rule's records of these alerts (by its primary key): a decision reads its own alert's, never the rule's history. */
export async function findAlerts(db: Db, ruleId: string, dedupKeys: readonly string[]): Promise<AutomationAlert[]> {
  if (dedupKeys.length === 0) return [];
  return db.selectFrom("automation_alerts").selectAll().where("rule_id", "=", ruleId).where("dedup_key", "in", dedupKeys).execute();
}

/** How many of the rule's alerts fire on this incident (partial index automation_alerts_firing). */
export async function countFiring(db: Db, ruleId: string, incidentId: string): Promise<number> {
  const r = await db
    .selectFrom("automation_alerts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("rule_id", "=", ruleId)
    .where("incident_id", "=", incidentId)
    .where("firing", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Writes these records (one per dedup key) in one statement. */
export async function saveAlerts(db: Db, rows: readonly Insertable<AutomationAlertsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("automation_alerts")
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(["rule_id", "dedup_key"]).doUpdateSet((eb) => ({
        incident_id: eb.ref("excluded.incident_id"),
        firing: eb.ref("excluded.firing"),
        fired_at: eb.ref("excluded.fired_at"),
        resolved_at: eb.ref("excluded.resolved_at"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

/** Forgets alerts recovered (by their own time and by when it was recorded) before `before`; firing ones stay. */
export async function pruneResolvedAlerts(db: Db, ruleId: string, before: number): Promise<void> {
  await db.deleteFrom("automation_alerts").where("rule_id", "=", ruleId).where("firing", "=", 0).where("updated_at", "<", before).where("resolved_at", "<", before).execute();
}

