import "server-only";
import { createHash } from "node:crypto";
import { REPLAY_HORIZON_MS, type AlertDecision, type AlertEvent } from "@/lib/automation/alert";
import { applyAlerts, type ApplyMemo } from "@/lib/automation/apply";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import * as q from "./queries";
import type { Integration, IntegrationEvent } from "./rows";

/** A claimed event whose decision never got recorded (its process died mid-way) may be taken again after this. */
const ABANDONED_AFTER_MS = 60_000;
/** How far ahead of our clock a sender's timestamps may run before they are read as "now". */
const MAX_CLOCK_AHEAD_MS = 60_000;

let lastReceived = 0;
/** Receipt times strictly increase within a process, so the log (and its pruning) keeps the order alerts arrived in. */
function receivedAt(): number {
  lastReceived = Math.max(Date.now(), lastReceived + 1);
  return lastReceived;
}

/**
 * An event stamped in the future (a sender whose clock runs ahead, one Alertmanager replica of several) would
 * make every later, correctly stamped recovery look older than the failure, and the incident would never
 * resolve: such an event is read as happening when it arrived. The seen key keeps the sender's own stamp.
 */
function notAhead(e: AlertEvent, now: number): AlertEvent {
  return e.occurredAt > now + MAX_CLOCK_AHEAD_MS ? { ...e, occurredAt: now } : e;
}

const seenKeyOf = (e: AlertEvent) => createHash("sha256").update(JSON.stringify([e.action, e.occurredAt, e.dedupKey, e.degraded ?? false, e.reminder ?? false])).digest("base64url");

type MatchedBy = Pick<AlertEvent, "tags" | "componentIds" | "checkId">;
const matchedByOf = (e: AlertEvent): string => JSON.stringify({ tags: e.tags, ...(e.componentIds ? { componentIds: e.componentIds } : {}), ...(e.checkId ? { checkId: e.checkId } : {}) });

/**
 * PagerDuty resolves (and generic ones) may name only the dedup key: they are matched by what their trigger
 * carried, while that trigger is still in the event log (or earlier in the same batch).
 */
async function withTriggerTags(db: Db, row: Integration, event: AlertEvent, inBatch: ReadonlyMap<string, string>): Promise<AlertEvent> {
  if (event.action !== "resolve" || event.tags.length > 0 || event.componentIds?.length || event.checkId) return event;
  const matchedBy = inBatch.get(event.dedupKey) ?? (await q.findLastTrigger(db, row.id, event.dedupKey))?.matched_by;
  if (!matchedBy) return event;
  const by = JSON.parse(matchedBy) as Partial<MatchedBy>;
  return { ...event, tags: by.tags ?? [], ...(by.componentIds ? { componentIds: by.componentIds } : {}), ...(by.checkId ? { checkId: by.checkId } : {}) };
}

const repeatOf = (receivedAtMs: number): AlertDecision[] => [{ outcome: "ignored", reason: `repeat of an event received at ${new Date(receivedAtMs).toISOString()}` }];

function logRow(row: Integration, event: AlertEvent, seenKey: string, decisions: AlertDecision[] | null, at = receivedAt()): IntegrationEvent {
  const id = newId();
  return { id, integration_id: row.id, seen_key: seenKey || `refused:${id}`, format: row.type, dedup_key: event.dedupKey, action: event.action, occurred_at: event.occurredAt, summary: event.summary, matched_by: matchedByOf(event), decisions: decisions && JSON.stringify(decisions), repeats: 0, created_at: at };
}

/** Answers of the batch's repeats, and how many times each log row was repeated. */
class Repeats {
  readonly count = new Map<string, number>();
  answer(eventId: string, receivedAtMs: number): AlertDecision[] {
    this.count.set(eventId, (this.count.get(eventId) ?? 0) + 1);
    return repeatOf(receivedAtMs);
  }
  async save(db: Db): Promise<void> {
    const byN = new Map<number, string[]>();
    for (const [id, n] of this.count) byN.set(n, [...(byN.get(n) ?? []), id]);
    for (const [n, ids] of byN) await q.countRepeats(db, ids, n);
  }
}

/**
 * Decides a batch of a body's events once each, in order. A repeat (a seen key of the last day, or an event the
 * batch already holds) is answered by one indexed read, before any decision work. The others are claimed in the
 * log (unique per seen key, so the same alert reaching another instance is decided once), decided together, and
 * recorded with a few statements for the whole batch.
 */
export async function decideBatch(db: Db, row: Integration, batch: readonly AlertEvent[], memo: ApplyMemo): Promise<AlertDecision[][]> {
  const out: AlertDecision[][] = batch.map(() => []);
  const keys = batch.map((e) => (e.refused ? "" : seenKeyOf(e)));
  const seen = new Map((await q.findSeenKeys(db, row.id, [...new Set(keys.filter(Boolean))])).map((s) => [s.seen_key, s]));
  const repeats = new Repeats();
  const refusals: IntegrationEvent[] = [];
  const claims = new Map<string, { at: number; claim: IntegrationEvent; event: AlertEvent }>();
  const later: number[] = [];
  const triggers = new Map<string, string>();
  for (const [i, sent] of batch.entries()) {
    const key = keys[i];
    const known = seen.get(key);
    if (sent.refused) {
      out[i] = [{ outcome: "ignored", reason: sent.refused, ruleId: null, incidentId: null }];
      refusals.push(logRow(row, sent, "", out[i]));
    } else if (known) out[i] = repeats.answer(known.event_id, known.created_at);
    else if (claims.has(key)) later.push(i);
    else {
      const at = receivedAt();
      const event = notAhead(await withTriggerTags(db, row, sent, triggers), at);
      claims.set(key, { at: i, claim: logRow(row, event, key, null, at), event });
      if (event.action === "trigger") triggers.set(event.dedupKey, matchedByOf(event));
    }
  }
  await q.claimEvents(db, refusals);
  const taken = await claim(db, row, [...claims.values()].map((c) => c.claim));
  const decide: { at: number; claim: IntegrationEvent; event: AlertEvent }[] = [];
  for (const c of claims.values()) {
    const held = taken.get(c.claim.seen_key);
    if (held === c.claim) decide.push(c);
    else out[c.at] = held ? repeats.answer(held.id, held.created_at) : repeatOf(c.claim.created_at);
  }
  const decided = await decideClaimed(db, row, decide, memo);
  decide.forEach((c, k) => (out[c.at] = decided[k]));
  for (const i of later) {
    const first = taken.get(keys[i]);
    out[i] = first ? repeats.answer(first.id, first.created_at) : repeatOf(Date.now());
  }
  await repeats.save(db);
  if (refusals.length > 0 || decide.length > 0) await q.pruneEvents(db, row.id);
  return out;
}

/**
 * Claims the events in the log: answers, per seen key, the row now holding it (the claim itself when taken).
 * A claim left undecided by a process that died is released and taken again.
 */
async function claim(db: Db, row: Integration, claims: IntegrationEvent[]): Promise<Map<string, IntegrationEvent>> {
  const held = new Map<string, IntegrationEvent>();
  let open = claims;
  for (let attempt = 0; attempt < 2 && open.length > 0; attempt++) {
    const won = await q.claimEvents(db, open);
    const lost = open.filter((c) => !won.has(c.seen_key));
    for (const c of open) if (won.has(c.seen_key)) held.set(c.seen_key, c);
    const holders = await q.findSeenEvents(db, row.id, lost.map((c) => c.seen_key));
    const abandoned = holders.filter((h) => h.decisions === null && h.created_at < Date.now() - ABANDONED_AFTER_MS);
    for (const h of holders) held.set(h.seen_key, h);
    await q.releaseEvents(db, abandoned.map((h) => h.id));
    const retry = new Set(abandoned.map((h) => h.seen_key));
    open = lost.filter((c) => retry.has(c.seen_key));
  }
  return held;
}

/** Decides the claimed events, records their decisions, and marks them seen (or, waiting for a re-send, not). */
async function decideClaimed(db: Db, row: Integration, claimed: { claim: IntegrationEvent; event: AlertEvent }[], memo: ApplyMemo): Promise<AlertDecision[][]> {
  if (claimed.length === 0) return [];
  let decided: AlertDecision[][];
  try {
    const ctx = { accountId: row.account_id, integrationId: row.id, statusPageId: row.status_page_id, defaultRuleId: row.default_rule_id };
    const alerts = claimed.filter((c) => c.event.action !== "heartbeat").map((c) => c.event);
    const applied = await applyAlerts(db, ctx, alerts, memo);
    const heartbeat: AlertDecision[] = [{ outcome: "ignored", reason: "heartbeat: the alert pipeline is alive" }];
    decided = claimed.map((c) => (c.event.action === "heartbeat" ? heartbeat : applied.shift()!));
  } catch (err) {
    // Undecided: let a re-send decide them rather than answering them as repeats forever.
    await q.releaseEvents(db, claimed.map((c) => c.claim.id)).catch(() => {});
    throw err;
  }
  await q.recordDecisions(db, claimed.map((c, k) => ({ id: c.claim.id, decisions: JSON.stringify(decided[k]) })));
  // Waiting for openAfterMinutes, a cool-down or a maintenance: Alertmanager's re-send (same startsAt) must reach the rule again.
  const waiting = claimed.filter((_, k) => decided[k].some((d) => d.pending));
  await q.forgetSeen(db, waiting.map((c) => c.claim.id));
  const kept = claimed.filter((_, k) => !decided[k].some((d) => d.pending));
  await q.rememberSeen(db, kept.map((c) => ({ integration_id: row.id, seen_key: c.claim.seen_key, event_id: c.claim.id, created_at: c.claim.created_at })));
  // Kept for the replay horizon: a re-send later than that is decided afresh (the alert's own state still says what it was).
  if (kept.length > 0) await q.pruneSeenKeys(db, row.id, Date.now() - REPLAY_HORIZON_MS);
  return decided;
}
