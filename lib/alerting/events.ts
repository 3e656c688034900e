import type { AlertEvent } from "@/lib/automation/alert";
import type { ApplyContext } from "@/lib/automation/apply";
import type { AlertState } from "@/lib/db/types";

/** Checks decide as one integration of their account's, account-wide (check triggers and every page's rules). */
export const checksContext = (accountId: string, muted: boolean): ApplyContext => ({ accountId, integrationId: "checks", statusPageId: null, silent: muted });

/**
 * A change of a check's alert state as the automation reads it: keyed by the check id (its trigger matches it), with
 * its tags (v3 rules match them). DEGRADED is a trigger capped at degraded performance, PASSING a recovery.
 */
export function alertEventFor(check: { id: string; name: string }, tags: readonly string[], to: AlertState, at: number): AlertEvent {
  const base = { dedupKey: check.id, checkId: check.id, occurredAt: at, summary: check.name.slice(0, 200), tags: [...new Set(tags)] };
  if (to === "PASSING") return { ...base, action: "resolve" };
  return to === "DEGRADED" ? { ...base, action: "trigger", degraded: true } : { ...base, action: "trigger" };
}
