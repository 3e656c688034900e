import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { isForeignKeyViolation } from "@/lib/db/unique-violation";
import type { AutomationAlert, AutomationAlertsTable, AutomationRule, Incident, Severity } from "@/lib/db/types";
import { automationActor } from "@/lib/actors";
import { invalidatePages } from "@/lib/cache/invalidate";
import { AppError } from "@/lib/errors";
import { humanOwned, openIncident, pagesShowing, postUpdate, raiseImpacts, shownImpacts, type Home, type Write } from "@/lib/incidents/writer";
import { suppressedComponentIds } from "@/lib/maintenance/suppression";
import { REPLAY_HORIZON_MS, type AlertDecision, type AlertEvent } from "./alert";
import { decide, type Action, type AlertRecord, type Impact, type RuleState, type RuleTarget } from "./decide";
import { matches } from "./match";
import * as q from "./queries";
import { tagsOf } from "./rows";

export interface ApplyContext {
  accountId: string;
  integrationId: string;
  /** an integration bound to one page: only that page's rules (check triggers are account-wide) */
  statusPageId: string | null;
  /** the integration's default target (a rule of kind DEFAULT), for alerts no rule or check trigger matches */
  defaultRuleId?: string | null;
  /** a muted check: its incidents change on the page but notify no subscriber */
  silent?: boolean;
}

/**
 * Reads that hold for the whole of one body (well under a second), shared by its batches: the rules an alert may
 * match, by check id, and each rule's suppressing maintenance (its old alerts are pruned once per body, too). A
 * rule's row, incident and alerts are read afresh under its lock for every batch.
 */
export interface ApplyMemo {
  matchable: Map<string, { rules: AutomationRule[]; componentIds: Map<string, string[]> }>;
  suppressed: Map<string, Set<string>>;
  /** rules whose old recovered alerts this body already pruned */
  pruned: Set<string>;
}

export const newApplyMemo = (): ApplyMemo => ({ matchable: new Map(), suppressed: new Map(), pruned: new Set() });

async function matchableFor(db: Db, ctx: ApplyContext, checkId: string | null, memo: ApplyMemo) {
  const key = checkId ?? "";
  let found = memo.matchable.get(key);
  if (!found) {
    const rules = await q.listCandidates(db, ctx.accountId, ctx.statusPageId, checkId);
    const componentIds = new Map<string, string[]>(rules.map((r) => [r.id, []]));
    for (const c of await q.listRuleComponents(db, rules.map((r) => r.id))) componentIds.get(c.rule_id)!.push(c.component_id);
    found = { rules, componentIds };
    memo.matchable.set(key, found);
  }
  return found;
}

/** What the automation does with one alert: a decision per matching rule or check trigger, or one `ignored` when nothing matches. */
export async function applyAlert(db: Db, ctx: ApplyContext, event: AlertEvent): Promise<AlertDecision[]> {
  return (await applyAlerts(db, ctx, [event]))[0];
}

/**
 * applyAlert for a batch of events, in order: each rule decides its share of the batch in one transaction holding
 * its row, reading the state of those alerts only. Answers each event's decisions, in its rules' order.
 */
export async function applyAlerts(db: Db, ctx: ApplyContext, events: readonly AlertEvent[], memo = newApplyMemo()): Promise<AlertDecision[][]> {
  const out: AlertDecision[][] = events.map(() => []);
  const routes: string[][] = events.map(() => []);
  const byRule = new Map<string, number[]>();
  for (const [i, event] of events.entries()) {
    if (event.action === "heartbeat") {
      out[i] = [{ outcome: "ignored", reason: "heartbeat: the pipeline is alive, nothing to decide", ruleId: null, incidentId: null }];
      continue;
    }
    const { rules, componentIds } = await matchableFor(db, ctx, event.checkId ?? null, memo);
    const matching = rules.filter((r) => matches({ tags: tagsOf(r), componentIds: componentIds.get(r.id) ?? [], checkId: r.check_id }, event)).map((r) => r.id);
    if (matching.length === 0 && ctx.defaultRuleId) matching.push(ctx.defaultRuleId);
    if (matching.length === 0) {
      const said = event.tags.length > 0 ? `tags ${event.tags.slice(0, 10).join(", ")}` : "no tags";
      out[i] = [{ outcome: "ignored", reason: `no automation rule or check trigger matches this alert (${said}${event.checkId ? `, check ${event.checkId}` : ""})`, ruleId: null, incidentId: null }];
      continue;
    }
    routes[i] = matching;
    for (const ruleId of matching) byRule.set(ruleId, [...(byRule.get(ruleId) ?? []), i]);
  }
  const decided = new Map<string, AlertDecision>();
  for (const [ruleId, at] of byRule) {
    const decisions = await applyToRule(db, ruleId, at.map((i) => events[i]), memo, ctx.silent === true);
    at.forEach((i, k) => decided.set(`${i} ${ruleId}`, decisions[k]));
  }
  routes.forEach((ruleIds, i) => {
    if (ruleIds.length > 0) out[i] = ruleIds.map((ruleId) => decided.get(`${i} ${ruleId}`)!);
  });
  return out;
}

/** Thrown inside the transaction to undo an incident whose rule's slot another writer took first. */
class LostClaim extends Error {}

async function applyToRule(db: Db, ruleId: string, events: readonly AlertEvent[], memo: ApplyMemo, silent = false): Promise<AlertDecision[]> {
  const pages: string[] = [];
  try {
    const decisions = await db.transaction().execute((trx) => decideBatch(trx, ruleId, events, pages, memo, silent));
    if (pages.length > 0) await invalidatePages([...new Set(pages)]);
    return decisions;
  } catch (err) {
    const alone = err instanceof LostClaim || err instanceof AppError || isForeignKeyViolation(err);
    // The batch was undone whole: its events are decided again one by one, so only the one that fails says why.
    if (alone && events.length > 1) {
      const out: AlertDecision[] = [];
      for (const event of events) out.push(...(await applyToRule(db, ruleId, [event], memo, silent)));
      return out;
    }
    if (err instanceof LostClaim) return [{ outcome: "ignored", reason: "another instance opened the rule's incident at the same moment", ruleId, incidentId: null }];
    // A rule whose component was deleted or changed under it: the alert changes nothing, and says why.
    if (err instanceof AppError) return [{ outcome: "ignored", reason: `could not apply: ${err.message}`, ruleId, incidentId: null }];
    if (alone) return [{ outcome: "ignored", reason: "could not apply: a component or service of the rule was deleted meanwhile", ruleId, incidentId: null }];
    throw err;
  }
}

const toRecord = (a: AutomationAlert): AlertRecord => ({ dedupKey: a.dedup_key, firing: Number(a.firing) === 1, firedAt: a.fired_at, resolvedAt: a.resolved_at, incidentId: a.incident_id });

async function targetsOf(trx: Db, rule: AutomationRule): Promise<RuleTarget[]> {
  return (await q.listRuleTargets(trx, rule.id)).map((c) => ({ componentId: c.component_id, targetImpact: c.target_impact }));
}

/** Where the rule's incidents live (a check trigger's, pageless, on the account's services): the writer decides what that means. */
const homeOf = (rule: AutomationRule): Home => ({ accountId: rule.account_id, pageId: rule.status_page_id });

/** Maintenance with suppressAutoIncidents on any page showing the rule's targets. */
async function suppressedFor(trx: Db, rule: AutomationRule, targetIds: readonly string[], at: number): Promise<Set<string>> {
  const out = new Set<string>();
  for (const pageId of await pagesShowing(trx, homeOf(rule), targetIds)) for (const id of await suppressedComponentIds(trx, pageId, at)) out.add(id);
  return out;
}

async function suppressedOnce(trx: Db, rule: AutomationRule, targetIds: readonly string[], at: number, memo: ApplyMemo): Promise<Set<string>> {
  let ids = memo.suppressed.get(rule.id);
  if (!ids) memo.suppressed.set(rule.id, (ids = await suppressedFor(trx, rule, targetIds, at)));
  return ids;
}

async function shownOf(trx: Db, incident: Incident): Promise<NonNullable<RuleState["incident"]>> {
  return { id: incident.id, humansOwn: incident.humans_since !== null, impacts: await shownImpacts(trx, incident) };
}

/**
 * Decides the rule's events in order, in the caller's transaction: the rule's incident, targets and owners are read
 * once, the events' own alert records by key, and the alerts firing on the incident counted (then kept in step).
 */
async function decideBatch(trx: Db, ruleId: string, events: readonly AlertEvent[], pages: string[], memo: ApplyMemo, silent: boolean): Promise<AlertDecision[]> {
  const rule = await q.lockRule(trx, ruleId);
  if (!rule) return events.map(() => ({ outcome: "ignored" as const, reason: "the rule was deleted meanwhile", ruleId, incidentId: null }));
  const now = Date.now();
  let incident: Incident | undefined = rule.incident_id ? await q.lockIncident(trx, rule.incident_id) : undefined;
  // Resolved by hand (or deleted): the rule is free to open a new incident.
  if (rule.incident_id && (!incident || incident.resolved_at !== null)) {
    await q.releaseIncident(trx, rule.id, rule.incident_id, null);
    incident = undefined;
  }
  const targets = await targetsOf(trx, rule);
  const ids = targets.map((t) => t.componentId);
  const human = new Set(await humanOwned(trx, homeOf(rule), ids));
  const suppressed = await suppressedOnce(trx, rule, ids, now, memo);
  const decisionRule = { id: rule.id, enabled: Number(rule.enabled) === 1, coolDownWindowMinutes: Number(rule.cool_down_minutes), openAfterMinutes: Number(rule.open_after_minutes), components: targets };
  const known = new Map((await q.findAlerts(trx, rule.id, [...new Set(events.map((e) => e.dedupKey))])).map((a) => [a.dedup_key, toRecord(a)]));
  let shown = incident ? await shownOf(trx, incident) : null;
  let firing = incident ? await q.countFiring(trx, rule.id, incident.id) : 0;
  let lastResolvedAt = rule.last_resolved_at;
  const onShown = (a: AlertRecord | null) => a !== null && shown !== null && a.firing && a.incidentId === shown.id;
  const changed = new Map<string, AlertRecord>();
  const out: AlertDecision[] = [];
  for (const event of events) {
    const prev = known.get(event.dedupKey) ?? null;
    const wasOn = onShown(prev);
    const state = { incident: shown, alert: prev, othersFiring: firing - (wasOn ? 1 : 0), lastResolvedAt };
    const action = decide({ event, rule: decisionRule, state, humanComponentIds: human, suppressedComponentIds: suppressed, now });
    const done = await carryOut({ trx, pages }, rule, incident, action, now, silent);
    out.push(done.decision);
    // What the incident shows changes only when it opens, is raised or resolves: read again then.
    const newIncident = action.kind === "open" || action.kind === "resolve";
    const reread = action.kind === "open" || (action.kind === "join" && action.raise.length > 0);
    if (reread) incident = await q.lockIncident(trx, done.decision.incidentId!);
    if (action.kind === "resolve") {
      incident = undefined;
      lastResolvedAt = now;
    }
    if (reread || newIncident) shown = incident ? await shownOf(trx, incident) : null;
    const held = done.alert ?? prev;
    firing = (newIncident ? 0 : firing - (wasOn ? 1 : 0)) + (onShown(held) ? 1 : 0);
    if (done.alert) {
      known.set(event.dedupKey, done.alert);
      changed.set(event.dedupKey, done.alert);
    }
  }
  await q.saveAlerts(trx, [...changed.values()].map((a) => alertRow(rule.id, a, now)));
  if (!memo.pruned.has(rule.id)) await q.pruneResolvedAlerts(trx, rule.id, now - Math.max(REPLAY_HORIZON_MS, Number(rule.cool_down_minutes) * 60_000));
  memo.pruned.add(rule.id);
  return out;
}

const alertRow = (ruleId: string, alert: AlertRecord, now: number): Insertable<AutomationAlertsTable> => ({
  rule_id: ruleId,
  dedup_key: alert.dedupKey,
  incident_id: alert.incidentId,
  firing: alert.firing ? 1 : 0,
  fired_at: alert.firedAt,
  resolved_at: alert.resolvedAt,
  updated_at: now,
});

/** A CRITICAL trigger shows major outage as MAJOR does: said, unless a degraded check capped its impact. */
const saidSeverity = (rule: AutomationRule, impacts: readonly Impact[]): Severity | undefined =>
  rule.severity === "CRITICAL" && impacts.every((i) => i.status === "MAJOR_OUTAGE") ? "CRITICAL" : undefined;

/** Carries the action out through the incident writer; answers the decision and the alert record to store (null: unchanged). */
async function carryOut(w: Write, rule: AutomationRule, incident: Incident | undefined, action: Action, now: number, silent: boolean): Promise<{ decision: AlertDecision; alert: AlertRecord | null }> {
  const base = { ruleId: rule.id, reason: action.reason };
  const actor = automationActor(rule.id);
  const notifySubscribers = !silent && Number(rule.notify_subscribers) === 1;
  switch (action.kind) {
    case "ignore":
      return { decision: { ...base, outcome: "ignored", incidentId: incident?.id ?? null }, alert: null };
    case "record":
      return { decision: { ...base, outcome: action.outcome, incidentId: incident?.id ?? null, ...(action.pending ? { pending: true } : {}) }, alert: action.alert };
    case "join": {
      const open = incident!;
      if (action.raise.length > 0) await raiseImpacts(w, open, action.raise, actor, saidSeverity(rule, action.raise));
      return { decision: { ...base, outcome: "joined", incidentId: open.id }, alert: { ...action.alert, incidentId: open.id } };
    }
    case "open": {
      const id = newId();
      const update = { description: rule.first_update, status: "INVESTIGATING" as const, notifySubscribers };
      await openIncident(w, homeOf(rule), id, { name: rule.name, impacts: action.impacts, severity: saidSeverity(rule, action.impacts), update }, actor);
      if (!(await q.claimIncident(w.trx, rule.id, id, now))) throw new LostClaim();
      return { decision: { ...base, outcome: "opened", incidentId: id }, alert: { ...action.alert, incidentId: id } };
    }
    case "resolve": {
      const open = incident!;
      await postUpdate(w, open, { description: rule.last_update, status: "RESOLVED", notifySubscribers }, actor);
      await q.releaseIncident(w.trx, rule.id, open.id, now);
      return { decision: { ...base, outcome: "resolved", incidentId: open.id }, alert: action.alert };
    }
  }
}
