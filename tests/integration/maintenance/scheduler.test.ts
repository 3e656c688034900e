/**
 * The maintenance scheduler: occurrences move at their times exactly once whatever the instances (two processes racing
 * on this store), after a restart and after downtime; autoStart/autoEnd off leave the state to operators; start, end
 * and reminder notices follow the real state, not the clock.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db";
import { createWindow } from "@/lib/maintenance/service";
import { addMaintenanceUpdate, deleteMaintenanceUpdate, listMaintenances, moveMaintenance, skipMaintenance } from "@/lib/maintenance/occurrence-service";
import { advanceMaintenance, SCHEDULER_ACTOR } from "@/lib/maintenance/scheduler";
import { scheduleMaintenance } from "@/lib/notifications/worker/schedule";
import { bulkCreateSubscriptions } from "@/lib/subscriptions/service";
import { createIncident } from "@/lib/incidents/service";
import type { StatusPageVisibility } from "@/lib/maintenance/types";
import { pageWithServices, testWorker } from "../notifications/fixtures";
import { until } from "../notifications/peers";

const STORE = process.env.HELIOGRAPH_TEST_STORE ?? "sqlite";
const M = 60_000;
const H = 60 * M;
const ROOT = join(import.meta.dirname, "../../..");
const OPERATOR = { type: "API_KEY" as const, id: null };

const others: Db[] = [];
/** Another instance's connection to this file's store. */
function secondDb(): Db {
  const db = createDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: process.env.HELIOGRAPH_SQLITE_PATH });
  others.push(db);
  return db;
}
afterAll(async () => {
  for (const db of others) await db.destroy();
});

type Ctx = Awaited<ReturnType<typeof pageWithServices>>;

/** A page with three services and two verified e-mail subscribers. */
async function setup(slug: string): Promise<Ctx> {
  const ctx = await pageWithServices(slug);
  await bulkCreateSubscriptions(ctx.db, ctx.accountId, ctx.page.id, { subscriptions: [{ type: "EMAIL", config: "a@example.com" }, { type: "EMAIL", config: "b@example.com" }], autoVerify: true });
  return ctx;
}

async function oneOff(ctx: Ctx, name: string, startsAt: number, endsAt: number, vis: Partial<StatusPageVisibility> = {}) {
  const statusPageVisibility = { enabled: true, statusPageIds: [ctx.page.id], serviceIds: [ctx.services[0].id], notifyOnStart: true, notifyOnEnd: true, ...vis };
  return createWindow(ctx.db, ctx.accountId, { name, startsAt, endsAt, repeatUnit: null, statusPageVisibility });
}

/** The window's occurrence rows with their updates (oldest first). */
async function rowsOf(db: Db, windowId: number) {
  const occ = await db.selectFrom("maintenance_occurrences").selectAll().where("window_id", "=", windowId).orderBy("starts_at").execute();
  const upd = await db.selectFrom("maintenance_updates").selectAll().where("window_id", "=", windowId).orderBy("created_at").execute();
  return occ.map((o) => ({ ...o, updates: upd.filter((u) => u.occurrence_id === o.id) }));
}

const statusOf = async (db: Db, windowId: number) => (await rowsOf(db, windowId)).map((o) => o.status);

/** The maintenance events of a page, as "kind name" strings, sorted. */
async function eventsOf(db: Db, pageId: string) {
  const rows = await db.selectFrom("notification_events").select(["kind", "payload"]).where("status_page_id", "=", pageId).where("kind", "in", ["maintenance.start", "maintenance.end", "maintenance.reminder", "maintenance.update"]).execute();
  return rows.map((r) => `${r.kind} ${JSON.parse(r.payload).title}`).sort();
}

async function deliveryCount(db: Db, pageId: string) {
  const rows = await db
    .selectFrom("notification_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .where("s.status_page_id", "=", pageId)
    .where("d.event_type", "like", "maintenance.%")
    .select("d.idempotency_key")
    .execute();
  expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
  return rows.length;
}

/** Starts a scheduler in its own process; resolves once it is connected and waiting for "go". */
function childScheduler(now: number) {
  const p = spawn(join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", join(import.meta.dirname, "fixtures/run-scheduler.ts"), String(now)], { cwd: ROOT, env: process.env });
  let stdout = "";
  let stderr = "";
  p.stderr.on("data", (d) => (stderr += d));
  const ready = new Promise<void>((resolve, reject) => {
    p.stdout.on("data", (d) => {
      stdout += d;
      if (stdout.startsWith("ready\n")) resolve();
    });
    p.on("exit", (code) => reject(new Error(`scheduler child exited ${code} before it was ready: ${stderr}`)));
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => p.on("exit", (code) => resolve({ code, stdout, stderr })));
  return { ready, done, go: () => p.stdin.write("go\n") };
}

describe(`maintenance scheduler (${STORE})`, () => {
  it("two instances on their own connections racing move each due occurrence exactly once", async () => {
    const ctx = await setup("sched-race");
    const now = Date.now();
    const running = await Promise.all([1, 2, 3, 4, 5].map((i) => oneOff(ctx, `running ${i}`, now - M, now + H)));
    const ended = await Promise.all([1, 2, 3].map((i) => oneOff(ctx, `ended ${i}`, now - 2 * H, now - 5 * M)));
    const later = await oneOff(ctx, "later", now + H, now + 2 * H);

    const children = [childScheduler(now), childScheduler(now)];
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.go();
    const results = await Promise.all(children.map((c) => c.done));
    for (const r of results) expect(r.code, r.stderr).toBe(0);

    for (const w of running) {
      const [o] = await rowsOf(ctx.db, w.id);
      expect(o.status).toBe("IN_PROGRESS");
      expect(o.updates.map((u) => [u.previous_status, u.status, u.actor_type, u.actor_id])).toEqual([["SCHEDULED", "IN_PROGRESS", "AUTOMATION", SCHEDULER_ACTOR.id]]);
    }
    for (const w of ended) {
      const [o] = await rowsOf(ctx.db, w.id);
      expect(o.status).toBe("COMPLETED");
      expect(o.updates.map((u) => [u.previous_status, u.status])).toEqual([["SCHEDULED", "COMPLETED"]]);
    }
    expect(await rowsOf(ctx.db, later.id)).toEqual([]);
    // One notice per move: starts for the running ones, ends (fresh: 5 minutes ago) without a start for the ended ones.
    expect(await eventsOf(ctx.db, ctx.page.id)).toEqual([...ended.map((w) => `maintenance.end ${w.name}`), ...running.map((w) => `maintenance.start ${w.name}`)].sort());
    expect(await deliveryCount(ctx.db, ctx.page.id)).toBe(8 * 2);
    const moved = results.map((r) => JSON.parse(r.stdout.split("\n")[1]) as { started: number; completed: number; queued: number });
    expect(moved.reduce((n, r) => n + r.queued, 0)).toBe(16);
  });

  it.runIf(STORE === "postgres")("two connection pools in one process racing on PostgreSQL move each occurrence once", async () => {
    const ctx = await setup("sched-race-pg");
    const now = Date.now();
    const windows = await Promise.all(Array.from({ length: 12 }, (_, i) => oneOff(ctx, `w${i}`, now - M, now + H)));
    const [a, b] = [secondDb(), secondDb()];
    await Promise.all([advanceMaintenance(a, now), advanceMaintenance(b, now), advanceMaintenance(a, now), advanceMaintenance(b, now)]);
    for (const w of windows) expect((await rowsOf(ctx.db, w.id))[0].updates).toHaveLength(1);
    expect(await eventsOf(ctx.db, ctx.page.id)).toHaveLength(12);
    expect(await deliveryCount(ctx.db, ctx.page.id)).toBe(24);
  });

  it("after a restart a fresh run changes nothing twice, and a scheduler that was down catches up without stale notices", async () => {
    const ctx = await setup("sched-restart");
    const now = Date.now();
    const a = await oneOff(ctx, "A running", now - M, now + H);
    const b = await oneOff(ctx, "B over while down", now - 3 * H, now - 2 * H);
    const c = await oneOff(ctx, "C just ended", now - 2 * H, now - 5 * M);
    const d = await oneOff(ctx, "D later", now + 30 * M, now + 2 * H);
    await advanceMaintenance(ctx.db, now);
    expect([await statusOf(ctx.db, a.id), await statusOf(ctx.db, b.id), await statusOf(ctx.db, c.id), await statusOf(ctx.db, d.id)]).toEqual([["IN_PROGRESS"], ["COMPLETED"], ["COMPLETED"], []]);
    // B ended two hours ago: completed, but nobody is told it started or ended; C ended minutes ago: its end only.
    expect(await eventsOf(ctx.db, ctx.page.id)).toEqual(["maintenance.end C just ended", "maintenance.start A running"]);

    // Restart: another connection, the same moment and later, as many times as it likes.
    const fresh = secondDb();
    await advanceMaintenance(fresh, now);
    await advanceMaintenance(fresh, now + M);
    expect((await rowsOf(ctx.db, a.id))[0].updates).toHaveLength(1);
    await advanceMaintenance(fresh, now + H + 5 * M);
    await advanceMaintenance(fresh, now + H + 6 * M);
    expect([await statusOf(ctx.db, a.id), await statusOf(ctx.db, d.id)]).toEqual([["COMPLETED"], ["IN_PROGRESS"]]);
    expect((await rowsOf(ctx.db, a.id))[0].updates.map((u) => u.status)).toEqual(["IN_PROGRESS", "COMPLETED"]);
    expect(await eventsOf(ctx.db, ctx.page.id)).toEqual(["maintenance.end A running", "maintenance.end C just ended", "maintenance.start A running", "maintenance.start D later"]);
    expect(await deliveryCount(ctx.db, ctx.page.id)).toBe(4 * 2);
  });

  it("with autoStart or autoEnd off only an operator's update moves the state, and the notices follow it", async () => {
    const ctx = await setup("sched-manual");
    const now = Date.now();
    const noStart = await oneOff(ctx, "no autoStart", now + 10 * M, now + H, { autoStart: false });
    const noEnd = await oneOff(ctx, "no autoEnd", now - M, now + H, { autoEnd: false });
    const manual = await oneOff(ctx, "manual", now - M, now + H, { autoStart: false, autoEnd: false });

    await advanceMaintenance(ctx.db, now + 20 * M);
    expect(await statusOf(ctx.db, noStart.id)).toEqual([]);
    expect(await statusOf(ctx.db, manual.id)).toEqual([]);
    expect(await statusOf(ctx.db, noEnd.id)).toEqual(["IN_PROGRESS"]);
    expect(await eventsOf(ctx.db, ctx.page.id)).toEqual(["maintenance.start no autoEnd"]);

    // The operator starts "no autoStart" (its start time has passed, the clock did nothing): the start notice goes now.
    const [o] = await listMaintenances(ctx.db, ctx.accountId, noStart.id, 10, 1);
    await addMaintenanceUpdate(ctx.db, ctx.accountId, noStart.id, o.occurrence.id, { status: "IN_PROGRESS", description: "Started by hand" }, OPERATOR);
    expect(await eventsOf(ctx.db, ctx.page.id)).toEqual(["maintenance.start no autoEnd", "maintenance.start no autoStart"]);

    // Past every end: autoEnd completes "no autoStart" (started by hand); "no autoEnd" stays in progress.
    await advanceMaintenance(ctx.db, now + H + M);
    await advanceMaintenance(ctx.db, now + 3 * H);
    expect(await statusOf(ctx.db, noStart.id)).toEqual(["COMPLETED"]);
    expect(await statusOf(ctx.db, noEnd.id)).toEqual(["IN_PROGRESS"]);
    expect(await statusOf(ctx.db, manual.id)).toEqual([]);
    expect(await eventsOf(ctx.db, ctx.page.id)).toEqual(["maintenance.end no autoStart", "maintenance.start no autoEnd", "maintenance.start no autoStart"]);

    // Only the operator completes "no autoEnd"; the end notice follows that update, not the end time.
    const [open] = await rowsOf(ctx.db, noEnd.id);
    await addMaintenanceUpdate(ctx.db, ctx.accountId, noEnd.id, open.id, { status: "COMPLETED", description: "Done" }, OPERATOR);
    await advanceMaintenance(ctx.db, now + 4 * H);
    expect((await rowsOf(ctx.db, noEnd.id))[0].updates.map((u) => [u.status, u.actor_type])).toEqual([["IN_PROGRESS", "AUTOMATION"], ["COMPLETED", "API_KEY"]]);
    expect(await eventsOf(ctx.db, ctx.page.id)).toContain("maintenance.end no autoEnd");
    expect(await eventsOf(ctx.db, ctx.page.id)).toHaveLength(4);
  });

  it("sends nothing for a skipped occurrence and reminds only scheduled ones, at their moved start", async () => {
    const ctx = await setup("sched-remind");
    const now = Date.now();
    const vis = { reminderMinutesBefore: [60] };
    await oneOff(ctx, "kept", now + 59 * M, now + 2 * H, vis);
    const skipped = await oneOff(ctx, "skipped", now + 59 * M, now + 2 * H, vis);
    const movedIn = await oneOff(ctx, "moved in", now + 5 * H, now + 6 * H, vis);
    const movedOut = await oneOff(ctx, "moved out", now + 59 * M, now + 2 * H, vis);
    const started = await oneOff(ctx, "started early", now + 59 * M, now + 2 * H, vis);
    const idOf = async (w: { id: number }) => (await listMaintenances(ctx.db, ctx.accountId, w.id, 10, 1))[0].occurrence.id;
    await skipMaintenance(ctx.db, ctx.accountId, skipped.id, await idOf(skipped), OPERATOR);
    await moveMaintenance(ctx.db, ctx.accountId, movedIn.id, await idOf(movedIn), { startsAt: now + 59 * M, endsAt: now + 2 * H }, OPERATOR);
    await moveMaintenance(ctx.db, ctx.accountId, movedOut.id, await idOf(movedOut), { startsAt: now + 5 * H, endsAt: now + 6 * H }, OPERATOR);
    await addMaintenanceUpdate(ctx.db, ctx.accountId, started.id, await idOf(started), { status: "IN_PROGRESS", description: "Early" }, OPERATOR);

    await scheduleMaintenance(ctx.db, now);
    await scheduleMaintenance(ctx.db, now + 1000);
    expect(await eventsOf(ctx.db, ctx.page.id)).toEqual(["maintenance.reminder kept", "maintenance.reminder moved in", "maintenance.start started early"]);

    // Past all of them: the skipped one never starts, ends or reminds.
    await scheduleMaintenance(ctx.db, now + 60 * M);
    await scheduleMaintenance(ctx.db, now + 2 * H + M);
    const names = await eventsOf(ctx.db, ctx.page.id);
    expect(names.filter((n) => n.endsWith(" skipped"))).toEqual([]);
    expect(await statusOf(ctx.db, skipped.id)).toEqual(["CANCELLED"]);
    expect(names).toEqual([
      "maintenance.end kept", "maintenance.end moved in", "maintenance.end started early",
      "maintenance.reminder kept", "maintenance.reminder moved in",
      "maintenance.start kept", "maintenance.start moved in", "maintenance.start started early",
    ]);
    expect(names.filter((n) => n.endsWith(" moved out"))).toEqual([]);
  });

  it("components flip when the scheduler starts and completes an occurrence, unless an incident already covers them", async () => {
    const ctx = await setup("sched-flips");
    const [api, dashboard] = ctx.services;
    const now = Date.now();
    await createIncident(ctx.db, ctx.accountId, { name: "Down", severity: "MAJOR", serviceIds: [dashboard.id], update: { description: "x" } });
    const w = await oneOff(ctx, "flips", now - M, now + H, { serviceIds: [api.id, dashboard.id] });
    const flips = async () => {
      const rows = await ctx.db.selectFrom("notification_events").select("payload").where("status_page_id", "=", ctx.page.id).where("kind", "=", "component.update").execute();
      return rows.map((r) => JSON.parse(r.payload).component).map((c) => `${c.name} ${c.oldStatus} -> ${c.newStatus}`).sort();
    };
    await advanceMaintenance(ctx.db, now);
    await advanceMaintenance(ctx.db, now + M);
    expect(await flips()).toEqual(["API OPERATIONAL -> UNDER_MAINTENANCE", "Dashboard OPERATIONAL -> MAJOR_OUTAGE"]);
    await advanceMaintenance(ctx.db, now + H + M);
    expect(await flips()).toEqual(["API OPERATIONAL -> UNDER_MAINTENANCE", "API UNDER_MAINTENANCE -> OPERATIONAL", "Dashboard OPERATIONAL -> MAJOR_OUTAGE"]);

    // An operator deletes the completing update: the occurrence is open again and API goes back under maintenance.
    const [o] = await rowsOf(ctx.db, w.id);
    await deleteMaintenanceUpdate(ctx.db, ctx.accountId, w.id, o.id, o.updates.at(-1)!.id);
    expect(await statusOf(ctx.db, w.id)).toEqual(["IN_PROGRESS"]);
    expect((await flips()).filter((f) => f === "API OPERATIONAL -> UNDER_MAINTENANCE")).toHaveLength(2);
  });

  it("runs in the notification worker's tick (in-process and `npm run worker` alike)", async () => {
    const ctx = await setup("sched-worker");
    const w = await oneOff(ctx, "tick", Date.now() - M, Date.now() + H);
    const worker = testWorker(ctx.db);
    worker.start();
    try {
      await until(async () => (await statusOf(ctx.db, w.id))[0] === "IN_PROGRESS");
    } finally {
      await worker.stop();
    }
    expect((await rowsOf(ctx.db, w.id))[0].updates.map((u) => u.actor_type)).toEqual(["AUTOMATION"]);
  });
});
