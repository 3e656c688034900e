import type { AssertionOutcome, RunOutcome } from "./types";
import type { TargetError } from "./errors";

export interface Measured {
  startedAt: Date;
  stoppedAt: Date;
  responseTime: number;
  assertions: AssertionOutcome[];
  /** a protocol-level failure that applies when no assertion covers it (a 5xx without STATUS_CODE assertions …) */
  implicitFailure: string | null;
  /** the run never got an answer */
  targetError: TargetError | null;
  degradedResponseTime?: number | null;
  maxResponseTime?: number | null;
  shouldFail?: boolean;
  /** ICMP: degraded by packet loss, or failed by it (already in implicitFailure) */
  degradedBy?: string | null;
}

export type Verdict = Pick<RunOutcome, "hasFailures" | "hasErrors" | "isDegraded" | "overMaxResponseTime" | "networkError" | "error">;

/*
 * Pass or fail of one run. shouldFail inverts what the target answered (assertions, implicit status rules, a network
 * failure); a response over maxResponseTime fails either way, and a policy refusal or an internal error is never a pass.
 * isDegraded and overMaxResponseTime are measurements, null when the check sets no such limit.
 */
export function decide(m: Measured): Verdict {
  const failedAssertion = m.assertions.find((a) => a.error !== undefined);
  const targetKind = m.targetError?.kind ?? null;
  const answered = targetKind === null || targetKind === "network";
  const failedReason = m.targetError?.message ?? (failedAssertion ? `assertion ${failedAssertion.source}${failedAssertion.property ? ` ${failedAssertion.property}` : ""} ${failedAssertion.comparison} failed: ${failedAssertion.error}` : null) ?? m.implicitFailure;
  const overMax = m.maxResponseTime === null || m.maxResponseTime === undefined ? null : m.responseTime > m.maxResponseTime;
  const overDegraded = m.degradedResponseTime === null || m.degradedResponseTime === undefined ? null : m.responseTime > m.degradedResponseTime;
  const isDegraded = m.degradedBy !== undefined ? Boolean(m.degradedBy) || Boolean(overDegraded) : overDegraded;

  let error: string | null;
  if (!answered) error = failedReason;
  else if (m.shouldFail) error = failedReason ? null : "the check should fail (shouldFail) but every assertion passed";
  else error = failedReason;
  if (error === null && overMax) error = `response time ${Math.round(m.responseTime)} ms is over the maximum of ${m.maxResponseTime} ms`;

  return {
    hasFailures: error !== null,
    hasErrors: targetKind === "internal",
    isDegraded,
    overMaxResponseTime: overMax,
    networkError: targetKind === "network",
    error,
  };
}

export function emptyDetails(): Pick<RunOutcome, "apiCheckResult" | "tcpCheckResult" | "dnsCheckResult" | "icmpCheckResult"> {
  return { apiCheckResult: null, tcpCheckResult: null, dnsCheckResult: null, icmpCheckResult: null };
}
