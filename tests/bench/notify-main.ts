import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { getReadyDb, type Db } from "@/lib/db";
import { createAccount } from "@/lib/accounts/service";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import { createIncident } from "@/lib/incidents/service";
import { encryptSecret, newWebhookSecret, subscriptionKeys } from "@/lib/subscriptions/crypto";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { ceiling, httpSink, smtpSink, type Sink } from "./lib/notify-sinks";

const N = Number(process.argv[2] ?? 100_000);
const CHANNELS = (process.argv[3] ?? "email,webhook,slack").split(",") as ChannelName[];
const STORE = process.env.DATABASE_URL ? "postgres" : "sqlite";
/** messages the bare client sends for the ceiling (a rate, so a sample is enough) */
const CEILING_COUNT = Math.min(N, 20_000);
const CEILING_CONCURRENCY = Number(process.env.HELIOGRAPH_WORKER_HOST_CONCURRENCY ?? 16);

type ChannelName = "email" | "webhook" | "slack";
// The delivery goals for 100,000 subscribers (chat has none of its own: held to the webhooks' 30 s), scaled to N.
const GOAL_S: Record<ChannelName, number> = { email: 60, webhook: 30, slack: 30 };
const GOAL_QUEUE_MS = 2000;
const GOAL_RSS_MB = 150;

const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuS(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL server process on this machine, by pid (the database's share of a phase: all its clients, ours alone on a quiet machine). */
function pgCpu(): Map<string, number> {
  const out = new Map<string, number>();
  if (STORE !== "postgres") return out;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres")) out.set(pid, cpuS(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Where a phase's CPU went: the worker, the database server, this process (the receivers, and the clock's polling). */
function cpuMeter(workerPid: number) {
  const w0 = cpuS(workerPid);
  const own0 = process.cpuUsage();
  const pg0 = pgCpu();
  return () => {
    let db = 0;
    for (const [pid, s] of pgCpu()) db += s - (pg0.get(pid) ?? 0);
    const own = process.cpuUsage(own0);
    return { worker: cpuS(workerPid) - w0, db, sink: (own.user + own.system) / 1e6 };
  };
}

interface Row {
  channel: "EMAIL" | "WEBHOOK" | "SLACK";
  target: string;
  dest_host: string;
  secret_enc?: string;
}

async function seed(db: Db, slug: string, make: (i: number) => Row) {
  const account = await createAccount(db, `bench ${slug}`);
  const service = await createService(db, account.id, { name: "API" });
  const page = await createPage(db, account.id, { name: `Bench ${slug}`, url: slug, cards: [{ name: "Core", services: [{ id: service.id }] }] });
  // The service is already down before anyone subscribes, so the measured incident changes no component's
  // status: the run counts incident messages only, not component flips to webhook and chat subscribers.
  await createIncident(db, account.id, { name: "Already down", severity: "MAJOR", serviceIds: [service.id], update: { description: "Quiet", notifySubscribers: false } });
  const at = Date.now();
  for (let i = 0; i < N; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, N - i) }, (_, j) => ({ id: crypto.randomUUID(), status_page_id: page.id, status: "VERIFIED" as const, service_ids: null, token_nonce: `n${i + j}`, created_at: at, updated_at: at, ...make(i + j) }));
    await db.insertInto("subscribers").values(rows).execute();
  }
  return { account, service, page };
}

interface Result {
  name: ChannelName;
  queuedMs: number;
  lastS: number;
  recordedS: number;
  restMb: number;
  peakMb: number;
  cpu: { worker: number; db: number; sink: number };
  ceiling: number;
  /** mean size of one message as the receiver saw it */
  bytes: number;
}

async function phase(db: Db, name: ChannelName, ctx: Awaited<ReturnType<typeof seed>>, sink: Sink, workerPid: number): Promise<Omit<Result, "ceiling" | "bytes">> {
  sink.reset();
  const restMb = rssMb(workerPid);
  let peakMb = restMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(workerPid))), 100);
  const cpu = cpuMeter(workerPid);
  const t0 = performance.now();
  await createIncident(db, ctx.account.id, { name: `${name} bench`, severity: "MAJOR", serviceIds: [ctx.service.id], update: { description: "Benchmark update", notifySubscribers: true } });
  const queuedMs = performance.now() - t0;
  let lastAt = t0;
  for (let seen = 0; sink.count < N; ) {
    await new Promise((r) => setTimeout(r, 5));
    if (sink.count !== seen) {
      seen = sink.count;
      lastAt = performance.now();
    }
    if (performance.now() - lastAt > 120_000) throw new Error(`${name}: only ${sink.count} of ${N} arrived, none for 2 minutes`);
  }
  for (;;) {
    const pending = await db.selectFrom("notification_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "in", ["QUEUED", "RETRYING"]).executeTakeFirstOrThrow();
    if (Number(pending.n) === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const recordedS = (performance.now() - t0) / 1000;
  const used = cpu();
  clearInterval(sampler);
  if (name !== "email" && !(sink.sample ?? "").includes(name === "slack" ? '"blocks"' : '"incident_updates"')) console.warn(`${name}: unexpected payload ${sink.sample?.slice(0, 200)}`);
  return { name, queuedMs, lastS: (lastAt - t0) / 1000, recordedS, restMb, peakMb, cpu: used };
}

function report(results: Result[], restMb: number, restAfterMb: number) {
  const scale = N / 100_000;
  const line = (s: string) => process.stdout.write(`${s}\n`);
  line(`\n[${STORE}] ${N} subscribers per channel; load average ${load()}`);
  line(`${"channel".padEnd(8)} ${"queued ms (goal)".padEnd(18)} ${"delivered s (goal)".padEnd(20)} ${"per s".padStart(7)} ${"ceiling/s".padStart(10)} ${"of ceiling".padStart(10)} ${"recorded s".padStart(10)} ${"RSS rest→peak MB".padStart(17)}  CPU s worker/db/bench`);
  for (const r of results) {
    const rate = N / r.lastS;
    line(
      `${r.name.padEnd(8)} ${`${r.queuedMs.toFixed(0)} (≤${GOAL_QUEUE_MS})`.padEnd(18)} ${`${r.lastS.toFixed(1)} (≤${(GOAL_S[r.name] * scale).toFixed(1)})`.padEnd(20)} ${rate.toFixed(0).padStart(7)} ${r.ceiling.toFixed(0).padStart(10)} ${`${((100 * rate) / r.ceiling).toFixed(0)}%`.padStart(10)} ${r.recordedS.toFixed(1).padStart(10)} ${`${r.restMb.toFixed(0)}→${r.peakMb.toFixed(0)}`.padStart(17)}  ${[r.cpu.worker, r.cpu.db, r.cpu.sink].map((c) => c.toFixed(1)).join("/")}`,
    );
  }
  line(`bytes per message: ${results.map((r) => `${r.name} ${(r.bytes / 1024).toFixed(1)} KB`).join(", ")}`);
  line(`worker RSS at rest: ${restMb.toFixed(0)} MB before, ${restAfterMb.toFixed(0)} MB after the run (goal ≤ ${GOAL_RSS_MB}); ceiling = bare client, ${CEILING_CONCURRENCY} connections, ${CEILING_COUNT} messages of the same size`);
  line(`CPU s: used from the update until all was recorded, by the worker, the database server (every postgres process here) and this process (the receivers)`);
}

async function main() {
  const db = await getReadyDb();
  await loadServerSecret(db);
  const keys = await subscriptionKeys(db);
  const sinks = new Map<ChannelName, Sink>();
  const pages = new Map<ChannelName, Awaited<ReturnType<typeof seed>>>();
  const t0 = performance.now();
  for (const name of CHANNELS) {
    const sink = name === "email" ? await smtpSink() : await httpSink(name === "slack" ? 200 : 204);
    sinks.set(name, sink);
    const host = name === "email" ? "smtp" : new URL(sink.target).host;
    const secret = name === "webhook" ? encryptSecret(keys, newWebhookSecret()) : undefined;
    const channel = ({ email: "EMAIL", webhook: "WEBHOOK", slack: "SLACK" } as const)[name];
    pages.set(name, await seed(db, `bench-${name}`, (i) => ({ channel, target: name === "email" ? `user${i}@bench.test` : `${sink.target}?s=${i}`, dest_host: host, secret_enc: secret })));
  }
  process.stdout.write(`[${STORE}] seeded ${N} × ${CHANNELS.length} subscribers in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const smtpPort = sinks.get("email")?.target ?? "25";
  // BENCH_CPU_PROF=<dir>: the worker writes a V8 CPU profile there when it exits (open it in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
  // BENCH_WORKER_FLAGS="--heap-prof --trace-gc …": more node flags for the worker, to look into it (never to tune it).
  const flags = (process.env.BENCH_WORKER_FLAGS ?? "").split(" ").filter(Boolean);
  // Imported when needed: tsx runs this file as CommonJS, which cannot require a module with top-level await.
  const { ensureBuilt } = await import("@/scripts/build.mjs");
  const { workerNodeArgs } = await import("@/scripts/server-process.mjs");
  await ensureBuilt({ next: false }); // before the clock and the RSS at rest: the worker would rebuild stale bundles itself
  const worker = spawn(process.execPath, [...prof, ...flags, ...workerNodeArgs()], {
    env: { ...process.env, SMTP_HOST: "127.0.0.1", SMTP_PORT: smtpPort, SMTP_FROM: "Bench <bench@bench.test>", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const results: Result[] = [];
  try {
    await new Promise((r) => setTimeout(r, 5000)); // let the worker start and settle before the clock runs
    const restMb = rssMb(worker.pid!);
    for (const name of CHANNELS) {
      const sink = sinks.get(name)!;
      const r = await phase(db, name, pages.get(name)!, sink, worker.pid!);
      const bytes = sink.bytes / N;
      results.push({ ...r, bytes, ceiling: await ceiling(sink, name === "email" ? "smtp" : "http", CEILING_COUNT, CEILING_CONCURRENCY, bytes) });
    }
    await new Promise((r) => setTimeout(r, 5000));
    report(results, restMb, rssMb(worker.pid!));
  } finally {
    worker.kill("SIGTERM");
    await new Promise((r) => worker.once("exit", r));
    for (const s of sinks.values()) await s.close();
    await db.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
