import type { ImpactStatus } from "@/lib/db/types";
import type { AlertEvent } from "./alert";

/*
 * The automation decision: one pure function from what a monitoring tool said and what the rule already
 * knows to what the automation does. It never reads the clock or the database; lib/automation/apply.ts
 * gathers its inputs in a transaction and carries out the action.
 */

export interface RuleTarget {
  componentId: string;
  targetImpact: ImpactStatus;
}

/** A v3 rule or a v1 per-check trigger (whose one target is its service), as the decision sees it. */
export interface DecisionRule {
  id: string;
  enabled: boolean;
  coolDownWindowMinutes: number;
  /** opens only once the alert has been firing this long by the payload's times (now − firedAt); absent or 0: at once */
  openAfterMinutes?: number;
  components: readonly RuleTarget[];
}

/** What the rule recorded about one alert (one dedup key); times are the payload's own. */
export interface AlertRecord {
  dedupKey: string;
  firing: boolean;
  firedAt: number | null;
  resolvedAt: number | null;
  /** the incident it fired on, null when it opened or joined none */
  incidentId: string | null;
}

export interface RuleState {
  /** the unresolved incident the rule manages (its open impacts); humansOwn once anyone but this automation wrote to it */
  incident: { id: string; humansOwn: boolean; impacts: readonly Impact[] } | null;
  /** what the rule recorded about this event's alert (its dedup key); no other record is read */
  alert: AlertRecord | null;
  /** how many of the rule's other alerts fire on the open incident: counted by the store, not listed */
  othersFiring: number;
  /** wall time at which the automation last resolved the rule's incident */
  lastResolvedAt: number | null;
}

export interface DecisionInput {
  event: AlertEvent;
  rule: DecisionRule;
  state: RuleState;
  /** components covered by an open incident that humans own (opened or taken over by an operator) */
  humanComponentIds: ReadonlySet<string>;
  /** components in a maintenance whose statusPageVisibility.suppressAutoIncidents is set */
  suppressedComponentIds: ReadonlySet<string>;
  now: number;
}

export interface Impact {
  componentId: string;
  status: ImpactStatus;
}

/** `alert` is the record to store after the action; a join's `raise` lists impacts to worsen (never to lessen). */
export type Action =
  | { kind: "open"; impacts: Impact[]; alert: AlertRecord; reason: string }
  | { kind: "join"; alert: AlertRecord; raise: Impact[]; reason: string }
  | { kind: "resolve"; alert: AlertRecord; reason: string }
  | { kind: "record"; outcome: "updated" | "ignored"; alert: AlertRecord; reason: string; pending?: boolean }
  | { kind: "ignore"; reason: string };

const RANK: Record<ImpactStatus, number> = { UNDER_MAINTENANCE: 0, DEGRADED_PERFORMANCE: 1, PARTIAL_OUTAGE: 2, MAJOR_OUTAGE: 3 };

/** A degraded (not failing) check never shows worse than degraded performance. */
export function capImpact(impact: ImpactStatus, degraded: boolean | undefined): ImpactStatus {
  return degraded && RANK[impact] > RANK.DEGRADED_PERFORMANCE ? "DEGRADED_PERFORMANCE" : impact;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ignore = (reason: string): Action => ({ kind: "ignore", reason });

export function decide(input: DecisionInput): Action {
  const { event } = input;
  if (event.action === "heartbeat") return ignore("heartbeat: the pipeline is alive, nothing to decide");
  const prev = input.state.alert;
  // A reminder is the vendor's only re-send: it may open an incident that waited for openAfterMinutes, nothing else.
  const waiting = (input.rule.openAfterMinutes ?? 0) > 0 && prev?.firing === true && prev.incidentId === null;
  if (event.reminder && !(event.action === "trigger" && waiting)) return ignore("reminder of an alert already reported: changes nothing");
  return event.action === "trigger" ? onTrigger(input, prev) : onResolve(input, prev);
}

function onTrigger(input: DecisionInput, prev: AlertRecord | null): Action {
  const { event, rule, state, now } = input;
  if (prev?.resolvedAt != null && event.occurredAt <= prev.resolvedAt) {
    return ignore(`failure at ${iso(event.occurredAt)} is older than this alert's recovery at ${iso(prev.resolvedAt)}: out of order`);
  }
  // Re-sends (Alertmanager's repeat_interval, the vendor's retries) carry a time already counted.
  if (prev?.firing && prev.firedAt !== null && prev.incidentId !== null && event.occurredAt <= prev.firedAt) {
    return ignore(`repeat: alert already firing on incident ${prev.incidentId}`);
  }
  const incident = state.incident;
  const firing = (incidentId: string | null): AlertRecord => ({
    dedupKey: event.dedupKey,
    firing: true,
    // A reminder's STARTED_AT is its own run's: the failure it reminds of started when first reported.
    firedAt: prev?.firing && prev.firedAt !== null ? (event.reminder ? prev.firedAt : Math.max(prev.firedAt, event.occurredAt)) : event.occurredAt,
    resolvedAt: prev?.resolvedAt ?? null,
    incidentId,
  });
  if (incident) {
    if (incident.humansOwn) return { kind: "record", outcome: "ignored", alert: firing(incident.id), reason: `humans own incident ${incident.id}: recorded, not changed` };
    const others = state.othersFiring;
    // A failure joining an incident a degraded check opened shows the outage it is.
    const shown = new Map(incident.impacts.map((i) => [i.componentId, RANK[i.status]]));
    const raise = allowed(input).filter((w) => RANK[w.status] > (shown.get(w.componentId) ?? -1));
    const raised = raise.length > 0 ? `; raised ${raise.map((w) => `${w.componentId} to ${w.status}`).join(", ")}` : "";
    return { kind: "join", alert: firing(incident.id), raise, reason: `joined incident ${incident.id} (${others + 1} alerts firing)${raised}` };
  }
  if (!rule.enabled) return ignore("the rule is disabled: it opens no incident");
  const until = state.lastResolvedAt === null ? null : state.lastResolvedAt + rule.coolDownWindowMinutes * 60_000;
  // Pending: an identical re-send (Alertmanager's repeat_interval) after the cool-down must be decided again, not deduplicated.
  if (until !== null && now < until) return { kind: "record", outcome: "ignored", alert: firing(null), pending: true, reason: `cool-down after the last resolve, until ${iso(until)}` };

  const wanted = targets(input);
  const suppressed = wanted.filter((c) => input.suppressedComponentIds.has(c.componentId));
  const human = wanted.filter((c) => !input.suppressedComponentIds.has(c.componentId) && input.humanComponentIds.has(c.componentId));
  const impacts = allowed(input);
  if (wanted.length > 0 && impacts.length === 0) {
    const why = [
      suppressed.length > 0 ? `maintenance in progress suppresses automatic incidents on ${ids(suppressed)}` : null,
      human.length > 0 ? `an operator's open incident covers ${ids(human)}` : null,
    ].filter(Boolean);
    // Pending as well: once the maintenance ends or the operators' incident is resolved, a re-send may open one.
    return { kind: "record", outcome: "ignored", alert: firing(null), pending: true, reason: `${why.join("; ")}: opened nothing` };
  }
  const delay = (rule.openAfterMinutes ?? 0) * 60_000;
  const since = firing(null).firedAt!;
  if (delay > 0 && now - since < delay) {
    const reason = `firing since ${iso(since)}: the rule opens only after ${rule.openAfterMinutes} minutes firing, on a repeat of this alert from ${iso(since + delay)}`;
    return { kind: "record", outcome: "ignored", alert: firing(null), pending: true, reason };
  }
  const left = wanted.length - impacts.length;
  const note = left > 0 ? ` (${left} component${left === 1 ? "" : "s"} left alone: maintenance or an operator's incident)` : "";
  return { kind: "open", impacts, alert: firing(null), reason: `opened an incident on ${impacts.length} component${impacts.length === 1 ? "" : "s"}${note}` };
}

/** The rule's components at the impact this event asks for. */
function targets({ rule, event }: DecisionInput): Impact[] {
  return rule.components.map((c) => ({ componentId: c.componentId, status: capImpact(event.targetImpact ?? c.targetImpact, event.degraded) }));
}

/** Those automation may touch: not under a suppressing maintenance, not covered by humans' incident. */
function allowed(input: DecisionInput): Impact[] {
  return targets(input).filter((c) => !input.suppressedComponentIds.has(c.componentId) && !input.humanComponentIds.has(c.componentId));
}

function onResolve(input: DecisionInput, prev: AlertRecord | null): Action {
  const { event, state } = input;
  if (!prev || prev.firedAt === null) {
    // The vendor retries a failed delivery, so a failure can arrive after its recovery: keep the recovery's time
    // so that late failure is seen as out of order instead of opening an incident nothing will resolve.
    const resolvedAt = Math.max(prev?.resolvedAt ?? event.occurredAt, event.occurredAt);
    const alert: AlertRecord = { dedupKey: event.dedupKey, firing: false, firedAt: null, resolvedAt, incidentId: null };
    return { kind: "record", outcome: "ignored", alert, reason: "recovery of an alert that never fired here: recorded, so an older failure arriving late opens nothing" };
  }
  if (event.occurredAt < prev.firedAt) return ignore(`recovery at ${iso(event.occurredAt)} is older than the failure at ${iso(prev.firedAt)}: out of order`);
  if (!prev.firing) {
    // A later recovery of an alert already recovered is news all the same: a failure between the two that
    // arrives after it (the vendor retries for 100 s) must be read as out of order, not open an incident.
    if (prev.resolvedAt !== null && event.occurredAt <= prev.resolvedAt) return ignore("repeat: alert already recovered");
    return { kind: "record", outcome: "ignored", alert: { ...prev, resolvedAt: event.occurredAt }, reason: `alert already recovered; its recovery time moves to ${iso(event.occurredAt)}` };
  }
  const alert: AlertRecord = { ...prev, firing: false, resolvedAt: event.occurredAt };
  const incident = state.incident;
  if (!incident || prev.incidentId !== incident.id) return { kind: "record", outcome: "ignored", alert, reason: "recorded: no open incident of this rule holds this alert" };
  if (incident.humansOwn) return { kind: "record", outcome: "ignored", alert, reason: `humans own incident ${incident.id}: recorded, not resolved` };
  const still = state.othersFiring;
  if (still > 0) return { kind: "record", outcome: "updated", alert, reason: `alert recovered; ${still} alert${still === 1 ? "" : "s"} still firing on incident ${incident.id}` };
  return { kind: "resolve", alert, reason: `all alerts of incident ${incident.id} recovered` };
}

function ids(items: readonly Impact[]): string {
  return items.map((c) => c.componentId).join(", ");
}
