import { apiRoute, created, ok } from "@/lib/http/route";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { StatusPageIdParams } from "@/lib/status-pages/schema";
import { AutomationRuleMutation } from "@/lib/automation/schema";
import { serializeRule } from "@/lib/automation/serialize";
import { createRule, listRules } from "@/lib/automation/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: StatusPageIdParams, query: CursorQuery }, async ({ db, accountId, params, query, cursors }) => {
  const list = `automation-rules:${params.statusPageId}`;
  const { rows, next } = await listRules(db, accountId, params.statusPageId, { limit: query.limit, after: cursors.decode(list, query.nextId) });
  return ok(cursorPage(rows.map((v) => serializeRule(v.rule, v.components)), cursors.encode(list, next)));
});

export const POST = apiRoute({ params: StatusPageIdParams, body: AutomationRuleMutation }, async ({ db, accountId, params, body }) => {
  const { rule, components } = await createRule(db, accountId, params.statusPageId, body);
  return created(serializeRule(rule, components));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
