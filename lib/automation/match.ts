import type { AlertEvent } from "./alert";

/** What a rule matches on: its tags, its components, or (a v1 per-check trigger) the vendor's check id. */
export interface Matchable {
  tags: readonly string[];
  componentIds: readonly string[];
  checkId: string | null;
}

const norm = (tag: string) => tag.trim().toLowerCase();

/**
 * A check trigger matches its CHECK_ID; a rule matches when the alert carries ANY of its tags (tags are
 * compared without case or surrounding blanks) or, from the generic format, names one of its components.
 */
export function matches(rule: Matchable, event: Pick<AlertEvent, "tags" | "componentIds" | "checkId">): boolean {
  if (rule.checkId !== null) return event.checkId !== undefined && event.checkId === rule.checkId;
  const tags = new Set(event.tags.map(norm));
  if (rule.tags.some((t) => tags.has(norm(t)))) return true;
  const named = new Set(event.componentIds ?? []);
  return rule.componentIds.some((id) => named.has(id));
}
