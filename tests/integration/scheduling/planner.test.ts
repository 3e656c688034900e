/**
 * The planner: each slot of each check is queued once whatever the instances, at its frequency and offset, in all
 * locations (runParallel) or one per run round robin; deactivated and maintenance-paused checks queue nothing.
 */
import { afterAll, describe, expect, it } from "vitest";
import { nextSlotAfter } from "@/lib/checks/frequency";
import { createWindow } from "@/lib/maintenance/service";
import { planDue } from "@/lib/scheduling/planner";
import type { Db } from "@/lib/db";
import { account, HOME, insertCheck, jobsOf, resolveFromDefinition, secondDb } from "./fixtures";

const M = 60_000;
const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);
const others: Db[] = [];
afterAll(async () => {
  for (const db of others) await db.destroy();
});
const plan = (db: Db, now: number) => planDue(db, { now, resolve: resolveFromDefinition, lookaheadMs: 0 });

describe(`planner on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("queues a due slot once and moves the check to its next slot; nothing before it is due", async () => {
    const { db, accountId } = await account();
    const slot = nextSlotAfter(5, 7, T0);
    const check = await insertCheck(db, accountId, { frequency: 5, offset: 7, nextRunAt: slot });
    expect((await plan(db, slot - 1)).jobs).toBe(0);
    await plan(db, slot);
    const jobs = await jobsOf(db, check.id);
    expect(jobs).toMatchObject([{ location: HOME, attempt: 0, scheduled_at: slot, due_at: slot, lease_until: null, version: 1 }]);
    const row = await db.selectFrom("checks").select("next_run_at").where("id", "=", check.id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toBe(slot + 5 * M);
    await plan(db, slot + 1000);
    expect(await jobsOf(db, check.id)).toHaveLength(1);
  });

  it("a planner that read a slot another instance queued meanwhile queues nothing: each slot once", async () => {
    const { db, accountId } = await account();
    const other = secondDb();
    others.push(other);
    const checks = await Promise.all(Array.from({ length: 30 }, (_, i) => insertCheck(db, accountId, { frequency: 1, offset: (i % 10) + 1, nextRunAt: T0 + (i % 10) * 6000 })));
    const at = T0 + 60_000;
    // B reads the due checks, then waits (inside its resolve step) until A has read, resolved and queued them all.
    let releaseB!: () => void;
    const aDone = new Promise<void>((r) => (releaseB = r));
    const slowResolve: typeof resolveFromDefinition = async (d, row) => {
      await aDone;
      return resolveFromDefinition(d, row);
    };
    const b = planDue(other, { now: at, resolve: slowResolve, lookaheadMs: 0 });
    const a = await plan(db, at);
    releaseB();
    const bDone = await b;
    expect(a.jobs).toBe(30);
    expect(bDone.jobs).toBe(0);
    for (const c of checks) expect((await jobsOf(db, c.id)).length, c.id).toBe(1);
  });

  it.runIf(process.env.HELIOGRAPH_TEST_STORE === "postgres")("four planners on two connections at the same moment queue every slot exactly once", async () => {
    const { db, accountId } = await account();
    const other = secondDb();
    others.push(other);
    const checks = await Promise.all(Array.from({ length: 60 }, (_, i) => insertCheck(db, accountId, { frequency: 1, offset: (i % 10) + 1, nextRunAt: T0 + (i % 10) * 6000 })));
    const at = T0 + 60_000;
    await Promise.all([plan(db, at), plan(other, at), plan(db, at), plan(other, at)]);
    for (const c of checks) expect((await jobsOf(db, c.id)).length, c.id).toBe(1);
  });

  it("a planner down for hours runs the latest slot once, not every slot it missed", async () => {
    const { db, accountId } = await account();
    const first = nextSlotAfter(10, 3, T0);
    const check = await insertCheck(db, accountId, { frequency: 10, offset: 3, nextRunAt: first });
    const now = first + 3 * 60 * M + 5_000;
    await plan(db, now);
    const jobs = await jobsOf(db, check.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].scheduled_at).toBe(first + 180 * M);
    const row = await db.selectFrom("checks").select("next_run_at").where("id", "=", check.id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toBe(first + 190 * M);
  });

  it("frequency 0 runs every 10 seconds", async () => {
    const { db, accountId } = await account();
    const check = await insertCheck(db, accountId, { frequency: 0, offset: 10, nextRunAt: T0 });
    for (let t = T0; t < T0 + 60_000; t += 10_000) await plan(db, t);
    expect((await jobsOf(db, check.id)).map((j) => j.scheduled_at - T0)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
  });

  it("runParallel queues one sequence per location; otherwise one location per run, round robin", async () => {
    const { db, accountId } = await account();
    const locations = ["eu-central-1", "us-east-1", "ap-south-1"];
    const parallel = await insertCheck(db, accountId, { frequency: 1, offset: 10, nextRunAt: T0, locations, runParallel: true });
    const rotating = await insertCheck(db, accountId, { frequency: 1, offset: 10, nextRunAt: T0, locations });
    for (let i = 0; i < 4; i++) await plan(db, T0 + i * M);
    const p = await jobsOf(db, parallel.id);
    expect(p).toHaveLength(12);
    expect(new Set(p.map((j) => j.sequence_id)).size).toBe(12);
    expect(p.filter((j) => j.scheduled_at === T0).map((j) => j.location).sort()).toEqual([...locations].sort());
    const seen = (await jobsOf(db, rotating.id)).map((j) => j.location);
    expect(seen).toHaveLength(4);
    // consecutive runs walk the list: every location within three runs, and the fourth comes back to the first
    expect(new Set(seen.slice(0, 3))).toEqual(new Set(locations));
    expect(seen[3]).toBe(seen[0]);
  });

  it("a deactivated check queues nothing and leaves the schedule; a heartbeat is not planned", async () => {
    const { db, accountId } = await account();
    const off = await insertCheck(db, accountId, { nextRunAt: T0, activated: false });
    const hb = await insertCheck(db, accountId, { type: "HEARTBEAT", nextRunAt: T0 });
    await plan(db, T0);
    expect(await jobsOf(db, off.id)).toEqual([]);
    expect(await jobsOf(db, hb.id)).toEqual([]);
    const row = await db.selectFrom("checks").select("next_run_at").where("id", "=", off.id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toBeNull();
  });

  it("a maintenance window in progress pauses every check (pauseAllChecks) or those with its tags; the slot is skipped, not postponed", async () => {
    const { db, accountId } = await account();
    const start = Date.now() - M;
    const end = Date.now() + 60 * M;
    const now = Date.now();
    const due = now - 1000;
    const tagged = await insertCheck(db, accountId, { nextRunAt: due, tags: ["db"] });
    const other = await insertCheck(db, accountId, { nextRunAt: due, tags: ["web"] });
    await createWindow(db, accountId, { name: "DB upgrade", startsAt: start, endsAt: end, repeatUnit: null, tags: ["db"] });
    await plan(db, now);
    expect(await jobsOf(db, tagged.id)).toEqual([]);
    expect(await jobsOf(db, other.id)).toHaveLength(1);
    const row = await db.selectFrom("checks").select("next_run_at").where("id", "=", tagged.id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toBeGreaterThan(now);

    const { db: db2, accountId: acc2 } = await account();
    const any = await insertCheck(db2, acc2, { nextRunAt: due, tags: ["web"] });
    await createWindow(db2, acc2, { name: "Everything", startsAt: start, endsAt: end, repeatUnit: null, pauseAllChecks: true });
    await plan(db2, now);
    expect(await jobsOf(db2, any.id)).toEqual([]);
    // a window that has ended pauses nothing
    const later = await insertCheck(db2, acc2, { nextRunAt: end + 1000 });
    await plan(db2, end + 1000);
    expect(await jobsOf(db2, later.id)).toHaveLength(1);
  });
});
