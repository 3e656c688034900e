import "server-only";
import { createHash } from "node:crypto";
import { isUnexpired } from "@/lib/api-keys/minting";
import type { AlertDecision, AlertEvent } from "@/lib/automation/alert";
import { applyAlert } from "@/lib/automation/apply";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { ForbiddenError, UnauthorizedError, ValidationError } from "@/lib/errors";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { FORMATS } from "./formats";
import * as q from "./queries";
import type { Integration } from "./rows";
import { serializeDecision } from "./serialize";
import { signatureMatches, signingSecretOf, tokenMatches } from "./tokens";

/** Largest alert body read (Alertmanager groups many alerts in one, but never this many). */
export const MAX_INGEST_BYTES = 256 * 1024;
/** lastHeardAt is a minutes-scale liveness mark: written at most this often, not on every alert of a flood. */
const HEARD_EVERY_MS = 5_000;
/** A claimed event whose decision never got recorded (its process died mid-way) may be taken again after this. */
const ABANDONED_AFTER_MS = 60_000;

export interface IngestRequest {
  integrationId: string;
  /** tokens presented in the Authorization header (bearer or basic password) or the URL */
  tokens: string[];
  rawBody: string;
  /** the vendor's x-checkly-signature header, when sent */
  signature: string | null;
}

export type IngestDecision = ReturnType<typeof serializeDecision> & { dedupKey: string; action: AlertEvent["action"] };

// One answer for an unknown integration and a wrong token, so ids cannot be probed.
const refused = () => new UnauthorizedError("Unknown integration or wrong token");

function parseJson(raw: string): unknown {
  if (raw.trim() === "") throw new ValidationError("Request body is required", { fields: ["body"] });
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new ValidationError(`Malformed JSON: ${(err as Error).message}`, { fields: ["body"] });
  }
}

async function authenticate(db: Db, req: IngestRequest, body: unknown): Promise<Integration> {
  const row = isUuid(req.integrationId) ? await q.findIntegrationForIngest(db, req.integrationId.toLowerCase()) : undefined;
  if (!row) throw refused();
  const format = FORMATS[row.type];
  const inBody = format.tokenInBody?.(body);
  if (!tokenMatches(row.token_hash, inBody ? [...req.tokens, inBody] : req.tokens)) throw refused();
  if (!isUnexpired(row.token_expires_at, Date.now())) throw new UnauthorizedError(`The ingest token expired at ${new Date(row.token_expires_at!).toISOString()}, with the API key that made it: rotate it`);
  if (format.signatureHeader) {
    if (!req.signature) throw new UnauthorizedError(`Missing ${format.signatureHeader} header`, { header: format.signatureHeader });
    const secret = signingSecretOf(await loadServerSecret(db), row.token_hash);
    if (!signatureMatches(secret, req.rawBody, req.signature)) throw new ForbiddenError(`Bad ${format.signatureHeader}: not the body's signature with this integration's signing secret`, { header: format.signatureHeader });
  }
  return row;
}

type MatchedBy = Pick<AlertEvent, "tags" | "componentIds" | "checkId">;

/**
 * PagerDuty resolves (and generic ones) may name only the dedup key: they are matched by what their trigger
 * carried, while that trigger is still in the event log.
 */
async function withTriggerTags(db: Db, row: Integration, event: AlertEvent): Promise<AlertEvent> {
  if (event.action !== "resolve" || event.tags.length > 0 || event.componentIds?.length || event.checkId) return event;
  const trigger = await q.findLastTrigger(db, row.id, event.dedupKey);
  if (!trigger) return event;
  const by = JSON.parse(trigger.matched_by) as Partial<MatchedBy>;
  return { ...event, tags: by.tags ?? [], ...(by.componentIds ? { componentIds: by.componentIds } : {}), ...(by.checkId ? { checkId: by.checkId } : {}) };
}

const matchedByOf = (e: AlertEvent): string => JSON.stringify({ tags: e.tags, ...(e.componentIds ? { componentIds: e.componentIds } : {}), ...(e.checkId ? { checkId: e.checkId } : {}) });

let lastReceived = 0;
/** Receipt times strictly increase within a process, so the log (and its pruning) keeps the order alerts arrived in. */
function receivedAt(): number {
  lastReceived = Math.max(Date.now(), lastReceived + 1);
  return lastReceived;
}

/** How far ahead of our clock a sender's timestamps may run before they are read as "now". */
const MAX_CLOCK_AHEAD_MS = 60_000;

/**
 * An event stamped in the future (a sender whose clock runs ahead, one Alertmanager replica of several) would
 * make every later, correctly stamped recovery look older than the failure, and the incident would never
 * resolve: such an event is read as happening when it arrived. The seen key keeps the sender's own stamp.
 */
function notAhead(e: AlertEvent, now: number): AlertEvent {
  return e.occurredAt > now + MAX_CLOCK_AHEAD_MS ? { ...e, occurredAt: now } : e;
}

const seenKeyOf = (e: AlertEvent) => createHash("sha256").update(JSON.stringify([e.action, e.occurredAt, e.dedupKey, e.degraded ?? false, e.reminder ?? false])).digest("base64url");

/**
 * Decides one event once. The event row is claimed first (unique per integration and seen key), so a repeat,
 * a re-send or the same alert reaching another instance costs one insert and is answered as ignored.
 */
async function decideOnce(db: Db, row: Integration, sent: AlertEvent): Promise<AlertDecision[]> {
  const now = receivedAt();
  const seenKey = seenKeyOf(sent);
  const id = newId();
  const event = notAhead(await withTriggerTags(db, row, sent), now);
  const claim = { id, integration_id: row.id, seen_key: seenKey, format: row.type, dedup_key: event.dedupKey, action: event.action, occurred_at: event.occurredAt, summary: event.summary, matched_by: matchedByOf(event), decisions: null, repeats: 0, created_at: now };
  if (!(await q.claimEvent(db, claim))) {
    const seen = await q.findSeenEvent(db, row.id, seenKey);
    if (seen && seen.decisions === null && seen.created_at < now - ABANDONED_AFTER_MS) {
      await q.releaseEvent(db, seen.id);
      return decideOnce(db, row, sent);
    }
    if (seen) await q.countRepeat(db, seen.id);
    return [{ outcome: "ignored", reason: `repeat of an event received at ${new Date(seen?.created_at ?? now).toISOString()}` }];
  }
  let decisions: AlertDecision[];
  try {
    decisions =
      event.action === "heartbeat"
        ? [{ outcome: "ignored", reason: "heartbeat: the alert pipeline is alive" }]
        : await applyAlert(db, { accountId: row.account_id, integrationId: row.id, statusPageId: row.status_page_id, defaultRuleId: row.default_rule_id }, event);
  } catch (err) {
    // Undecided: let a re-send decide it rather than answering it as a repeat forever.
    await q.releaseEvent(db, id).catch(() => {});
    throw err;
  }
  await q.recordDecisions(db, id, JSON.stringify(decisions));
  // Waiting for openAfterMinutes: Alertmanager's re-send (same startsAt) must reach the rule again once it is due.
  if (decisions.some((d) => d.pending)) await q.forgetSeen(db, id);
  await q.pruneEvents(db, row.id);
  return decisions;
}

/** Authenticates the sender, reads its body as its integration's format, and decides every event in it, in order. */
export async function ingestAlerts(db: Db, req: IngestRequest): Promise<{ accepted: number; decisions: IngestDecision[] }> {
  const body = parseJson(req.rawBody);
  const row = await authenticate(db, req, body);
  const now = Date.now();
  const events = FORMATS[row.type].parse(body, { matchLabel: row.match_label, now });
  // Anything valid proves the pipeline is alive, whatever it says.
  if (row.last_heard_at === null || row.last_heard_at < now - HEARD_EVERY_MS || row.stale_since !== null) await q.markHeard(db, row.id, now);
  const decisions: IngestDecision[] = [];
  for (const event of events) {
    for (const d of await decideOnce(db, row, event)) decisions.push({ ...serializeDecision(d), dedupKey: event.dedupKey, action: event.action });
  }
  return { accepted: events.length, decisions };
}
