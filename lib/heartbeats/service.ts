import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { CheckRow, HeartbeatState } from "@/lib/db/types";
import { env } from "@/lib/env";
import { NotFoundError } from "@/lib/errors";
import { effectiveCheck } from "@/lib/checks/effective";
import type { EffectiveCheck } from "@/lib/checks/types";
import { onFinalResult } from "@/lib/alerting/final";
import { isCrawler } from "./crawlers";
import * as q from "./queries";
import { classifyPing, dueTransitions, type Window } from "./schedule";

/** A uuid made from text: the same transition seen by two instances (or two sweeps) is one row. */
function uuidFrom(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function windowOf(db: Db, row: CheckRow): Promise<Window> {
  const [end, ping] = await Promise.all([q.lastWindowEnd(db, row.id), q.lastPing(db, row.id)]);
  // An edit (or re-activation) starts a fresh window: a check off for a week is not a week of misses.
  return { anchor: Math.max(Number(end?.at ?? row.created_at), Number(row.updated_at)), lastPingAt: ping ? Number(ping.at) : null };
}

/** One FINAL result for a ping (passing) or a missed window (failing), fed to the check's alert state. */
async function recordRun(db: Db, check: EffectiveCheck, at: number, failed: boolean, sequenceId: string): Promise<void> {
  const row = {
    id: randomUUID(),
    account_id: check.row.account_id,
    check_id: check.row.id,
    check_type: "HEARTBEAT" as const,
    sequence_id: sequenceId,
    attempt: 0,
    result_type: "FINAL" as const,
    run_location: env.HELIOGRAPH_LOCATION,
    check_run_id: at,
    started_at: at,
    stopped_at: at,
    response_time: 0,
    has_failures: failed ? (1 as const) : (0 as const),
    has_errors: 0 as const,
    is_degraded: 0 as const,
    over_max_response_time: null,
    detail: failed ? JSON.stringify({ error: "No ping received within the period and its grace" }) : null,
    created_at: at,
  };
  await q.insertResult(db, row);
  await onFinalResult(db, check, row);
}

/** Records the GRACE and FAILING transitions of one heartbeat check due by `now`; answers how many it wrote. */
export async function sweepCheck(db: Db, row: CheckRow, now: number): Promise<number> {
  const check = await effectiveCheck(db, row);
  if (!check.heartbeat || !check.activated) return 0;
  let written = 0;
  for (const t of dueTransitions(await windowOf(db, row), now, check.heartbeat)) {
    const id = uuidFrom(`${row.id}:${t.state}:${t.anchor}`);
    if (!(await q.insertEvent(db, { id, account_id: row.account_id, check_id: row.id, state: t.state, at: t.at, source: null, user_agent: null }))) continue;
    written++;
    if (t.state === "FAILING") await recordRun(db, check, t.at, true, id);
  }
  return written;
}

/** Every activated heartbeat check, in batches: what the heartbeat runner does each tick. */
export async function sweepHeartbeats(db: Db, now: number): Promise<number> {
  let after: string | null = null;
  let written = 0;
  for (;;) {
    const rows = await q.listActiveHeartbeats(db, after, 200);
    for (const row of rows) written += await sweepCheck(db, row, now);
    if (rows.length < 200) return written;
    after = rows[rows.length - 1].id;
  }
}

export interface PingRequest {
  userAgent: string | null;
  origin: string | null;
  referer: string | null;
}

/**
 * A ping to /ping/<token>: 404 for a token no check has, or whose creating API key was revoked or expired. Crawlers
 * and pings of a deactivated check are answered but not recorded. Misses due before the ping are recorded first.
 */
export async function recordPing(db: Db, token: string, req: PingRequest, now: number): Promise<{ recorded: HeartbeatState | null }> {
  const found = await q.findByPingToken(db, token);
  const key = found?.key;
  if (!found || (key && (key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= now)))) throw new NotFoundError("No heartbeat check has this ping URL");
  const row = found.check;
  if (Number(row.activated) !== 1 || isCrawler(req.userAgent)) return { recorded: null };
  await sweepCheck(db, row, now);
  const check = await effectiveCheck(db, row);
  if (!check.heartbeat) return { recorded: null };
  const state = classifyPing(await windowOf(db, row), now, check.heartbeat);
  const id = randomUUID();
  const source = (req.origin ?? req.referer)?.slice(0, 500) ?? null;
  await q.insertEvent(db, { id, account_id: row.account_id, check_id: row.id, state, at: now, source, user_agent: req.userAgent?.slice(0, 500) ?? null });
  await recordRun(db, check, now, false, id);
  return { recorded: state };
}
