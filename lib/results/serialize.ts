import type { z } from "zod";
import type { CheckResultRow } from "@/lib/db/types";
import { fromJson } from "@/lib/db/json";
import { toIso } from "@/lib/db/time";
import type { CheckResult, CheckStatus, ResultField } from "./schema";
import type { StatusOfCheck } from "./queries";

const bool = (v: number | null) => (v === null ? null : Number(v) === 1);

/** A stored result in the vendor's CheckResult shape: the detail's apiCheckResult for API and URL checks, other per-type objects null. */
export function serializeResult(row: CheckResultRow, checkName: string): z.output<typeof CheckResult> {
  const detail = fromJson<Record<string, unknown>>(row.detail) ?? {};
  const api = detail.apiCheckResult;
  return {
    id: row.id,
    name: checkName,
    checkId: row.check_id,
    hasFailures: Number(row.has_failures) === 1,
    hasErrors: Number(row.has_errors) === 1,
    isDegraded: bool(row.is_degraded),
    isCancelled: false,
    overMaxResponseTime: bool(row.over_max_response_time),
    runLocation: row.run_location,
    startedAt: toIso(Number(row.started_at)),
    stoppedAt: toIso(Number(row.stopped_at)),
    created_at: toIso(Number(row.created_at)),
    responseTime: Number(row.response_time),
    apiCheckResult: api && typeof api === "object" ? (api as Record<string, unknown>) : null,
    browserCheckResult: null,
    multiStepCheckResult: null,
    agenticCheckResult: null,
    playwrightCheckResult: null,
    tracerouteCheckResult: null,
    grpcCheckResult: null,
    sslCheckResult: null,
    checkRunId: Number(row.check_run_id),
    attempts: Number(row.attempt),
    resultType: row.result_type,
    sequenceId: row.sequence_id,
    traceId: null,
    errorGroupIds: [],
  };
}

/** Only the `fields` asked for (`createdAt` is the vendor's alias of created_at). */
export function project(result: z.output<typeof CheckResult>, fields: readonly ResultField[] | undefined): Partial<z.output<typeof CheckResult>> & { createdAt?: string } {
  if (!fields || fields.length === 0) return result;
  const all: Record<string, unknown> = { ...result, createdAt: result.created_at };
  return Object.fromEntries(fields.map((f) => [f, all[f]]));
}

export function serializeStatus(s: StatusOfCheck): z.output<typeof CheckStatus> {
  const st = s.status;
  return {
    name: s.name,
    checkId: s.check_id,
    hasFailures: st ? Number(st.has_failures) === 1 : false,
    hasErrors: st ? Number(st.has_errors) === 1 : false,
    isDegraded: st ? Number(st.is_degraded) === 1 : false,
    longestRun: st?.longest_run ?? null,
    shortestRun: st?.shortest_run ?? null,
    lastRunLocation: st?.last_run_location ?? null,
    lastCheckRunId: st?.last_check_run_id != null ? String(st.last_check_run_id) : null,
    sslDaysRemaining: null,
    created_at: toIso(Number(st?.created_at ?? s.check_created_at)),
    updated_at: st ? toIso(Number(st.updated_at)) : null,
  };
}
