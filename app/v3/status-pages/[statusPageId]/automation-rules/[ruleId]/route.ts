import { apiRoute, noContent, ok } from "@/lib/http/route";
import { AutomationRuleMutation, AutomationRuleParams } from "@/lib/automation/schema";
import { serializeRule } from "@/lib/automation/serialize";
import { deleteRule, getRuleOrThrow, replaceRule } from "@/lib/automation/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: AutomationRuleParams }, async ({ db, accountId, params }) => {
  const { rule, components } = await getRuleOrThrow(db, accountId, params.statusPageId, params.ruleId);
  return ok(serializeRule(rule, components));
});

export const PUT = apiRoute({ params: AutomationRuleParams, body: AutomationRuleMutation }, async ({ db, accountId, params, body }) => {
  const { rule, components } = await replaceRule(db, accountId, params.statusPageId, params.ruleId, body);
  return ok(serializeRule(rule, components));
});

export const DELETE = apiRoute({ params: AutomationRuleParams }, async ({ db, accountId, params }) => {
  await deleteRule(db, accountId, params.statusPageId, params.ruleId);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
