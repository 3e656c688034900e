import type { AutomationRule } from "@/lib/db/types";
import { fromJson } from "@/lib/db/json";

/** A rule's tags (a JSON list in its row). */
export function tagsOf(rule: Pick<AutomationRule, "tags">): string[] {
  return fromJson<string[]>(rule.tags) ?? [];
}
