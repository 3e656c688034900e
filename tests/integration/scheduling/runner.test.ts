/**
 * The runner: jobs claimed under a lease, run once whatever the runners, run again only after a lease runs out,
 * results recorded once per (sequence, attempt); a FINAL result reaches the alert state (lib/alerting/final.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { runCheck } from "@/lib/runners";
import { onFinalResult } from "@/lib/alerting/final";
import { planDue } from "@/lib/scheduling/planner";
import { createRunner, type RunnerOptions } from "@/lib/scheduling/runner";
import { claimJobs, recordAttempts } from "@/lib/scheduling/queries";
import { resultRow } from "@/lib/scheduling/record";
import { account, HOME, httpTarget, insertCheck, jobsOf, noFinal, resolveFromDefinition, resultsOf, scriptedRun, secondDb, testClock } from "./fixtures";

const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);
const others: Db[] = [];
afterAll(async () => {
  for (const db of others) await db.destroy();
});

function runner(db: Db, o: Partial<RunnerOptions> & Pick<RunnerOptions, "now" | "run">) {
  return createRunner({ db, location: HOME, concurrency: 8, leaseMs: 60_000, resolve: resolveFromDefinition, onFinal: noFinal, allowMetadata: false, ...o });
}

describe(`runner on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("runs a queued job against a real HTTP target and stores one FINAL result; its FINAL reaches the alert state", async () => {
    const { db, accountId } = await account();
    const target = await httpTarget(200);
    try {
      const check = await insertCheck(db, accountId, { nextRunAt: T0, request: { url: target.url } });
      await planDue(db, { now: T0, resolve: resolveFromDefinition });
      const clock = testClock(T0 + 50);
      expect(await runner(db, { now: clock.now, run: runCheck, onFinal: onFinalResult }).tick()).toBe(1);
      expect(target.hits()).toBe(1);
      const [r] = await resultsOf(db, check.id);
      expect(r).toMatchObject({ result_type: "FINAL", attempt: 0, run_location: HOME, has_failures: 0, started_at: T0 + 50 });
      expect(JSON.parse(r.detail!).apiCheckResult.response.status).toBe(200);
      expect(await jobsOf(db, check.id)).toEqual([]);
      const status = await db.selectFrom("check_statuses").selectAll().where("check_id", "=", check.id).executeTakeFirstOrThrow();
      expect(status).toMatchObject({ alert_state: "PASSING", last_run_location: HOME });
    } finally {
      await target.close();
    }
  });

  it("an unreachable target is a failed FINAL result, never an exception", async () => {
    const { db, accountId } = await account();
    const check = await insertCheck(db, accountId, { nextRunAt: T0, request: { url: "http://127.0.0.1:1/" } });
    await planDue(db, { now: T0, resolve: resolveFromDefinition });
    await runner(db, { now: () => T0, run: runCheck }).tick();
    const [r] = await resultsOf(db, check.id);
    expect(r).toMatchObject({ result_type: "FINAL", has_failures: 1 });
    expect(JSON.parse(r.detail!).error).toBeTruthy();
  });

  it("jobs not yet due, or of another location, stay queued", async () => {
    const { db, accountId } = await account();
    const here = await insertCheck(db, accountId, { nextRunAt: T0 });
    const there = await insertCheck(db, accountId, { nextRunAt: T0, locations: ["us-east-1"] });
    await planDue(db, { now: T0, resolve: resolveFromDefinition, lookaheadMs: 0 });
    const clock = testClock(T0 - 1);
    const run = scriptedRun(clock, [{}]);
    expect(await runner(db, { now: clock.now, run }).tick()).toBe(0);
    clock.set(T0);
    expect(await runner(db, { now: clock.now, run }).tick()).toBe(1);
    expect(await resultsOf(db, here.id)).toHaveLength(1);
    expect(await jobsOf(db, there.id)).toHaveLength(1);
  });

  it("two runners on two connections claim disjoint jobs: every job runs once", async () => {
    const { db, accountId } = await account();
    const other = secondDb();
    others.push(other);
    const checks = await Promise.all(Array.from({ length: 40 }, () => insertCheck(db, accountId, { nextRunAt: T0 })));
    await planDue(db, { now: T0, resolve: resolveFromDefinition });
    const clock = testClock(T0);
    const a = scriptedRun(clock, [{}]);
    const b = scriptedRun(clock, [{}]);
    if (process.env.HELIOGRAPH_TEST_STORE === "postgres") {
      await Promise.all([runner(db, { now: clock.now, run: a }).tick(), runner(other, { now: clock.now, run: b }).tick()]);
    } else {
      // one SQLite connection per process writes at a time: the claims interleave, each in BEGIN IMMEDIATE
      const [ra, rb] = [runner(db, { now: clock.now, run: a, concurrency: 5 }), runner(other, { now: clock.now, run: b, concurrency: 5 })];
      await ra.tick();
      await rb.tick();
    }
    expect(a.calls + b.calls).toBe(40);
    for (const c of checks) expect(await resultsOf(db, c.id), c.id).toHaveLength(1);
  });

  it("a job leased by a runner that died runs again only after its lease, and records once", async () => {
    const { db, accountId } = await account();
    const check = await insertCheck(db, accountId, { nextRunAt: T0 });
    await planDue(db, { now: T0, resolve: resolveFromDefinition });
    const [leased] = await claimJobs(db, HOME, "dead-runner", T0, 60_000, 10);
    expect(leased.lease_owner).toBe("dead-runner");
    const clock = testClock(T0 + 59_999);
    const run = scriptedRun(clock, [{}]);
    expect(await runner(db, { now: clock.now, run }).tick()).toBe(0);
    clock.set(T0 + 60_001);
    expect(await runner(db, { now: clock.now, run }).tick()).toBe(1);
    expect(await resultsOf(db, check.id)).toHaveLength(1);
  });

  it("a job run twice (the first runner slow past its lease) stores its result once", async () => {
    const { db, accountId } = await account();
    const check = await insertCheck(db, accountId, { nextRunAt: T0 });
    await planDue(db, { now: T0, resolve: resolveFromDefinition });
    const clock = testClock(T0);
    // The slow runner's run outlasts the lease; meanwhile a second runner takes the job and finishes first.
    let second!: Promise<number>;
    const slow = Object.assign(async (...args: Parameters<typeof runCheck>) => {
      clock.set(T0 + 61_000);
      second = runner(db, { now: clock.now, run: scriptedRun(clock, [{}]) }).tick();
      await second;
      return scriptedRun(clock, [{}])(...args);
    }, { calls: 0 });
    let finals = 0;
    await runner(db, { now: clock.now, run: slow, leaseMs: 60_000, onFinal: async () => void finals++ }).tick();
    expect(await second).toBe(1);
    expect(finals, "the slow run recorded nothing, so it raised no alert").toBe(0);
    expect(await resultsOf(db, check.id)).toHaveLength(1);
    expect(await jobsOf(db, check.id)).toEqual([]);
  });

  it("a job whose check was deactivated or deleted meanwhile is dropped without a result", async () => {
    const { db, accountId } = await account();
    const off = await insertCheck(db, accountId, { nextRunAt: T0 });
    const gone = await insertCheck(db, accountId, { nextRunAt: T0 });
    await planDue(db, { now: T0, resolve: resolveFromDefinition });
    await db.updateTable("checks").set({ activated: 0 }).where("id", "=", off.id).execute();
    await db.deleteFrom("checks").where("id", "=", gone.id).execute();
    const clock = testClock(T0);
    const run = scriptedRun(clock, [{}]);
    await runner(db, { now: clock.now, run }).tick();
    expect(run.calls).toBe(0);
    expect(await resultsOf(db, off.id)).toEqual([]);
    expect(await jobsOf(db, off.id)).toEqual([]);
  });
  it("a group commit records each attempt once: one recorded before answers null and queues no retry, the others are stored", async () => {
    const { db, accountId } = await account();
    const [a, b] = [await insertCheck(db, accountId, { nextRunAt: T0 }), await insertCheck(db, accountId, { nextRunAt: T0 })];
    await planDue(db, { now: T0, resolve: resolveFromDefinition });
    const [ja] = await jobsOf(db, a.id);
    const [jb] = await jobsOf(db, b.id);
    const clock = testClock(T0);
    const failed = await scriptedRun(clock, [{ failed: true }])({ checkType: "API", request: { method: "GET", url: "http://127.0.0.1:9/" } } as never, { allowMetadata: false });
    const row = (job: typeof ja) => resultRow({ job, checkType: "API", outcome: failed, startedAt: T0, stoppedAt: T0 + 10, resultType: "ATTEMPT" });
    const retry = (job: typeof ja) => ({ ...job, id: crypto.randomUUID(), attempt: 1, due_at: T0 + 5_000, lease_until: null, lease_owner: null });
    const [first] = await recordAttempts(db, [{ jobId: ja.id, result: row(ja), retry: null }]);
    expect(first).not.toBeNull();
    const stored = await recordAttempts(db, [
      { jobId: ja.id, result: row(ja), retry: retry(ja) },
      { jobId: jb.id, result: row(jb), retry: retry(jb) },
    ]);
    expect(stored.map((r) => r === null)).toEqual([true, false]);
    expect(stored[1]).toMatchObject({ check_id: b.id, attempt: 0, result_type: "ATTEMPT" });
    expect(await resultsOf(db, a.id)).toHaveLength(1);
    expect((await jobsOf(db, a.id)).map((j) => j.attempt), "the duplicate queued no retry").toEqual([]);
    expect((await jobsOf(db, b.id)).map((j) => j.attempt)).toEqual([1]);
  });

  it("jobs due within the claim's look-ahead are leased; later ones stay free", async () => {
    const { db, accountId } = await account();
    const soon = await insertCheck(db, accountId, { nextRunAt: T0 + 800 });
    const later = await insertCheck(db, accountId, { nextRunAt: T0 + 1_500 });
    await planDue(db, { now: T0, resolve: resolveFromDefinition, lookaheadMs: 2_000 });
    expect(await claimJobs(db, HOME, "r", T0, 60_000, 10)).toEqual([]);
    const claimed = await claimJobs(db, HOME, "r", T0, 60_000, 10, T0 + 1_000);
    expect(claimed.map((j) => j.check_id)).toEqual([soon.id]);
    expect((await jobsOf(db, later.id))[0]).toMatchObject({ lease_owner: null });
  });
});
