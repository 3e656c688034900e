import type { Insertable } from "kysely";
import { newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import type { CheckJob, CheckResultsTable, CheckType } from "@/lib/db/types";
import type { RunOutcome } from "@/lib/runners/types";

/*
 * Pure: one attempt's outcome as the row check_results keeps. Rows stay slim: the per-type detail without the
 * response body, which is kept only for failing runs and one passing run in BODY_SAMPLE (chosen by the sequence id,
 * so every attempt of a run and every reader agree).
 */
export const BODY_SAMPLE = 20;

export function keepsBody(sequenceId: string, failed: boolean): boolean {
  return failed || Number.parseInt(sequenceId.slice(0, 8), 16) % BODY_SAMPLE === 0;
}

/** The detail JSON: the runner's per-type result and its one-line error, the body (or TCP response) only when kept. */
export function detailOf(outcome: RunOutcome, keepBody: boolean): string | null {
  const api = outcome.apiCheckResult;
  const tcp = outcome.tcpCheckResult;
  const detail: Record<string, unknown> = {};
  if (outcome.error) detail.error = outcome.error;
  if (api) detail.apiCheckResult = keepBody ? api : { ...api, response: { ...api.response, body: "", bodyEncoding: undefined } };
  if (tcp) detail.tcpCheckResult = keepBody ? tcp : { ...tcp, response: "" };
  if (outcome.dnsCheckResult) detail.dnsCheckResult = outcome.dnsCheckResult;
  if (outcome.icmpCheckResult) detail.icmpCheckResult = outcome.icmpCheckResult;
  return Object.keys(detail).length === 0 ? null : toJson(detail);
}

export interface AttemptRecord {
  job: CheckJob;
  checkType: CheckType;
  outcome: RunOutcome;
  /** on the scheduler's clock (epoch ms) */
  startedAt: number;
  stoppedAt: number;
  resultType: "FINAL" | "ATTEMPT";
}

export function resultRow(r: AttemptRecord): Insertable<CheckResultsTable> {
  const o = r.outcome;
  const failed = o.hasFailures || o.hasErrors;
  const flag = (v: boolean | null) => (v === null ? null : v ? 1 : 0);
  return {
    id: newId(),
    account_id: r.job.account_id,
    check_id: r.job.check_id,
    check_type: r.checkType,
    sequence_id: r.job.sequence_id,
    attempt: r.job.attempt,
    result_type: r.resultType,
    run_location: r.job.location,
    check_run_id: r.startedAt,
    started_at: r.startedAt,
    stopped_at: r.stoppedAt,
    response_time: Math.max(0, Math.round(o.responseTime)),
    has_failures: o.hasFailures ? 1 : 0,
    has_errors: o.hasErrors ? 1 : 0,
    is_degraded: flag(o.isDegraded),
    over_max_response_time: flag(o.overMaxResponseTime),
    detail: detailOf(o, keepsBody(r.job.sequence_id, failed)),
    created_at: r.stoppedAt,
  };
}
