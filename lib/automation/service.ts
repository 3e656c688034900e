import "server-only";
import type { z } from "zod";
import { assertRoomFor } from "@/lib/accounts/limits";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { pageOf, type Keyset, type PageRequest } from "@/lib/db/keyset";
import type { AutomationRule, AutomationRuleComponent } from "@/lib/db/types";
import { NotFoundError } from "@/lib/errors";
import { findComponentsOfPage } from "@/lib/components/queries";
import { findServicesByIds } from "@/lib/services/queries";
import { getPageOrThrow } from "@/lib/status-pages/lookup";
import { invalidFields, type FieldIssue } from "@/lib/http/validate";
import * as q from "./queries";
import type { AutomationRuleMutation, CheckTriggerInput } from "./schema";

/*
 * The verbs of v3 automation rules and v1 per-check triggers. Neither touches an incident: a rule's
 * incident is opened and resolved by lib/automation/apply.ts, and stays when the rule is changed or deleted.
 */

export type RuleInput = z.output<typeof AutomationRuleMutation>;
export type CheckTriggerBody = z.output<typeof CheckTriggerInput>;
export interface RuleView {
  rule: AutomationRule;
  components: AutomationRuleComponent[];
}

/** A rule still holding an incident people resolved shows none: it releases it at its next alert. */
async function withOpenIncident(db: Db, rules: AutomationRule[]): Promise<AutomationRule[]> {
  const open = await q.openIncidentIds(db, rules.flatMap((r) => (r.incident_id ? [r.incident_id] : [])));
  return rules.map((r) => (r.incident_id && !open.has(r.incident_id) ? { ...r, incident_id: null } : r));
}

async function viewsOf(db: Db, rows: AutomationRule[]): Promise<RuleView[]> {
  const [rules, components] = await Promise.all([withOpenIncident(db, rows), q.listRuleComponents(db, rows.map((r) => r.id))]);
  return rules.map((rule) => ({ rule, components: components.filter((c) => c.rule_id === rule.id) }));
}

/** The only way to a rule: the account's v3 page first (404, or 400 for a v1 page), then the rule on it. */
export async function getRuleOrThrow(db: Db, accountId: string, pageId: string, id: string): Promise<RuleView> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const rule = isUuid(id) ? await q.findPageRule(db, page.id, id) : undefined;
  if (!rule) throw new NotFoundError("Automation rule not found");
  return (await viewsOf(db, [rule]))[0];
}

export async function listRules(db: Db, accountId: string, pageId: string, request: PageRequest): Promise<{ rows: RuleView[]; next: Keyset | null }> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const { rows, next } = pageOf(await q.listRulesOfPage(db, page.id, request), request.limit);
  return { rows: await viewsOf(db, rows), next };
}

/** Components are SERVICE components of this page, each at most once: 400 naming `components.N.componentId` (or `<field>.N…`). */
export async function requireRuleComponents(trx: Db, pageId: string, components: RuleInput["components"] = [], field = "components"): Promise<void> {
  const found = new Map((await findComponentsOfPage(trx, pageId, [...new Set(components.map((c) => c.componentId))])).map((c) => [c.id, c]));
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  components.forEach((c, i) => {
    const path = `${field}.${i}.componentId`;
    const component = found.get(c.componentId);
    if (!component) issues.push({ path, message: "must be a component of this status page" });
    else if (component.type !== "SERVICE") issues.push({ path, message: "must be a SERVICE component: a group shows the worst of its children" });
    else if (seen.has(c.componentId)) issues.push({ path, message: "names a component already listed" });
    seen.add(c.componentId);
  });
  if (issues.length > 0) throw invalidFields(issues);
}

/** Full replacement: what the mutation leaves out takes its default. */
function columns(input: RuleInput, at: number) {
  return {
    name: input.name,
    enabled: input.enabled === false ? (0 as const) : (1 as const),
    first_update: input.firstUpdate,
    last_update: input.lastUpdate,
    notify_subscribers: input.notifySubscribers === false ? (0 as const) : (1 as const),
    cool_down_minutes: input.coolDownWindowMinutes ?? 5,
    open_after_minutes: input.openAfterMinutes ?? 0,
    tags: toJson([...new Set(input.tags)]),
    updated_at: at,
  };
}

async function writeComponents(trx: Db, ruleId: string, input: RuleInput): Promise<void> {
  await q.replaceRuleComponents(trx, ruleId, (input.components ?? []).map((c, position) => ({ id: newId(), rule_id: ruleId, component_id: c.componentId, target_impact: c.targetImpact, position })));
}

export async function createRule(db: Db, accountId: string, pageId: string, input: RuleInput): Promise<RuleView> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const id = newId();
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "AUTOMATION_RULES");
    await requireRuleComponents(trx, page.id, input.components);
    await q.insertRule(trx, { ...columns(input, at), id, account_id: accountId, kind: "RULE", status_page_id: page.id, check_id: null, service_id: null, created_at: at });
    await writeComponents(trx, id, input);
  });
  return getRuleOrThrow(db, accountId, page.id, id);
}

/** PUT: everything replaced, components as a whole; the incident the rule manages stays its own. */
export async function replaceRule(db: Db, accountId: string, pageId: string, id: string, input: RuleInput): Promise<RuleView> {
  const { rule } = await getRuleOrThrow(db, accountId, pageId, id);
  await db.transaction().execute(async (trx) => {
    // The rule's row first: an alert being applied to it finishes before its components change.
    if (!(await q.lockRule(trx, rule.id))) throw new NotFoundError("Automation rule not found");
    await requireRuleComponents(trx, rule.status_page_id!, input.components);
    await q.updateRuleRow(trx, rule.id, columns(input, Date.now()));
    await writeComponents(trx, rule.id, input);
  });
  return getRuleOrThrow(db, accountId, pageId, id);
}

/** An incident the rule opened stays (its link is dropped with the rule). */
export async function deleteRule(db: Db, accountId: string, pageId: string, id: string): Promise<void> {
  const { rule } = await getRuleOrThrow(db, accountId, pageId, id);
  if ((await q.deleteRuleRow(db, rule.id)) === 0) throw new NotFoundError("Automation rule not found");
}

export async function getCheckTriggerOrThrow(db: Db, accountId: string, checkId: string): Promise<AutomationRule> {
  const row = await q.findCheckTrigger(db, accountId, checkId);
  if (!row) throw new NotFoundError("No incident trigger for this check");
  return (await withOpenIncident(db, [row]))[0];
}

/** Creates or replaces the check's trigger; `serviceId` must be a service of the account (400 naming it). */
export async function putCheckTrigger(db: Db, accountId: string, checkId: string, input: CheckTriggerBody): Promise<AutomationRule> {
  if ((await findServicesByIds(db, accountId, [input.serviceId])).length === 0) throw invalidFields([{ path: "serviceId", message: "must be a service of this account" }]);
  const at = Date.now();
  const cols = { name: input.name, first_update: input.description, notify_subscribers: input.notifySubscribers === false ? (0 as const) : (1 as const), service_id: input.serviceId, severity: input.severity ?? null, updated_at: at };
  const row = { ...cols, id: newId(), account_id: accountId, kind: "CHECK" as const, status_page_id: null, check_id: checkId, enabled: 1 as const, last_update: CHECK_RECOVERED, cool_down_minutes: 5, tags: "[]", created_at: at };
  await q.upsertCheckTrigger(db, row, cols);
  return getCheckTriggerOrThrow(db, accountId, checkId);
}

/** The seed's trigger has no resolving text: this one is posted when the check recovers. */
const CHECK_RECOVERED = "The check has recovered; this incident is resolved.";

export async function deleteCheckTrigger(db: Db, accountId: string, checkId: string): Promise<void> {
  const row = await getCheckTriggerOrThrow(db, accountId, checkId);
  if ((await q.deleteRuleRow(db, row.id)) === 0) throw new NotFoundError("No incident trigger for this check");
}
