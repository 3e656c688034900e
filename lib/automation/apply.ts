import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { isForeignKeyViolation } from "@/lib/db/unique-violation";
import type { AutomationAlert, AutomationRule, Incident } from "@/lib/db/types";
import { automationActor } from "@/lib/actors";
import { invalidatePages } from "@/lib/cache/invalidate";
import { AppError } from "@/lib/errors";
import { severityOfImpacts } from "@/lib/incidents/derive";
import { listImpacts } from "@/lib/incidents/queries";
import { insertIncidentV1, postIncidentUpdate, raiseSeverity } from "@/lib/incidents/service";
import { insertIncidentV3, postIncidentUpdateV3, raiseImpactsV3 } from "@/lib/incidents/v3-service";
import { severityToStatus } from "@/lib/status/severity";
import { suppressedComponentIds } from "@/lib/maintenance/suppression";
import { pageIdsForServices } from "@/lib/status-pages/affected";
import type { AlertDecision, AlertEvent } from "./alert";
import { decide, type Action, type AlertRecord, type Impact, type RuleTarget } from "./decide";
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
}

/**
 * What the automation does with one alert: a decision per matching rule or check trigger, each decided and
 * carried out in its own transaction holding the rule's row, or one `ignored` decision when nothing matches.
 */
export async function applyAlert(db: Db, ctx: ApplyContext, event: AlertEvent): Promise<AlertDecision[]> {
  if (event.action === "heartbeat") return [{ outcome: "ignored", reason: "heartbeat: the pipeline is alive, nothing to decide", ruleId: null, incidentId: null }];
  const candidates = await q.listCandidates(db, ctx.accountId, ctx.statusPageId, event.checkId ?? null);
  const components = await q.listRuleComponents(db, candidates.map((r) => r.id));
  const matching = candidates.filter((r) =>
    matches({ tags: tagsOf(r), componentIds: components.filter((c) => c.rule_id === r.id).map((c) => c.component_id), checkId: r.kind === "CHECK" ? r.check_id : null }, event),
  );
  if (matching.length === 0 && ctx.defaultRuleId) return [await applyToRule(db, ctx.accountId, ctx.defaultRuleId, event)];
  if (matching.length === 0) {
    const said = event.tags.length > 0 ? `tags ${event.tags.slice(0, 10).join(", ")}` : "no tags";
    return [{ outcome: "ignored", reason: `no automation rule or check trigger matches this alert (${said}${event.checkId ? `, check ${event.checkId}` : ""})`, ruleId: null, incidentId: null }];
  }
  const out: AlertDecision[] = [];
  for (const rule of matching) out.push(await applyToRule(db, ctx.accountId, rule.id, event));
  return out;
}

/** Thrown inside the transaction to undo an incident whose rule's slot another writer took first. */
class LostClaim extends Error {}

async function applyToRule(db: Db, accountId: string, ruleId: string, event: AlertEvent): Promise<AlertDecision> {
  const pages: string[] = [];
  try {
    const decision = await db.transaction().execute(async (trx) => {
      const rule = await q.lockRule(trx, ruleId);
      if (!rule) return { outcome: "ignored" as const, reason: "the rule was deleted meanwhile", ruleId, incidentId: null };
      return decideAndApply(trx, accountId, rule, event, pages);
    });
    if (pages.length > 0) await invalidatePages([...new Set(pages)]);
    return decision;
  } catch (err) {
    if (err instanceof LostClaim) return { outcome: "ignored", reason: "another instance opened the rule's incident at the same moment", ruleId, incidentId: null };
    // A rule whose component was deleted or changed under it: the alert changes nothing, and says why.
    if (err instanceof AppError) return { outcome: "ignored", reason: `could not apply: ${err.message}`, ruleId, incidentId: null };
    if (isForeignKeyViolation(err)) return { outcome: "ignored", reason: "could not apply: a component or service of the rule was deleted meanwhile", ruleId, incidentId: null };
    throw err;
  }
}

const toRecord = (a: AutomationAlert): AlertRecord => ({ dedupKey: a.dedup_key, firing: Number(a.firing) === 1, firedAt: a.fired_at, resolvedAt: a.resolved_at, incidentId: a.incident_id });

async function targetsOf(trx: Db, rule: AutomationRule): Promise<RuleTarget[]> {
  if (rule.kind === "CHECK") return [{ componentId: rule.service_id!, targetImpact: "MAJOR_OUTAGE" }];
  return (await q.listRuleComponents(trx, [rule.id])).map((c) => ({ componentId: c.component_id, targetImpact: c.target_impact }));
}

/** What the incident shows now: a v3 incident's open windows, a v1 incident's services at its severity. */
async function impactsOf(trx: Db, rule: AutomationRule, incident: Incident): Promise<Impact[]> {
  if (rule.kind !== "CHECK") return (await listImpacts(trx, incident.id)).filter((w) => w.ended_at === null).map((w) => ({ componentId: w.component_id, status: w.status }));
  const status = severityToStatus(incident.severity);
  return status === "OPERATIONAL" ? [] : [{ componentId: rule.service_id!, status }];
}

/** Maintenance with suppressAutoIncidents: a rule's page, or every page showing a check trigger's service. */
async function suppressedFor(trx: Db, rule: AutomationRule, at: number): Promise<Set<string>> {
  const pageIds = rule.kind !== "CHECK" ? [rule.status_page_id!] : await pageIdsForServices(trx, [rule.service_id!]);
  const out = new Set<string>();
  for (const pageId of pageIds) for (const id of await suppressedComponentIds(trx, pageId, at)) out.add(id);
  return out;
}

async function decideAndApply(trx: Db, accountId: string, rule: AutomationRule, event: AlertEvent, pages: string[]): Promise<AlertDecision> {
  const now = Date.now();
  let incident: Incident | undefined = rule.incident_id ? await q.lockIncident(trx, rule.incident_id) : undefined;
  // Resolved by hand (or deleted): the rule is free to open a new incident.
  if (rule.incident_id && (!incident || incident.resolved_at !== null)) {
    await q.releaseIncident(trx, rule.id, rule.incident_id, null);
    incident = undefined;
  }
  const targets = await targetsOf(trx, rule);
  const ids = targets.map((t) => t.componentId);
  const human = rule.kind !== "CHECK" ? await q.humanOwnedComponents(trx, rule.status_page_id!, ids) : await q.humanOwnedServices(trx, accountId, ids);
  const action = decide({
    event,
    rule: { id: rule.id, enabled: Number(rule.enabled) === 1, coolDownWindowMinutes: Number(rule.cool_down_minutes), openAfterMinutes: Number(rule.open_after_minutes), components: targets },
    state: {
      incident: incident ? { id: incident.id, humansOwn: incident.humans_since !== null, impacts: await impactsOf(trx, rule, incident) } : null,
      alerts: (await q.listAlerts(trx, rule.id)).map(toRecord),
      lastResolvedAt: rule.last_resolved_at,
    },
    humanComponentIds: new Set(human),
    suppressedComponentIds: await suppressedFor(trx, rule, now),
    now,
  });
  return carryOut(trx, accountId, rule, incident, action, pages, now);
}

async function saveAlert(trx: Db, ruleId: string, alert: AlertRecord, now: number): Promise<void> {
  await q.saveAlert(trx, {
    rule_id: ruleId,
    dedup_key: alert.dedupKey,
    incident_id: alert.incidentId,
    firing: alert.firing ? 1 : 0,
    fired_at: alert.firedAt,
    resolved_at: alert.resolvedAt,
    updated_at: now,
  });
}

async function carryOut(trx: Db, accountId: string, rule: AutomationRule, incident: Incident | undefined, action: Action, pages: string[], now: number): Promise<AlertDecision> {
  const base = { ruleId: rule.id, reason: action.reason };
  const actor = automationActor(rule.id);
  const notifySubscribers = Number(rule.notify_subscribers) === 1;
  switch (action.kind) {
    case "ignore":
      return { ...base, outcome: "ignored", incidentId: incident?.id ?? null };
    case "record":
      await saveAlert(trx, rule.id, action.alert, now);
      return { ...base, outcome: action.outcome, incidentId: incident?.id ?? null, ...(action.pending ? { pending: true } : {}) };
    case "join": {
      const open = incident!;
      await saveAlert(trx, rule.id, { ...action.alert, incidentId: open.id }, now);
      if (action.raise.length > 0 && rule.kind !== "CHECK") {
        await raiseImpactsV3(trx, rule.status_page_id!, open.id, action.raise, actor);
        pages.push(rule.status_page_id!);
      } else if (action.raise.length > 0) {
        pages.push(...(await raiseSeverity(trx, open.id, severityOfImpacts(action.raise.map((r) => r.status)), actor)));
      }
      return { ...base, outcome: "joined", incidentId: open.id };
    }
    case "open": {
      const id = newId();
      const update = { description: rule.first_update, status: "INVESTIGATING" as const, notifySubscribers };
      if (rule.kind !== "CHECK") {
        const componentImpacts = action.impacts.map((i) => ({ componentId: i.componentId, status: i.status }));
        await insertIncidentV3(trx, accountId, rule.status_page_id!, id, { name: rule.name, componentImpacts, update }, actor);
        pages.push(rule.status_page_id!);
      } else {
        const severity = severityOfImpacts(action.impacts.map((i) => i.status));
        pages.push(...(await insertIncidentV1(trx, accountId, id, { name: rule.name, severity, serviceIds: action.impacts.map((i) => i.componentId), update }, actor)));
      }
      if (!(await q.claimIncident(trx, rule.id, id, now))) throw new LostClaim();
      await saveAlert(trx, rule.id, { ...action.alert, incidentId: id }, now);
      return { ...base, outcome: "opened", incidentId: id };
    }
    case "resolve": {
      const open = incident!;
      await saveAlert(trx, rule.id, action.alert, now);
      const update = { description: rule.last_update, status: "RESOLVED" as const, notifySubscribers };
      if (rule.kind !== "CHECK") {
        await postIncidentUpdateV3(trx, rule.status_page_id!, open, update, actor);
        pages.push(rule.status_page_id!);
      } else {
        pages.push(...(await postIncidentUpdate(trx, open, update, actor)).pages);
      }
      await q.releaseIncident(trx, rule.id, open.id, now);
      return { ...base, outcome: "resolved", incidentId: open.id };
    }
  }
}
