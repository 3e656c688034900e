import { DAY_MS } from "@/lib/time/units";
import type { ImpactStatus } from "@/lib/db/types";

/**
 * The one shape every monitoring format is read into (lib/integrations/formats/*), and the only input the
 * automation decision (lib/automation) reads. An adapter never decides anything; it says what the tool said.
 */
export interface AlertEvent {
  /** the tool's own key for "the same problem": CHECK_ID, fingerprint, dedup_key, dedupKey */
  dedupKey: string;
  /** trigger: failing (or degraded); resolve: recovered; heartbeat: a watchdog saying the pipeline is alive */
  action: "trigger" | "resolve" | "heartbeat";
  /** the time the tool gives the event (STARTED_AT, startsAt/endsAt, occurredAt), epoch ms; arrival time only when it gives none */
  occurredAt: number;
  /** one line for humans: check name, alertname/summary annotation, PagerDuty summary */
  summary: string;
  /** what rules match on: the vendor's TAGS and group name; for label-based tools `key=value` for every label, plus the bare value of the label the integration names */
  tags: string[];
  /** only a degraded (not failing) check: the rule's impact is capped at DEGRADED_PERFORMANCE */
  degraded?: boolean;
  /** a reminder or re-send of something already said: never changes anything by itself */
  reminder?: boolean;
  /** the vendor's CHECK_ID, for the v1 per-check trigger */
  checkId?: string;
  /** generic format only: components named directly, and the impact asked for */
  componentIds?: string[];
  targetImpact?: ImpactStatus;
  /** the item held text no store can hold (a NUL in a label): why, naming the field; answered and logged, never decided */
  refused?: string;
}

/**
 * How long what was said about an alert is remembered after it last mattered: an event's seen key, and a
 * recovered alert's state (so a failure retried late is still read as out of order). A re-send later than this
 * is decided afresh.
 */
export const REPLAY_HORIZON_MS = DAY_MS;

/** What the automation did with one event; recorded on the integration's event log and answered to the sender. */
export interface AlertDecision {
  outcome: "opened" | "joined" | "updated" | "resolved" | "ignored";
  /** why, in words an operator debugging a silent page understands ("cool-down until 12:05", "humans own incident …") */
  reason: string;
  ruleId?: string | null;
  incidentId?: string | null;
  /** the alert waits for the rule's openAfterMinutes: a later identical re-send must be decided again, not deduplicated */
  pending?: boolean;
}
