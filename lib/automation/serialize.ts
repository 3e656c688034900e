import type { z } from "zod";
import type { AutomationRule as Row, AutomationRuleComponent } from "@/lib/db/types";
import { times } from "@/lib/http/wire";
import { tagsOf } from "./rows";
import type { AutomationRule, CheckTrigger } from "./schema";

export function serializeRule(rule: Row, components: readonly AutomationRuleComponent[]): z.infer<typeof AutomationRule> {
  return {
    id: rule.id,
    statusPageId: rule.status_page_id!,
    name: rule.name,
    enabled: Number(rule.enabled) === 1,
    firstUpdate: rule.first_update,
    lastUpdate: rule.last_update,
    notifySubscribers: Number(rule.notify_subscribers) === 1,
    coolDownWindowMinutes: Number(rule.cool_down_minutes),
    openAfterMinutes: Number(rule.open_after_minutes),
    tags: tagsOf(rule),
    components: components.map((c) => ({ id: c.id, componentId: c.component_id, targetImpact: c.target_impact })),
    incidentId: rule.incident_id,
    ...times(rule),
  };
}

/** The v1 per-check trigger: the seed's `triggerIncident` fields, keyed by the vendor's check id. */
export function serializeCheckTrigger(rule: Row): z.infer<typeof CheckTrigger> {
  return {
    checkId: rule.check_id!,
    serviceId: rule.service_id!,
    name: rule.name,
    description: rule.first_update,
    notifySubscribers: Number(rule.notify_subscribers) === 1,
    severity: rule.severity ?? "MAJOR",
    incidentId: rule.incident_id,
    ...times(rule),
  };
}
