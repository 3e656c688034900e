import type { ZodOpenApiPathsObject } from "zod-openapi";
import { AutomationRule, AutomationRuleMutation, AutomationRulePage, AutomationRuleParams, CheckTrigger, CheckTriggerInput } from "@/lib/automation/schema";
import { IntegrationCheckParams } from "@/lib/checks/schema";
import { CursorQuery } from "@/lib/http/pagination";
import { StatusPageIdParams } from "@/lib/status-pages/schema";
import { op } from "./helpers";

const R = "Automation rules (v3)";
const C = "Check triggers";
const BASE = "/v3/status-pages/{statusPageId}/automation-rules";
const MATCH =
  "An alert matches when it carries ANY of the rule's tags (or, in the generic format, names one of its components). Heliograph extension: openAfterMinutes (0-1440, default 0) opens only once the alert has been firing that long by its own start time, on its first repeat or reminder after then.";

const OUTSIDE =
  "For checks an outside monitoring tool runs: id must be one of the account's checkly integrations (404 otherwise; 400 for another format). The trigger is the account's for that CHECK_ID, whichever checkly integration its alerts arrive through; a check Heliograph runs carries its own triggerIncident.";

/** Automation rules of a v3 page and the v1 per-check incident trigger (wire shapes from lib/automation/schema.ts). */
export const automationPaths: ZodOpenApiPathsObject = {
  [BASE]: {
    get: op({ id: "listAutomationRulesV3", summary: "The page's automation rules, newest first (400 for a v1 page)", tag: R, params: StatusPageIdParams, query: CursorQuery, ok: [200, AutomationRulePage, "A cursor page of rules"], errors: [404] }),
    post: op({
      id: "createAutomationRuleV3",
      summary: `Create a rule: a matching failing alert opens one incident on its components at their targetImpact, and resolves it once all its alerts recovered. ${MATCH} components must be SERVICE components of this page.`,
      tag: R,
      params: StatusPageIdParams,
      body: AutomationRuleMutation,
      ok: [201, AutomationRule, "The rule"],
      errors: [402, 404],
    }),
  },
  [`${BASE}/{ruleId}`]: {
    get: op({ id: "getAutomationRuleV3", summary: "Get a rule, with the open incident it manages (incidentId)", tag: R, params: AutomationRuleParams, ok: [200, AutomationRule, "The rule"], errors: [404] }),
    put: op({ id: "updateAutomationRuleV3", summary: `Replace a rule: omitted fields take their defaults, components are replaced as a whole; its open incident stays its own. ${MATCH}`, tag: R, params: AutomationRuleParams, body: AutomationRuleMutation, ok: [200, AutomationRule, "The rule"], errors: [404] }),
    delete: op({ id: "deleteAutomationRuleV3", summary: "Delete a rule; an incident it opened stays", tag: R, params: AutomationRuleParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  "/v1/integrations/{id}/checks/{checkId}/trigger-incident": {
    get: op({ id: "getCheckTrigger", summary: `The incident trigger of a check the outside tool runs, keyed by its CHECK_ID. ${OUTSIDE}`, tag: C, params: IntegrationCheckParams, ok: [200, CheckTrigger, "The trigger"], errors: [404] }),
    put: op({
      id: "putCheckTrigger",
      summary: `Create or replace the check's trigger: its failure opens a v1 incident at its severity (default MAJOR; at most MINOR when only degraded) on serviceId with this name and description, its recovery resolves it. ${OUTSIDE}`,
      tag: C,
      params: IntegrationCheckParams,
      body: CheckTriggerInput,
      ok: [200, CheckTrigger, "The trigger"],
      errors: [404],
    }),
    delete: op({ id: "deleteCheckTrigger", summary: "Delete the check's trigger; an incident it opened stays", tag: C, params: IntegrationCheckParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
};
