/**
 * Retries as stored: each failed attempt an ATTEMPT result, the last one FINAL, all under the run's sequence; each
 * attempt starts when its strategy says (table below, on the test's clock: runs take 2 s, the clock jumps to each
 * retry's due time). doubleCheck is one immediate retry (SINGLE_RETRY without backoff, made by effectiveCheck).
 */
import { describe, expect, it } from "vitest";
import type { RetryStrategy } from "@/lib/checks/types";
import { planDue } from "@/lib/scheduling/planner";
import { createRunner } from "@/lib/scheduling/runner";
import { account, HOME, insertCheck, jobsOf, resolveFromDefinition, resultsOf, scriptedRun, testClock, type Step } from "./fixtures";

const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);
const S = (type: RetryStrategy["type"], over: Partial<RetryStrategy> = {}): RetryStrategy => ({ type, baseBackoffSeconds: 5, maxRetries: 3, maxDurationSeconds: 600, sameRegion: true, onlyOn: null, ...over });
const FAIL: Step = { failed: true, ms: 2000 };
const NET: Step = { failed: true, networkError: true, ms: 2000 };
const PASS: Step = { ms: 2000 };

/** [attempt, result type, start in seconds after the slot, location] of every stored result. */
type Row = [number, "FINAL" | "ATTEMPT", number, string];

const TABLE: [string, RetryStrategy | null, Step[], Row[], string[]?][] = [
  ["no strategy: one FINAL", null, [FAIL], [[0, "FINAL", 0, HOME]]],
  ["a pass is FINAL at once", S("FIXED"), [PASS], [[0, "FINAL", 0, HOME]]],
  ["FIXED 5 s, recovers on the 2nd retry", S("FIXED"), [FAIL, FAIL, PASS], [[0, "ATTEMPT", 0, HOME], [1, "ATTEMPT", 7, HOME], [2, "FINAL", 14, HOME]]],
  ["FIXED, retries spent: the 3rd retry is FINAL", S("FIXED"), [FAIL], [[0, "ATTEMPT", 0, HOME], [1, "ATTEMPT", 7, HOME], [2, "ATTEMPT", 14, HOME], [3, "FINAL", 21, HOME]]],
  ["LINEAR 5 s: 5, 10, 15", S("LINEAR"), [FAIL], [[0, "ATTEMPT", 0, HOME], [1, "ATTEMPT", 7, HOME], [2, "ATTEMPT", 19, HOME], [3, "FINAL", 36, HOME]]],
  ["EXPONENTIAL 5 s: 5, 25, 125", S("EXPONENTIAL"), [FAIL], [[0, "ATTEMPT", 0, HOME], [1, "ATTEMPT", 7, HOME], [2, "ATTEMPT", 34, HOME], [3, "FINAL", 161, HOME]]],
  ["EXPONENTIAL cut by maxDurationSeconds 60", S("EXPONENTIAL", { maxDurationSeconds: 60 }), [FAIL], [[0, "ATTEMPT", 0, HOME], [1, "ATTEMPT", 7, HOME], [2, "FINAL", 34, HOME]]],
  ["SINGLE_RETRY 30 s", S("SINGLE_RETRY", { baseBackoffSeconds: 30, maxRetries: 5 }), [FAIL], [[0, "ATTEMPT", 0, HOME], [1, "FINAL", 32, HOME]]],
  ["doubleCheck: one immediate retry", S("SINGLE_RETRY", { baseBackoffSeconds: 0 }), [FAIL, PASS], [[0, "ATTEMPT", 0, HOME], [1, "FINAL", 2, HOME]]],
  ["onlyOn NETWORK_ERROR: an assertion failure is FINAL", S("FIXED", { onlyOn: ["NETWORK_ERROR"] }), [FAIL], [[0, "FINAL", 0, HOME]]],
  ["onlyOn NETWORK_ERROR: a network error retries", S("FIXED", { onlyOn: ["NETWORK_ERROR"], maxRetries: 1 }), [NET], [[0, "ATTEMPT", 0, HOME], [1, "FINAL", 7, HOME]]],
  ["sameRegion false: the retry runs in the next location", S("FIXED", { sameRegion: false, maxRetries: 1 }), [FAIL], [[0, "ATTEMPT", 0, HOME], [1, "FINAL", 7, "us-east-1"]], [HOME, "us-east-1"]],
];

describe(`retries on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it.each(TABLE)("%s", async (_name, strategy, steps, expected, locations) => {
    const { db, accountId } = await account();
    const check = await insertCheck(db, accountId, { nextRunAt: T0, retryStrategy: strategy, locations: locations ?? [HOME] });
    await planDue(db, { now: T0, resolve: resolveFromDefinition, lookaheadMs: 0 });
    const clock = testClock(T0);
    const run = scriptedRun(clock, steps);
    // One runner per location this installation would serve; each ticks on the shared clock.
    const runners = (locations ?? [HOME]).map((location) => createRunner({ db, location, now: clock.now, concurrency: 4, leaseMs: 60_000, resolve: resolveFromDefinition, run, onFinal: async () => undefined, allowMetadata: false }));
    for (let guard = 0; guard < 10; guard++) {
      for (const r of runners) await r.tick();
      const [next] = await jobsOf(db, check.id);
      if (!next) break;
      clock.set(Math.max(clock.now(), next.due_at));
    }
    const rows = await resultsOf(db, check.id);
    expect(rows.map((r): Row => [r.attempt, r.result_type, (r.started_at - T0) / 1000, r.run_location])).toEqual(expected);
    expect(new Set(rows.map((r) => r.sequence_id)).size).toBe(1);
    expect(rows.filter((r) => r.result_type === "FINAL")).toHaveLength(1);
  });
});
