import { describe, expect, it } from "vitest";
import { capImpact, decide, type Action, type AlertRecord, type DecisionInput, type DecisionRule, type RuleState } from "@/lib/automation/decide";
import { matches } from "@/lib/automation/match";
import type { AlertEvent } from "@/lib/automation/alert";

const T0 = Date.parse("2026-11-24T12:00:00Z");
const MIN = 60_000;
const C1 = "11111111-1111-4111-8111-111111111111";
const C2 = "22222222-2222-4222-8222-222222222222";
const INC = "99999999-9999-4999-8999-999999999999";

const rule: DecisionRule = {
  id: "rule-1",
  enabled: true,
  coolDownWindowMinutes: 5,
  components: [
    { componentId: C1, targetImpact: "MAJOR_OUTAGE" },
    { componentId: C2, targetImpact: "PARTIAL_OUTAGE" },
  ],
};

const ev = (over: Partial<AlertEvent> = {}): AlertEvent => ({ dedupKey: "a", action: "trigger", occurredAt: T0, summary: "api down", tags: ["api"], ...over });
const alert = (over: Partial<AlertRecord> = {}): AlertRecord => ({ dedupKey: "a", firing: true, firedAt: T0, resolvedAt: null, incidentId: INC, ...over });
/** What the rule holds, as the table writes it: every record. input() hands the decision what the store reads of it. */
interface Held {
  incident: RuleState["incident"];
  alerts: AlertRecord[];
  lastResolvedAt: number | null;
}
const state = (over: Partial<Held> = {}): Held => ({ incident: null, alerts: [], lastResolvedAt: null, ...over });
type TableInput = Partial<Omit<DecisionInput, "state">> & { state?: Held };
const AT_TARGET = [
  { componentId: C1, status: "MAJOR_OUTAGE" as const },
  { componentId: C2, status: "PARTIAL_OUTAGE" as const },
];
const open = (humansOwn = false, impacts: { componentId: string; status: "MAJOR_OUTAGE" | "PARTIAL_OUTAGE" | "DEGRADED_PERFORMANCE" }[] = AT_TARGET) => ({ id: INC, humansOwn, impacts });

/** The event's own record and a count of the others firing on the open incident, as lib/automation/apply.ts reads them. */
function input(over: TableInput): DecisionInput {
  const { state: held = state(), ...rest } = over;
  const event = rest.event ?? ev();
  const alert = held.alerts.find((a) => a.dedupKey === event.dedupKey) ?? null;
  const othersFiring = held.alerts.filter((a) => held.incident !== null && a.incidentId === held.incident.id && a.firing && a.dedupKey !== event.dedupKey).length;
  return { event, rule, humanComponentIds: new Set(), suppressedComponentIds: new Set(), now: T0 + MIN, ...rest, state: { incident: held.incident, alert, othersFiring, lastResolvedAt: held.lastResolvedAt } };
}

interface Row {
  rule: string;
  name: string;
  input: TableInput;
  kind: Action["kind"];
  outcome?: "updated" | "ignored";
  reason: RegExp;
  /** a join's impacts to raise */
  raise?: { componentId: string; status: string }[];
  /** the stored alert after the action, when there is one */
  alert?: Partial<AlertRecord>;
  impacts?: { componentId: string; status: string }[];
  /** a record that waits for openAfterMinutes (ingestion then decides its identical re-send again) */
  pending?: boolean;
}

const delayed: DecisionRule = { ...rule, openAfterMinutes: 5 };
const waiting = (over: Partial<AlertRecord> = {}) => alert({ incidentId: null, ...over });

const table: Row[] = [
  // One open incident per rule; further alerts join it.
  { rule: "one per rule", name: "a first failure opens an incident at the rule's impacts", input: {}, kind: "open", reason: /opened an incident on 2 components/, alert: { firing: true, firedAt: T0, incidentId: null }, impacts: [{ componentId: C1, status: "MAJOR_OUTAGE" }, { componentId: C2, status: "PARTIAL_OUTAGE" }] },
  { rule: "one per rule", name: "a second alert joins the open incident", input: { event: ev({ dedupKey: "b" }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "join", reason: /joined incident .* \(2 alerts firing\)/, alert: { dedupKey: "b", incidentId: INC } },
  { rule: "one per rule", name: "a failure of an alert recorded without incident joins the open one", input: { state: state({ incident: open(), alerts: [alert({ incidentId: null })] }) }, kind: "join", reason: /joined/, alert: { incidentId: INC } },
  { rule: "one per rule", name: "an alert that fires again after recovering rejoins", input: { event: ev({ occurredAt: T0 + 3 * MIN }), state: state({ incident: open(), alerts: [alert({ firing: false, resolvedAt: T0 + MIN }), alert({ dedupKey: "b" })] }) }, kind: "join", reason: /2 alerts firing/, alert: { firing: true, firedAt: T0 + 3 * MIN, resolvedAt: T0 + MIN } },

  { rule: "one per rule", name: "a joining alert at the incident's impacts raises nothing", input: { event: ev({ dedupKey: "b" }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "join", reason: /firing\)$/, raise: [] },
  { rule: "degraded", name: "a failure joining an incident a degraded check opened raises it to the rule's impacts", input: { event: ev({ dedupKey: "b" }), state: state({ incident: open(false, [{ componentId: C1, status: "DEGRADED_PERFORMANCE" }, { componentId: C2, status: "DEGRADED_PERFORMANCE" }]), alerts: [alert()] }) }, kind: "join", reason: /raised .* to MAJOR_OUTAGE/, raise: AT_TARGET },
  { rule: "degraded", name: "a degraded alert joining an incident at outage lowers nothing", input: { event: ev({ dedupKey: "b", degraded: true }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "join", reason: /joined/, raise: [] },
  { rule: "maintenance", name: "a joining failure raises no component under a suppressing maintenance", input: { event: ev({ dedupKey: "b" }), suppressedComponentIds: new Set([C1]), state: state({ incident: open(false, [{ componentId: C2, status: "DEGRADED_PERFORMANCE" }]), alerts: [alert()] }) }, kind: "join", reason: /raised/, raise: [{ componentId: C2, status: "PARTIAL_OUTAGE" }] },

  // Idempotent: repeats, reminders, re-sends.
  { rule: "idempotent", name: "a repeat of a firing alert changes nothing", input: { state: state({ incident: open(), alerts: [alert()] }) }, kind: "ignore", reason: /repeat: alert already firing/ },
  { rule: "idempotent", name: "an older re-send of a firing alert changes nothing", input: { event: ev({ occurredAt: T0 - MIN }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "ignore", reason: /repeat/ },
  { rule: "idempotent", name: "a reminder changes nothing, even with no incident open", input: { event: ev({ reminder: true }) }, kind: "ignore", reason: /reminder/ },
  { rule: "idempotent", name: "a heartbeat decides nothing", input: { event: ev({ action: "heartbeat" }) }, kind: "ignore", reason: /heartbeat/ },
  { rule: "idempotent", name: "a repeated recovery changes nothing", input: { event: ev({ action: "resolve", occurredAt: T0 + MIN }), state: state({ alerts: [alert({ firing: false, resolvedAt: T0 + MIN })] }) }, kind: "ignore", reason: /already recovered/ },
  { rule: "out of order", name: "a later recovery of a recovered alert moves its recovery time (a failure between the two may still arrive)", input: { event: ev({ action: "resolve", occurredAt: T0 + 4 * MIN }), state: state({ alerts: [alert({ firing: false, resolvedAt: T0 + MIN })] }) }, kind: "record", outcome: "ignored", reason: /recovery time moves/ },
  { rule: "out of order", name: "a failure older than the latest recovery is ignored (fired t1, recovered t2, failed t3, recovered t4; t4 arrived before t3)", input: { event: ev({ occurredAt: T0 + 3 * MIN }), state: state({ alerts: [alert({ firing: false, resolvedAt: T0 + 4 * MIN, incidentId: null })] }) }, kind: "ignore", reason: /out of order/ },
  { rule: "idempotent", name: "the repeat of an alert counted on an incident humans resolved opens nothing", input: { state: state({ alerts: [alert()] }) }, kind: "ignore", reason: /repeat/ },

  // Out of order, by the payload's own times.
  { rule: "out of order", name: "a recovery older than the failure is ignored", input: { event: ev({ action: "resolve", occurredAt: T0 - MIN }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "ignore", reason: /older than the failure.*out of order/ },
  { rule: "out of order", name: "a failure older than the last recovery is ignored", input: { event: ev({ occurredAt: T0 + MIN }), state: state({ alerts: [alert({ firing: false, resolvedAt: T0 + 2 * MIN, incidentId: null })] }) }, kind: "ignore", reason: /older than this alert's recovery.*out of order/ },
  { rule: "out of order", name: "a failure as old as the last recovery is ignored", input: { event: ev({ occurredAt: T0 + 2 * MIN }), state: state({ alerts: [alert({ firing: false, resolvedAt: T0 + 2 * MIN })] }) }, kind: "ignore", reason: /out of order/ },
  { rule: "out of order", name: "a recovery of an alert never seen is recorded, not applied", input: { event: ev({ action: "resolve" }) }, kind: "record", outcome: "ignored", reason: /never fired/, alert: { firing: false, firedAt: null, resolvedAt: T0, incidentId: null } },
  { rule: "out of order", name: "a failure arriving after its recorded recovery is ignored", input: { event: ev({ occurredAt: T0 - MIN }), state: state({ alerts: [alert({ firing: false, firedAt: null, resolvedAt: T0, incidentId: null })] }) }, kind: "ignore", reason: /older than this alert's recovery.*out of order/ },
  { rule: "out of order", name: "a recovery at the failure's own time counts", input: { event: ev({ action: "resolve", occurredAt: T0 }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "resolve", reason: /all alerts/ },

  // Resolves only when all its alerts resolved.
  { rule: "all resolved", name: "the recovery of one of two alerts keeps the incident open", input: { event: ev({ action: "resolve", occurredAt: T0 + MIN }), state: state({ incident: open(), alerts: [alert(), alert({ dedupKey: "b" })] }) }, kind: "record", outcome: "updated", reason: /1 alert still firing/, alert: { firing: false, resolvedAt: T0 + MIN } },
  { rule: "all resolved", name: "the recovery of the last alert resolves", input: { event: ev({ action: "resolve", occurredAt: T0 + MIN }), state: state({ incident: open(), alerts: [alert(), alert({ dedupKey: "b", firing: false, resolvedAt: T0 })] }) }, kind: "resolve", reason: /all alerts of incident .* recovered/, alert: { firing: false, resolvedAt: T0 + MIN } },
  { rule: "all resolved", name: "alerts of an earlier incident do not hold the open one", input: { event: ev({ action: "resolve", occurredAt: T0 + MIN }), state: state({ incident: open(), alerts: [alert(), alert({ dedupKey: "old", incidentId: "an-older-incident" })] }) }, kind: "resolve", reason: /recovered/ },
  { rule: "all resolved", name: "a recovery of an alert that joined no incident is only recorded", input: { event: ev({ action: "resolve", occurredAt: T0 + MIN }), state: state({ alerts: [alert({ incidentId: null })] }) }, kind: "record", outcome: "ignored", reason: /no open incident/, alert: { firing: false } },

  // Cool-down after a resolve.
  { rule: "cool-down", name: "a failure within the cool-down opens nothing but is recorded", input: { now: T0 + 4 * MIN, state: state({ lastResolvedAt: T0 }) }, kind: "record", outcome: "ignored", pending: true, reason: /cool-down .* until 2026-11-24T12:05:00.000Z/, alert: { firing: true, incidentId: null } },
  { rule: "cool-down", name: "a failure after the cool-down opens again", input: { now: T0 + 5 * MIN, state: state({ lastResolvedAt: T0 }) }, kind: "open", reason: /opened/ },
  { rule: "cool-down", name: "a zero cool-down reopens at once", input: { now: T0, rule: { ...rule, coolDownWindowMinutes: 0 }, state: state({ lastResolvedAt: T0 }) }, kind: "open", reason: /opened/ },
  { rule: "cool-down", name: "a failure recorded in the cool-down opens when it repeats after it", input: { now: T0 + 10 * MIN, state: state({ lastResolvedAt: T0, alerts: [alert({ incidentId: null })] }) }, kind: "open", reason: /opened/ },

  // Humans win.
  { rule: "humans win", name: "a failure on an incident humans own is recorded, not applied", input: { event: ev({ dedupKey: "b" }), state: state({ incident: open(true), alerts: [alert()] }) }, kind: "record", outcome: "ignored", reason: /humans own incident .*: recorded, not changed/, alert: { dedupKey: "b", incidentId: INC } },
  { rule: "humans win", name: "the last recovery on an incident humans own does not resolve it", input: { event: ev({ action: "resolve", occurredAt: T0 + MIN }), state: state({ incident: open(true), alerts: [alert()] }) }, kind: "record", outcome: "ignored", reason: /humans own incident .*: recorded, not resolved/, alert: { firing: false } },
  { rule: "humans win", name: "an operator's open incident on a component keeps automation off it", input: { humanComponentIds: new Set([C1]) }, kind: "open", reason: /1 component left alone/, impacts: [{ componentId: C2, status: "PARTIAL_OUTAGE" }] },
  { rule: "humans win", name: "operators' incidents on every component open nothing", input: { humanComponentIds: new Set([C1, C2]) }, kind: "record", outcome: "ignored", reason: /an operator's open incident covers .*: opened nothing/ },

  // Maintenance with suppressAutoIncidents.
  { rule: "maintenance", name: "maintenance on every component opens nothing", input: { suppressedComponentIds: new Set([C1, C2]) }, kind: "record", outcome: "ignored", reason: /maintenance in progress suppresses .*: opened nothing/, alert: { firing: true, incidentId: null } },
  { rule: "maintenance", name: "maintenance on one component leaves the others", input: { suppressedComponentIds: new Set([C2]) }, kind: "open", reason: /left alone/, impacts: [{ componentId: C1, status: "MAJOR_OUTAGE" }] },
  { rule: "maintenance", name: "maintenance does not stop an open incident from resolving", input: { event: ev({ action: "resolve", occurredAt: T0 + MIN }), suppressedComponentIds: new Set([C1, C2]), state: state({ incident: open(), alerts: [alert()] }) }, kind: "resolve", reason: /recovered/ },

  // Degraded caps the impact; the rule's switches.
  { rule: "degraded", name: "a degraded check opens at degraded performance at most", input: { event: ev({ degraded: true }) }, kind: "open", reason: /opened/, impacts: [{ componentId: C1, status: "DEGRADED_PERFORMANCE" }, { componentId: C2, status: "DEGRADED_PERFORMANCE" }] },
  { rule: "degraded", name: "the generic format's targetImpact replaces the rule's", input: { event: ev({ targetImpact: "PARTIAL_OUTAGE" }) }, kind: "open", reason: /opened/, impacts: [{ componentId: C1, status: "PARTIAL_OUTAGE" }, { componentId: C2, status: "PARTIAL_OUTAGE" }] },
  { rule: "enabled", name: "a disabled rule opens nothing", input: { rule: { ...rule, enabled: false } }, kind: "ignore", reason: /disabled/ },
  { rule: "enabled", name: "a disabled rule still resolves what it opened", input: { rule: { ...rule, enabled: false }, event: ev({ action: "resolve", occurredAt: T0 + MIN }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "resolve", reason: /recovered/ },
  { rule: "enabled", name: "a rule without components opens an incident on none", input: { rule: { ...rule, components: [] } }, kind: "open", reason: /on 0 components/, impacts: [] },

  // Flapping: "only after N minutes firing", by the payload's own times (now − firedAt).
  { rule: "open after", name: "a failure firing for less than openAfterMinutes is recorded, pending, and opens nothing", input: { rule: delayed }, kind: "record", outcome: "ignored", pending: true, reason: /firing since 2026-11-24T12:00:00.000Z: the rule opens only after 5 minutes firing, on a repeat of this alert from 2026-11-24T12:05:00.000Z/, alert: { firing: true, firedAt: T0, incidentId: null } },
  { rule: "open after", name: "a re-send before the delay has passed still waits", input: { rule: delayed, now: T0 + 4 * MIN, state: state({ alerts: [waiting()] }) }, kind: "record", outcome: "ignored", pending: true, reason: /opens only after 5 minutes/ },
  { rule: "open after", name: "a re-send (same start time) once the delay has passed opens the incident", input: { rule: delayed, now: T0 + 5 * MIN, state: state({ alerts: [waiting()] }) }, kind: "open", reason: /opened an incident on 2 components/, alert: { firing: true, firedAt: T0, incidentId: null }, impacts: AT_TARGET },
  { rule: "open after", name: "an alert already firing for longer than the delay when first heard opens at once", input: { rule: delayed, now: T0 + 10 * MIN }, kind: "open", reason: /opened/ },
  { rule: "open after", name: "the vendor's reminder of a waiting alert opens once the delay has passed", input: { rule: delayed, now: T0 + 6 * MIN, event: ev({ reminder: true }), state: state({ alerts: [waiting()] }) }, kind: "open", reason: /opened/ },
  { rule: "open after", name: "a reminder carrying its own later STARTED_AT counts from the failure it reminds of", input: { rule: delayed, now: T0 + 5 * MIN, event: ev({ reminder: true, occurredAt: T0 + 4 * MIN }), state: state({ alerts: [waiting()] }) }, kind: "open", reason: /opened/, alert: { firedAt: T0 } },
  { rule: "open after", name: "the vendor's reminder of a waiting alert before the delay keeps waiting", input: { rule: delayed, now: T0 + 2 * MIN, event: ev({ reminder: true }), state: state({ alerts: [waiting()] }) }, kind: "record", outcome: "ignored", pending: true, reason: /opens only after/ },
  { rule: "open after", name: "a reminder of an alert never heard opens nothing, delay or not", input: { rule: delayed, now: T0 + 6 * MIN, event: ev({ reminder: true }) }, kind: "ignore", reason: /reminder/ },
  { rule: "open after", name: "a reminder of an alert on an open incident changes nothing", input: { rule: delayed, now: T0 + 6 * MIN, event: ev({ reminder: true }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "ignore", reason: /reminder/ },
  { rule: "open after", name: "a recovery before the delay opens nothing and leaves nothing open", input: { rule: delayed, now: T0 + 2 * MIN, event: ev({ action: "resolve", occurredAt: T0 + 2 * MIN }), state: state({ alerts: [waiting()] }) }, kind: "record", outcome: "ignored", pending: false, reason: /no open incident/, alert: { firing: false, resolvedAt: T0 + 2 * MIN, incidentId: null } },
  { rule: "open after", name: "a failure after that recovery counts its delay from its own start", input: { rule: delayed, now: T0 + 6 * MIN, event: ev({ occurredAt: T0 + 3 * MIN }), state: state({ alerts: [waiting({ firing: false, resolvedAt: T0 + 2 * MIN })] }) }, kind: "record", outcome: "ignored", pending: true, reason: /firing since 2026-11-24T12:03:00.000Z/ },
  { rule: "open after", name: "the delay holds opening only: a new alert joins an incident already open at once", input: { rule: delayed, event: ev({ dedupKey: "b" }), state: state({ incident: open(), alerts: [alert()] }) }, kind: "join", reason: /joined/ },
  { rule: "open after", name: "cool-down still applies once the delay has passed", input: { rule: delayed, now: T0 + 6 * MIN, state: state({ alerts: [waiting()], lastResolvedAt: T0 + 4 * MIN }) }, kind: "record", outcome: "ignored", pending: true, reason: /cool-down/ },
  { rule: "open after", name: "maintenance still suppresses once the delay has passed", input: { rule: delayed, now: T0 + 6 * MIN, suppressedComponentIds: new Set([C1, C2]), state: state({ alerts: [waiting()] }) }, kind: "record", outcome: "ignored", pending: true, reason: /maintenance/ },
];

describe("decide", () => {
  it.each(table.map((r) => [`${r.rule}: ${r.name}`, r] as const))("%s", (_name, row) => {
    const action = decide(input(row.input));
    expect(action.kind).toBe(row.kind);
    expect(action.reason).toMatch(row.reason);
    if (row.outcome) expect(action).toMatchObject({ outcome: row.outcome });
    if (row.alert) expect("alert" in action ? action.alert : null).toMatchObject(row.alert);
    if (row.impacts) expect(action.kind === "open" ? action.impacts : null).toEqual(row.impacts);
    if (row.raise) expect(action.kind === "join" ? action.raise : null).toEqual(row.raise);
    if (row.pending !== undefined) expect(action.kind === "record" && action.pending === true).toBe(row.pending);
  });
});

describe("capImpact", () => {
  it.each([
    ["MAJOR_OUTAGE", true, "DEGRADED_PERFORMANCE"],
    ["PARTIAL_OUTAGE", true, "DEGRADED_PERFORMANCE"],
    ["DEGRADED_PERFORMANCE", true, "DEGRADED_PERFORMANCE"],
    ["UNDER_MAINTENANCE", true, "UNDER_MAINTENANCE"],
    ["MAJOR_OUTAGE", false, "MAJOR_OUTAGE"],
  ] as const)("%s degraded=%s → %s", (impact, degraded, want) => expect(capImpact(impact, degraded)).toBe(want));
});

describe("matches", () => {
  const r = { tags: ["API", "prod "], componentIds: [C1], checkId: null };
  const cases: [string, { tags: string[]; componentIds?: string[] }, boolean][] = [
    ["any shared tag, without case or blanks", { tags: ["x", "api"] }, true],
    ["the group's tag", { tags: ["prod"] }, true],
    ["no shared tag", { tags: ["db"] }, false],
    ["a component named by the generic format", { tags: [], componentIds: [C1] }, true],
    ["another component", { tags: [], componentIds: [C2] }, false],
  ];
  it.each(cases)("a rule: %s", (_n, e, want) => expect(matches(r, e)).toBe(want));

  it("a check trigger matches its check id only, whatever the tags", () => {
    const t = { tags: [], componentIds: [], checkId: "chk-1" };
    expect(matches(t, { tags: ["api"], checkId: "chk-1" })).toBe(true);
    expect(matches(t, { tags: ["api"], checkId: "chk-2" })).toBe(false);
    expect(matches(t, { tags: ["api"] })).toBe(false);
  });
});
