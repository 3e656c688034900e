import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { ImpactStatus } from "@/lib/db/types";
import * as q from "./queries";
import { requireRuleComponents } from "./service";

/*
 * An integration's default target (automation.md, "Matching" 3), for alerts no rule or check trigger matches: a rule
 * row of kind DEFAULT on its v3 page, so apply.ts holds it to every rule of a rule (one open incident, cool-down, humans
 * win, suppression). Never listed among the page's rules; written and deleted with its integration.
 */

export interface DefaultTargetInput {
  components: { componentId: string; targetImpact: ImpactStatus }[];
  name?: string;
  firstUpdate?: string;
  lastUpdate?: string;
  notifySubscribers?: boolean;
}

export interface DefaultTargetView {
  ruleId: string;
  name: string;
  firstUpdate: string;
  lastUpdate: string;
  notifySubscribers: boolean;
  components: { componentId: string; targetImpact: ImpactStatus }[];
}

const DEFAULTS = {
  firstUpdate: "Our monitoring reports a problem; we are looking into it.",
  lastUpdate: "Our monitoring reports the problem has recovered; this incident is resolved.",
};

/** Inside the integration's transaction: 400 naming `defaultComponents.N.componentId` for a component not of this page. */
export async function insertDefaultTarget(trx: Db, accountId: string, pageId: string, integrationName: string, input: DefaultTargetInput, at: number): Promise<string> {
  await requireRuleComponents(trx, pageId, input.components, "defaultComponents");
  const id = newId();
  await q.insertRule(trx, {
    id,
    account_id: accountId,
    kind: "DEFAULT",
    status_page_id: pageId,
    check_id: null,
    service_id: null,
    name: input.name ?? `Problem reported by ${integrationName}`,
    enabled: 1,
    first_update: input.firstUpdate ?? DEFAULTS.firstUpdate,
    last_update: input.lastUpdate ?? DEFAULTS.lastUpdate,
    notify_subscribers: input.notifySubscribers === false ? 0 : 1,
    cool_down_minutes: 5,
    tags: "[]",
    created_at: at,
    updated_at: at,
  });
  await q.replaceRuleComponents(trx, id, input.components.map((c, position) => ({ id: newId(), rule_id: id, component_id: c.componentId, target_impact: c.targetImpact, position })));
  return id;
}

/** An incident it opened stays, as a deleted rule's does. */
export async function deleteDefaultTarget(trx: Db, ruleId: string): Promise<void> {
  await q.deleteRuleRow(trx, ruleId);
}

export async function defaultTargetsOf(db: Db, ruleIds: readonly string[]): Promise<Map<string, DefaultTargetView>> {
  const out = new Map<string, DefaultTargetView>();
  if (ruleIds.length === 0) return out;
  const [rules, components] = await Promise.all([q.findRulesByIds(db, ruleIds), q.listRuleComponents(db, ruleIds)]);
  for (const r of rules) {
    out.set(r.id, {
      ruleId: r.id,
      name: r.name,
      firstUpdate: r.first_update,
      lastUpdate: r.last_update,
      notifySubscribers: Number(r.notify_subscribers) === 1,
      components: components.filter((c) => c.rule_id === r.id).map((c) => ({ componentId: c.component_id, targetImpact: c.target_impact })),
    });
  }
  return out;
}
