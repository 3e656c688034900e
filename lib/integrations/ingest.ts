import "server-only";
import { isUnexpired } from "@/lib/api-keys/minting";
import type { AlertEvent } from "@/lib/automation/alert";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import { ForbiddenError, UnauthorizedError, ValidationError } from "@/lib/errors";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { decideBatch, finishBody, newBody } from "./batch";
import { FORMATS } from "./formats";
import * as q from "./queries";
import type { Integration } from "@/lib/db/types";
import { serializeDecision } from "./serialize";
import { signatureMatches, signingSecretOf, tokenMatches } from "./tokens";

/** Largest alert body read (Alertmanager groups many alerts in one, but never this many). */
export const MAX_INGEST_BYTES = 256 * 1024;
/** lastHeardAt is a minutes-scale liveness mark: written at most this often, not on every alert of a flood. */
const HEARD_EVERY_MS = 5_000;

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

/** Events decided between two turns of the event loop, so that a 1,000-alert group never holds the server for long. */
export const DECIDE_BATCH = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Authenticates the sender, reads its body as its integration's format, and decides every event in it, in order,
 * in batches that each let the event loop turn (better-sqlite3 answers synchronously: nothing else would).
 */
export async function ingestAlerts(db: Db, req: IngestRequest): Promise<{ accepted: number; decisions: IngestDecision[] }> {
  const body = parseJson(req.rawBody);
  const row = await authenticate(db, req, body);
  const now = Date.now();
  const events = FORMATS[row.type].parse(body, { matchLabel: row.match_label, now });
  // Anything valid proves the pipeline is alive, whatever it says.
  if (row.last_heard_at === null || row.last_heard_at < now - HEARD_EVERY_MS || row.stale_since !== null) await q.markHeard(db, row.id, now);
  const state = newBody();
  const decisions: IngestDecision[] = [];
  // The log keeps the newest EVENTS_KEPT events: the body's earlier ones are decided and claimed, not logged.
  const logFrom = events.length - q.EVENTS_KEPT;
  for (let from = 0; from < events.length; from += DECIDE_BATCH) {
    // Reading the body (up to 1,000 alerts) is itself a stretch of work: a turn after it too.
    await nextTurn();
    const batch = events.slice(from, from + DECIDE_BATCH);
    const decided = await decideBatch(db, row, batch, state, logFrom - from);
    batch.forEach((event, k) => {
      for (const d of decided[k]) decisions.push({ ...serializeDecision(d), dedupKey: event.dedupKey, action: event.action });
    });
  }
  await finishBody(db, row, state);
  return { accepted: events.filter((e) => !e.refused).length, decisions };
}
