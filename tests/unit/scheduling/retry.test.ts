import { describe, expect, it } from "vitest";
import type { RetryStrategy } from "@/lib/checks/types";
import { nextAttempt, retryDelayMs } from "@/lib/scheduling/retry";
import { locationsOfRun, planSlot } from "@/lib/scheduling/slots";
import { keepsBody } from "@/lib/scheduling/record";

const S = (type: RetryStrategy["type"], over: Partial<RetryStrategy> = {}): RetryStrategy => ({ type, baseBackoffSeconds: 5, maxRetries: 3, maxDurationSeconds: 600, sameRegion: true, onlyOn: null, ...over });

describe("retry delays", () => {
  it.each([
    ["FIXED", [5_000, 5_000, 5_000]],
    ["LINEAR", [5_000, 10_000, 15_000]],
    ["EXPONENTIAL", [5_000, 25_000, 125_000]],
    ["SINGLE_RETRY", [5_000, 5_000, 5_000]],
  ] as const)("%s waits %j before retries 1..3", (type, delays) => {
    expect([1, 2, 3].map((n) => retryDelayMs(S(type), n))).toEqual(delays);
  });
});

describe("nextAttempt", () => {
  const facts = { attempt: 0, failed: true, networkError: false, firstStartedAt: 0, stoppedAt: 1_000, location: "eu-central-1", locations: ["eu-central-1", "us-east-1"] };
  it.each([
    ["no strategy: the first result is FINAL", { strategy: null }, null],
    ["a pass is FINAL", { strategy: S("FIXED"), failed: false }, null],
    ["a failure retries after the backoff from its stop", { strategy: S("FIXED") }, { dueAt: 6_000, location: "eu-central-1" }],
    ["retries spent", { strategy: S("FIXED"), attempt: 3 }, null],
    ["SINGLE_RETRY retries once", { strategy: S("SINGLE_RETRY", { maxRetries: 5 }), attempt: 1 }, null],
    ["onlyOn NETWORK_ERROR skips an assertion failure", { strategy: S("FIXED", { onlyOn: ["NETWORK_ERROR"] }) }, null],
    ["onlyOn NETWORK_ERROR retries a network error", { strategy: S("FIXED", { onlyOn: ["NETWORK_ERROR"] }), networkError: true }, { dueAt: 6_000, location: "eu-central-1" }],
    ["past maxDurationSeconds from the first start", { strategy: S("EXPONENTIAL", { maxDurationSeconds: 30 }), attempt: 2, stoppedAt: 30_000 }, null],
    ["at maxDurationSeconds exactly still retries", { strategy: S("FIXED", { maxDurationSeconds: 6 }) }, { dueAt: 6_000, location: "eu-central-1" }],
    ["maxDurationSeconds 0: no retry", { strategy: S("FIXED", { maxDurationSeconds: 0 }) }, null],
    ["sameRegion false moves to the next location", { strategy: S("FIXED", { sameRegion: false }) }, { dueAt: 6_000, location: "us-east-1" }],
    ["sameRegion false with one location stays", { strategy: S("FIXED", { sameRegion: false }), locations: ["eu-central-1"] }, { dueAt: 6_000, location: "eu-central-1" }],
    ["doubleCheck (SINGLE_RETRY, no backoff) retries at once", { strategy: S("SINGLE_RETRY", { baseBackoffSeconds: 0 }) }, { dueAt: 1_000, location: "eu-central-1" }],
  ] as const)("%s", (_name, over, expected) => {
    expect(nextAttempt({ ...facts, ...over })).toEqual(expected);
  });
});

describe("slots", () => {
  const M = 60_000;
  it.each([
    ["on time", 5, 7, 42_000, 42_000, { scheduledAt: 42_000, next: 42_000 + 5 * M }],
    ["ahead (look-ahead)", 5, 7, 42_000, 41_000, { scheduledAt: 42_000, next: 42_000 + 5 * M }],
    ["a little late", 5, 7, 42_000, 50_000, { scheduledAt: 42_000, next: 42_000 + 5 * M }],
    ["three periods missed: the latest begun", 5, 7, 42_000, 42_000 + 15 * M + 1, { scheduledAt: 42_000 + 15 * M, next: 42_000 + 20 * M }],
    ["every 10 s", 0, 10, 10_000, 10_000, { scheduledAt: 10_000, next: 20_000 }],
  ])("%s", (_n, f, o, due, now, expected) => {
    expect(planSlot(f, o, due, now)).toEqual(expected);
  });

  it("round robin walks the locations one run after another; parallel takes them all", () => {
    const locs = ["a", "b", "c"];
    expect([0, 1, 2, 3, 4].map((n) => locationsOfRun(locs, false, n * 60_000, 60_000)[0])).toEqual(["a", "b", "c", "a", "b"]);
    expect(locationsOfRun(locs, true, 0, 60_000)).toEqual(locs);
  });
});

describe("response bodies kept", () => {
  it("for every failing run, and one passing run in twenty by its sequence", () => {
    expect(keepsBody("00000001-0000-4000-8000-000000000000", true)).toBe(true);
    expect(keepsBody("00000014-0000-4000-8000-000000000000", false)).toBe(true);
    expect(keepsBody("00000015-0000-4000-8000-000000000000", false)).toBe(false);
    const ids = Array.from({ length: 2000 }, (_, i) => `${(i * 2654435761 >>> 0).toString(16).padStart(8, "0")}-0000-4000-8000-000000000000`);
    const kept = ids.filter((id) => keepsBody(id, false)).length;
    expect(kept).toBeGreaterThan(60);
    expect(kept).toBeLessThan(140);
  });
});
