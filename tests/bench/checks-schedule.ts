/**
 * `npm run bench:checks [-- --checks 10000 --minutes 10 --store sqlite|postgres --backlog 20000]`: N one-minute API checks
 * run by `npm run runner` against a local target; slot-to-start lag, runner CPU and RSS, and the ceiling (a drained
 * backlog), each beside a same-run reference (own timer lag, the target's CPU, runCheck alone). Asserts nothing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createDb, migrate, type Db } from "@/lib/db";
import { createAccount } from "@/lib/accounts/service";
import { nextSlotAfter, spreadOffset } from "@/lib/checks/frequency";
import { runCheck } from "@/lib/runners";
import { freshSchema } from "../e2e/cache-pg";

const { values: args } = parseArgs({
  options: {
    checks: { type: "string", default: "10000" },
    minutes: { type: "string", default: "10" },
    store: { type: "string", default: "sqlite" },
    backlog: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "256" },
  },
});
const CHECKS = Number(args.checks);
const MINUTES = Number(args.minutes);
const BACKLOG = Number(args.backlog);
const CONCURRENCY = Number(args.concurrency);
const WARMUP_MS = 60_000;
const ROOT = join(import.meta.dirname, "../..");
const line = (s = "") => process.stdout.write(`${s}\n`);
const fmt = (n: number, d = 1) => n.toFixed(d);
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** CPU seconds (user + system) and RSS in MB of a process, from /proc. */
function sample(pid: number): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpu = (Number(f[11]) + Number(f[12])) / 100;
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return { cpu, rssMb: rss ? Number(rss[1]) / 1024 : 0 };
}

function startTarget(): Promise<{ proc: ChildProcess; url: string }> {
  const code = `require("node:http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json"});s.end('{"ok":true}')}).listen(0,"127.0.0.1",function(){process.stdout.write(String(this.address().port)+"\\n")})`;
  const proc = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve) => proc.stdout!.once("data", (d) => resolve({ proc, url: `http://127.0.0.1:${String(d).trim()}/health` })));
}

function startRunner(env: Record<string, string>, extra: string[] = []): ChildProcess {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [, ...nodeArgs] = pkg.scripts.runner.split(/\s+/);
  // BENCH_RUNNER_NODE_ARGS="--cpu-prof" profiles the runner (NODE_OPTIONS refuses it)
  const profile = process.env.BENCH_RUNNER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return spawn(process.execPath, [...profile, ...nodeArgs, ...extra], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", HELIOGRAPH_RUNNER_CONCURRENCY: String(CONCURRENCY), ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await gone;
}

async function insertChecks(db: Db, accountId: string, url: string, now: number): Promise<void> {
  const rows = Array.from({ length: CHECKS }, () => {
    const id = randomUUID();
    const offset = spreadOffset(1, id);
    const definition = { request: { method: "GET", url, assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: null }] }, locations: [], tags: [], doubleCheck: false, retryStrategy: null };
    return {
      id, account_id: accountId, check_type: "API" as const, name: `bench ${id.slice(0, 8)}`, activated: 1 as const, muted: 0 as const, frequency: 1, frequency_offset: offset,
      group_id: null, group_order: null, definition: JSON.stringify(definition), ping_token: null, created_by_key_id: null,
      // the first slot a little after start-up, so the process is warm before it runs anything
      next_run_at: nextSlotAfter(1, offset, now + 20_000), created_at: now, updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insertInto("checks").values(rows.slice(i, i + 500)).execute();
}

/** The latest slot at or before `t` of a one-minute check with this offset. */
const slotOf = (offset: number, t: number) => nextSlotAfter(1, offset, t) - 60_000;

async function steady(db: Db, env: Record<string, string>, target: { proc: ChildProcess; url: string }) {
  const t0 = Date.now();
  const runner = startRunner(env);
  const samples: { at: number; runner: { cpu: number; rssMb: number }; target: { cpu: number; rssMb: number } }[] = [];
  const timerLag: number[] = [];
  let last = performance.now();
  const tick = setInterval(() => {
    const n = performance.now();
    timerLag.push(n - last - 100);
    last = n;
  }, 100);
  const end = t0 + WARMUP_MS + MINUTES * 60_000;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 10_000));
    samples.push({ at: Date.now(), runner: sample(runner.pid!), target: sample(target.proc.pid!) });
    const s = samples.at(-1)!;
    line(`  t+${fmt((s.at - t0) / 1000, 0)} s: runner RSS ${fmt(s.runner.rssMb)} MB, CPU ${fmt(s.runner.cpu)} s; target CPU ${fmt(s.target.cpu)} s`);
  }
  clearInterval(tick);
  await stop(runner);

  const from = t0 + WARMUP_MS;
  const measured = samples.filter((s) => s.at >= from);
  const a = measured[0];
  const b = measured.at(-1)!;
  const wall = (b.at - a.at) / 1000;
  const rows = await db
    .selectFrom("check_results as r")
    .innerJoin("checks as c", "c.id", "r.check_id")
    .select(["r.started_at", "c.frequency_offset", "r.has_failures"])
    .where("r.started_at", ">=", from)
    .where("r.started_at", "<", b.at)
    .execute();
  const lags = rows.map((r) => Number(r.started_at) - slotOf(r.frequency_offset, Number(r.started_at)));
  const failures = rows.filter((r) => Number(r.has_failures) === 1).length;
  const expected = CHECKS * ((b.at - from) / 60_000);
  line();
  line(`steady state over ${fmt(wall / 60)} min after a ${WARMUP_MS / 1000} s warm-up: ${rows.length} runs (${fmt((rows.length / expected) * 100)} % of ${fmt(expected, 0)} slots), ${failures} failed`);
  line(`  lag slot → start: p50 ${fmt(pct(lags, 50), 0)} ms, p99 ${fmt(pct(lags, 99), 0)} ms, max ${fmt(Math.max(...lags), 0)} ms   | reference: this process's timer lag p99 ${fmt(pct(timerLag, 99))} ms   | goal p99 ≤ 1000 ms`);
  line(`  runner CPU: ${fmt((b.runner.cpu - a.runner.cpu) / wall, 3)} cores   | reference: target serving the same requests ${fmt((b.target.cpu - a.target.cpu) / wall, 3)} cores   | goal ≤ 0.5`);
  const firstRss = measured.slice(0, 3).map((s) => s.runner.rssMb);
  const lastRss = measured.slice(-3).map((s) => s.runner.rssMb);
  line(`  runner RSS: first minute ${fmt(Math.max(...firstRss))} MB, last ${fmt(Math.max(...lastRss))} MB, max ${fmt(Math.max(...measured.map((s) => s.runner.rssMb)))} MB   | reference: target ${fmt(b.target.rssMb)} MB   | goal flat`);
  const perMinute = new Map<number, number>();
  for (const r of rows) perMinute.set(Math.floor((Number(r.started_at) - from) / 60_000), (perMinute.get(Math.floor((Number(r.started_at) - from) / 60_000)) ?? 0) + 1);
  line(`  runs per minute: ${[...perMinute.entries()].sort((x, y) => x[0] - y[0]).map(([, n]) => n).join(", ")}`);
  const lagByMinute = new Map<number, number[]>();
  rows.forEach((r, i) => {
    const m = Math.floor((Number(r.started_at) - from) / 60_000);
    lagByMinute.set(m, [...(lagByMinute.get(m) ?? []), lags[i]]);
  });
  line(`  lag p99 per minute (ms): ${[...lagByMinute.entries()].sort((x, y) => x[0] - y[0]).map(([, l]) => fmt(pct(l, 99), 0)).join(", ")}`);
  line(`  load average at the end of the steady run: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
}

async function ceiling(db: Db, env: Record<string, string>, accountId: string, url: string) {
  await db.updateTable("checks").set({ next_run_at: null }).execute();
  await db.deleteFrom("check_jobs").execute();
  const ids = (await db.selectFrom("checks").select("id").execute()).map((r) => r.id);
  const now = Date.now();
  const jobs = Array.from({ length: BACKLOG }, (_, i) => ({
    id: randomUUID(), account_id: accountId, check_id: ids[i % ids.length], location: "eu-central-1", sequence_id: randomUUID(), attempt: 0,
    scheduled_at: now, due_at: now, lease_until: null, lease_owner: null, version: 1, created_at: now,
  }));
  for (let i = 0; i < jobs.length; i += 500) await db.insertInto("check_jobs").values(jobs.slice(i, i + 500)).execute();
  const before = await db.selectFrom("check_results").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const runner = startRunner(env, ["--no-planner"]);
  let first = 0;
  let done = 0;
  const t0 = Date.now();
  while (done < BACKLOG && Date.now() - t0 < 20 * 60_000) {
    await new Promise((r) => setTimeout(r, 1000));
    const n = await db.selectFrom("check_results").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    done = Number(n.n) - Number(before.n);
    if (done > 0 && first === 0) first = Date.now();
  }
  const secs = (Date.now() - first) / 1000;
  await stop(runner);

  // Reference: runCheck alone at the same concurrency, no store, in this process.
  const check = { checkType: "API" as const, request: { method: "GET" as const, url, assertions: [{ source: "STATUS_CODE" as const, comparison: "EQUALS" as const, property: "", target: "200", regex: null }] } };
  const n = Math.min(BACKLOG, 10_000);
  let next = 0;
  const r0 = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < n) {
      next++;
      await runCheck(check, { allowMetadata: false });
    }
  }));
  const refSecs = (Date.now() - r0) / 1000;
  line(`  load average after the ceiling: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  line(`ceiling: a backlog of ${BACKLOG} due jobs drained in ${fmt(secs)} s = ${fmt((done / secs) * 60, 0)} checks/min   | reference: runCheck alone, ${CONCURRENCY} at once, no store ${fmt((n / refSecs) * 60, 0)} checks/min`);
}

async function main() {
  line(`bench:checks ${CHECKS} API checks, 1-minute frequency, ${MINUTES} min on ${args.store}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let sizeOf: () => string = () => "";
  if (args.store === "postgres") {
    const s = await freshSchema();
    env = { DATABASE_URL: s.url(), HELIOGRAPH_ENCRYPTION_KEY: "0f".repeat(32) };
    cleanup = s.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), "hg-bench-checks-"));
    const file = join(dir, "bench.db");
    env = { HELIOGRAPH_SQLITE_PATH: file, DATABASE_URL: "" };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    sizeOf = () => `${fmt(statSync(file).size / 1e6)} MB (+ WAL)`;
  }
  const db = createDb({ databaseUrl: env.DATABASE_URL || undefined, sqlitePath: env.HELIOGRAPH_SQLITE_PATH });
  const target = await startTarget();
  try {
    await migrate(db);
    const account = await createAccount(db, "bench");
    await insertChecks(db, account.id, target.url, Date.now());
    await steady(db, env, target);
    const n = await db.selectFrom("check_results").select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.avg<number>(eb.fn("length", ["detail"])).as("detail")]).executeTakeFirstOrThrow();
    line(`  stored: ${n.n} results, detail JSON ${fmt(Number(n.detail), 0)} bytes on average; store ${sizeOf()}`);
    if (BACKLOG > 0) await ceiling(db, env, account.id, target.url);
  } finally {
    target.proc.kill("SIGTERM");
    await db.destroy();
    await cleanup();
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
