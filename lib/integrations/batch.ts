import "server-only";
import { createHash } from "node:crypto";
import { REPLAY_HORIZON_MS, type AlertDecision, type AlertEvent } from "@/lib/automation/alert";
import { applyAlerts, newApplyMemo, type ApplyMemo } from "@/lib/automation/apply";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import * as q from "./queries";
import type { Integration, IntegrationEvent, SeenKey } from "@/lib/db/types";

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
 * carried, while that trigger is still in the event log (or earlier in the same body).
 */
async function withTriggerTags(db: Db, row: Integration, event: AlertEvent, inBody: ReadonlyMap<string, string>): Promise<AlertEvent> {
  if (event.action !== "resolve" || event.tags.length > 0 || event.componentIds?.length || event.checkId) return event;
  const matchedBy = inBody.get(event.dedupKey) ?? (await q.findLastTrigger(db, row.id, event.dedupKey))?.matched_by;
  if (!matchedBy) return event;
  const by = JSON.parse(matchedBy) as Partial<MatchedBy>;
  return { ...event, tags: by.tags ?? [], ...(by.componentIds ? { componentIds: by.componentIds } : {}), ...(by.checkId ? { checkId: by.checkId } : {}) };
}

const repeatOf = (receivedAtMs: number): AlertDecision[] => [{ outcome: "ignored", reason: `repeat of an event received at ${new Date(receivedAtMs).toISOString()}` }];

function logRow(row: Integration, event: AlertEvent, seenKey: string, id: string, at: number, decisions: AlertDecision[] | null): IntegrationEvent {
  return { id, integration_id: row.id, seen_key: seenKey || `refused:${id}`, format: row.type, dedup_key: event.dedupKey, action: event.action, occurred_at: event.occurredAt, summary: event.summary, matched_by: matchedByOf(event), decisions: decisions && JSON.stringify(decisions), repeats: 0, created_at: at };
}

/** Answers of the batch's repeats, and how many times each logged event was repeated. */
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

/** What one body's batches share: the automation's reads, its triggers so far, whether it claimed or logged anything. */
export interface Body {
  memo: ApplyMemo;
  /** matched_by of the body's triggers by dedup key, for its resolves that name nothing else */
  triggers: Map<string, string>;
  wrote: boolean;
}

export const newBody = (): Body => ({ memo: newApplyMemo(), triggers: new Map(), wrote: false });

/** Once per body: the log back to its newest events, and seen keys older than the replay horizon forgotten. */
export async function finishBody(db: Db, row: Integration, body: Body): Promise<void> {
  if (!body.wrote) return;
  await q.pruneEvents(db, row.id);
  // A re-send later than the horizon is decided afresh (the alert's own state still says what it was).
  await q.pruneSeenKeys(db, row.id, Date.now() - REPLAY_HORIZON_MS);
}

interface Claim {
  /** its index in the batch */
  at: number;
  event: AlertEvent;
  seen: SeenKey;
  /** its log row, for the events the log will keep (a body's last EVENTS_KEPT) */
  log: IntegrationEvent | null;
}

/**
 * Decides a batch of a body's events once each, in order. A repeat (a seen key of the last day, or one the batch holds)
 * costs one indexed read and no decision; the rest are claimed by seen key (decided once across instances), decided
 * together and recorded in a few statements. Only events from `logFrom` on are logged: the log keeps the newest.
 */
export async function decideBatch(db: Db, row: Integration, batch: readonly AlertEvent[], body: Body, logFrom = 0): Promise<AlertDecision[][]> {
  const out: AlertDecision[][] = batch.map(() => []);
  const keys = batch.map((e) => (e.refused ? "" : seenKeyOf(e)));
  const seen = new Map((await q.findSeenKeys(db, row.id, [...new Set(keys.filter(Boolean))])).map((s) => [s.seen_key, s]));
  const repeats = new Repeats();
  const refusals: IntegrationEvent[] = [];
  const claims = new Map<string, Claim>();
  const abandoned: string[] = [];
  const later: number[] = [];
  const cutoff = Date.now() - ABANDONED_AFTER_MS;
  for (const [i, sent] of batch.entries()) {
    const key = keys[i];
    const known = seen.get(key);
    if (sent.refused) {
      out[i] = [{ outcome: "ignored", reason: sent.refused, ruleId: null, incidentId: null }];
      if (i >= logFrom) refusals.push(logRow(row, sent, "", newId(), receivedAt(), out[i]));
    } else if (known && (known.decided_at !== null || known.created_at >= cutoff)) out[i] = repeats.answer(known.event_id, known.created_at);
    else if (claims.has(key)) later.push(i);
    else {
      if (known) abandoned.push(key);
      const at = receivedAt();
      const event = notAhead(await withTriggerTags(db, row, sent, body.triggers), at);
      const id = newId();
      claims.set(key, { at: i, event, seen: { integration_id: row.id, seen_key: key, event_id: id, created_at: at, decided_at: null }, log: i >= logFrom ? logRow(row, event, key, id, at, null) : null });
      if (event.action === "trigger") body.triggers.set(event.dedupKey, matchedByOf(event));
    }
  }
  const { won, holders, logged } = await claim(db, row, [...claims.values()], refusals, abandoned, cutoff);
  const lost = [...claims.values()].filter((c) => !won.has(c.seen.seen_key));
  for (const c of lost) {
    const h = holders.get(c.seen.seen_key);
    out[c.at] = h ? repeats.answer(h.event_id, h.created_at) : repeatOf(c.seen.created_at);
  }
  const decide = [...claims.values()].filter((c) => won.has(c.seen.seen_key));
  const decided = await decideClaimed(db, row, decide, body.memo);
  decide.forEach((c, k) => (out[c.at] = decided[k]));
  for (const i of later) {
    const first = claims.get(keys[i])!;
    const h = won.has(keys[i]) ? first.seen : holders.get(keys[i]);
    out[i] = h ? repeats.answer(h.event_id, h.created_at) : repeatOf(first.seen.created_at);
  }
  if (decide.length === 0) await repeats.save(db);
  else
    await db.transaction().execute(async (trx) => {
      await record(trx, row, decide.filter((c) => c.log && logged.has(c.seen.seen_key)), decide, decided);
      await repeats.save(trx);
    });
  body.wrote ||= logged.size > 0 || decide.length > 0;
  return out;
}

/**
 * Claims the events' seen keys and logs those the log will keep, in one transaction: whoever sees a claim sees its
 * log row too (a repeat counts on it). A claim left undecided by a process that died is released and taken again.
 */
async function claim(db: Db, row: Integration, claims: Claim[], refusals: IntegrationEvent[], abandoned: string[], cutoff: number) {
  if (claims.length === 0 && refusals.length === 0) return { won: new Set<string>(), holders: new Map<string, SeenKey>(), logged: new Set<string>() };
  return db.transaction().execute(async (trx) => {
    await q.releaseClaims(trx, row.id, abandoned, cutoff);
    const won = await q.claimSeenKeys(trx, claims.map((c) => c.seen));
    const lost = claims.filter((c) => !won.has(c.seen.seen_key)).map((c) => c.seen.seen_key);
    const holders = new Map((await q.findSeenKeys(trx, row.id, lost)).map((h) => [h.seen_key, h]));
    const logged = await q.logEvents(trx, [...refusals, ...claims.flatMap((c) => (c.log && won.has(c.seen.seen_key) ? [c.log] : []))]);
    return { won, holders, logged };
  });
}

/** Decides the claimed events; when that fails, releases their claims (and log rows) so that a re-send decides them. */
async function decideClaimed(db: Db, row: Integration, claimed: Claim[], memo: ApplyMemo): Promise<AlertDecision[][]> {
  if (claimed.length === 0) return [];
  try {
    const ctx = { accountId: row.account_id, integrationId: row.id, statusPageId: row.status_page_id, defaultRuleId: row.default_rule_id };
    const applied = await applyAlerts(db, ctx, claimed.filter((c) => c.event.action !== "heartbeat").map((c) => c.event), memo);
    const heartbeat: AlertDecision[] = [{ outcome: "ignored", reason: "heartbeat: the alert pipeline is alive" }];
    return claimed.map((c) => (c.event.action === "heartbeat" ? heartbeat : applied.shift()!));
  } catch (err) {
    // Undecided: let a re-send decide them rather than answering them as repeats forever.
    await q.releaseEvents(db, claimed.flatMap((c) => (c.log ? [c.log.id] : []))).catch(() => {});
    await q.releaseClaims(db, row.id, claimed.map((c) => c.seen.seen_key)).catch(() => {});
    throw err;
  }
}

/** Records the logged events' decisions and marks the claims decided (or, waiting for a re-send, releases them). */
async function record(trx: Db, row: Integration, logged: Claim[], claimed: Claim[], decided: AlertDecision[][]): Promise<void> {
  const decisionsOf = new Map(claimed.map((c, k) => [c, decided[k]]));
  await q.recordDecisions(trx, logged.map((c) => ({ id: c.log!.id, decisions: JSON.stringify(decisionsOf.get(c)) })));
  // Waiting for openAfterMinutes, a cool-down or a maintenance: Alertmanager's re-send (same startsAt) must reach the rule again.
  const waiting = claimed.filter((c) => decisionsOf.get(c)!.some((d) => d.pending));
  await q.releaseClaims(trx, row.id, waiting.map((c) => c.seen.seen_key));
  await q.forgetSeen(trx, waiting.flatMap((c) => (c.log ? [c.log.id] : [])));
  await q.markDecided(trx, row.id, claimed.filter((c) => !waiting.includes(c)).map((c) => c.seen.seen_key), Date.now());
}
