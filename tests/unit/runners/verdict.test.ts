import { describe, expect, it } from "vitest";

import { TargetError } from "@/lib/runners/errors";
import { decide, type Measured } from "@/lib/runners/verdict";

const base: Measured = { startedAt: new Date(0), stoppedAt: new Date(1), responseTime: 100, assertions: [], implicitFailure: null, targetError: null };
const failed = { source: "STATUS_CODE" as const, property: "", comparison: "EQUALS" as const, target: "200", regex: null, actual: 500, error: "expected \"200\", got 500" };

describe("decide: pass or fail of one run", () => {
  it.each<[string, Partial<Measured>, Partial<ReturnType<typeof decide>>]>([
    ["a clean run passes", {}, { hasFailures: false, error: null, isDegraded: null, overMaxResponseTime: null, networkError: false, hasErrors: false }],
    ["a failed assertion fails", { assertions: [failed] }, { hasFailures: true, error: 'assertion STATUS_CODE EQUALS failed: expected "200", got 500' }],
    ["an implicit failure fails", { implicitFailure: "status 500 is not a success (2xx)" }, { hasFailures: true, error: "status 500 is not a success (2xx)" }],
    ["a network error fails and is flagged", { targetError: new TargetError("network", "connect: refused") }, { hasFailures: true, networkError: true, error: "connect: refused" }],
    ["shouldFail passes a failed assertion", { assertions: [failed], shouldFail: true }, { hasFailures: false, error: null }],
    ["shouldFail passes a network error", { targetError: new TargetError("network", "x"), shouldFail: true }, { hasFailures: false, networkError: true }],
    ["shouldFail fails a clean run", { shouldFail: true }, { hasFailures: true, error: "the check should fail (shouldFail) but every assertion passed" }],
    ["shouldFail never passes a policy refusal", { targetError: new TargetError("policy", "metadata"), shouldFail: true }, { hasFailures: true, error: "metadata", networkError: false }],
    ["an internal error fails with hasErrors", { targetError: new TargetError("internal", "no ping") }, { hasFailures: true, hasErrors: true }],
    ["over degraded only degrades", { degradedResponseTime: 50, maxResponseTime: 200 }, { hasFailures: false, isDegraded: true, overMaxResponseTime: false }],
    ["at the limits is within them", { degradedResponseTime: 100, maxResponseTime: 100 }, { hasFailures: false, isDegraded: false, overMaxResponseTime: false }],
    ["over max fails", { maxResponseTime: 99 }, { hasFailures: true, overMaxResponseTime: true, error: "response time 100 ms is over the maximum of 99 ms" }],
    ["over max fails even under shouldFail", { maxResponseTime: 99, shouldFail: true, assertions: [failed] }, { hasFailures: true, overMaxResponseTime: true }],
    ["packet loss degrades", { degradedBy: "packet loss 10%" }, { isDegraded: true, hasFailures: false }],
  ])("%s", (_name, measured, expected) => {
    expect(decide({ ...base, ...measured })).toMatchObject(expected);
  });
});
