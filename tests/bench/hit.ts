/**
 * `npx tsx tests/bench/hit.ts`: goal 3's cached /acme row alone, against its node:http ceiling under wrk -c64, in
 * rounds, with CPU per request and the load average. Knobs: BENCH_HIT_* and BENCH_DURATION_S / BENCH_WARMUP_S below.
 */
import "./lib/goals-env";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { mkdirSync } from "node:fs";
import { DIST_DIR, ROOT, buildOnce, freePort, startServer } from "../e2e/harness";
import { raw } from "../e2e/cache-helpers";
import { serverEnv, serverNodeArgs } from "../../scripts/server-process.mjs";
import { TOOL, ceilingHeaders, cpuTimes, fmt, load, startCeiling, type LoadResult } from "./lib/load";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = num("BENCH_HIT_ROUNDS", 3);
const DURATION = num("BENCH_DURATION_S", 6);
const WARMUP = num("BENCH_WARMUP_S", 2);
// The server's V8 flags instead of scripts/server-process.mjs's (e.g. "--max-semi-space-size=16").
const FLAGS = process.env.BENCH_HIT_NODE_FLAGS?.split(/\s+/).filter(Boolean);
// A directory: the server runs with --cpu-prof and writes its profile there when it stops.
const PROFILE = process.env.BENCH_HIT_PROFILE ? resolve(process.env.BENCH_HIT_PROFILE) : undefined;
// Another build folder (a copy of an earlier build, say): a second server from it, measured in the same rounds.
const COMPARE = process.env.BENCH_HIT_COMPARE;
const AE = { "accept-encoding": "br, gzip" };
const SERVER_ENV = { HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" };

const line = (s = "") => process.stdout.write(`${s}\n`);
const load3 = () => loadavg().map((l) => l.toFixed(2)).join(" ");

/** The server's command: production's flags (or BENCH_HIT_NODE_FLAGS), plus the profiler when asked. */
function command(): string[] | undefined {
  if (!FLAGS && !PROFILE) return undefined;
  const flags = FLAGS ?? serverNodeArgs(serverEnv());
  if (PROFILE) mkdirSync(PROFILE, { recursive: true });
  const prof = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`] : [];
  return ["node", ...flags, ...prof, join(ROOT, "scripts/serve.mjs")];
}

type Measured = LoadResult & { userUs: number; sysUs: number };

/** One load run with the process's CPU time per request beside it: user (JavaScript, GC) and system (the sockets). */
async function measured(name: string, url: string, pid: number): Promise<Measured> {
  const o = { connections: 64, durationS: DURATION, warmupS: WARMUP, headers: AE };
  await load(`${name} (warm-up)`, url, { ...o, durationS: WARMUP, warmupS: 0 });
  const before = cpuTimes(pid);
  const r = await load(name, url, { ...o, warmupS: 0 }, pid);
  const after = cpuTimes(pid);
  const perReq = (ms: number) => (ms * 1000) / (r.rps * DURATION);
  return { ...r, userUs: perReq(after.user - before.user), sysUs: perReq(after.system - before.system) };
}

const row = (r: Measured) =>
  `${r.name.padEnd(36)} ${fmt(r.rps, 0).padStart(8)} req/s  p50 ${fmt(r.p50, 2).padStart(6)} ms  p99 ${fmt(r.p99, 2).padStart(6)} ms  CPU/req user ${fmt(r.userUs, 1).padStart(5)} µs + system ${fmt(r.sysUs, 1).padStart(5)} µs  RSS ${r.rssMb} MB  errors ${r.errors + r.non2xx}`;

async function main() {
  await buildOnce();
  const cmd = command();
  line(`bench:hit — ${new Date().toISOString()} — dist ${DIST_DIR}, ${TOOL} -t2 -c64, ${WARMUP} s warm-up + ${DURATION} s per run, ${ROUNDS} rounds`);
  line(`server: ${cmd ? cmd.slice(0, -1).join(" ") : `node ${serverNodeArgs(serverEnv()).join(" ")}`} scripts/serve.mjs; load average at start ${load3()}`);
  const base = { ...SERVER_ENV, ...(cmd ? { MALLOC_ARENA_MAX: serverEnv().MALLOC_ARENA_MAX ?? "2" } : {}) };
  const servers = [{ label: DIST_DIR, s: await startServer({ env: base, command: cmd }) }];
  if (COMPARE) servers.push({ label: COMPARE, s: await startServer({ env: { ...base, HELIOGRAPH_DIST_DIR: COMPARE }, command: cmd }) });
  const ratios = new Map<string, number[]>(servers.map((x) => [x.label, []]));
  try {
    let first: Awaited<ReturnType<typeof raw>> | undefined;
    for (const { label, s } of servers) {
      // Next loaded and used once, as in production: its async context tracking is on from then on.
      await raw(s.url, "/", AE);
      await raw(s.url, "/acme", AE);
      const r = await raw(s.url, "/acme", AE);
      if (r.status !== 200 || r.headers["x-heliograph-cache"] !== "HIT") throw new Error(`${label}: /acme answered ${r.status} ${r.headers["x-heliograph-cache"]}`);
      line(`${label} /acme: ${r.body.length} bytes ${r.headers["content-encoding"]}, front cache ${r.headers["x-heliograph-cache"]}`);
      first ??= r;
    }
    const port = await freePort();
    const ceiling = await startCeiling(port, first!.body, ceilingHeaders(first!.headers));
    try {
      for (let i = 1; i <= ROUNDS; i++) {
        line(`round ${i} (load ${load3()})`);
        // Rotated, so no side always runs right after the same other one.
        const sides = [{ label: "ceiling", url: `http://127.0.0.1:${port}/`, pid: ceiling.pid! }, ...servers.map((x) => ({ label: x.label, url: `${x.s.url}/acme`, pid: x.s.proc.pid! }))];
        const order = sides.map((_, k) => sides[(k + i - 1) % sides.length]);
        const out = new Map<string, Measured>();
        for (const side of order) out.set(side.label, await measured(side.label === "ceiling" ? "ceiling" : `cached /acme, ${side.label}`, side.url, side.pid));
        const c = out.get("ceiling")!;
        line(`  ${row(c)}`);
        for (const { label } of servers) {
          const r = out.get(label)!;
          ratios.get(label)!.push(r.rps / c.rps);
          line(`  ${row(r)}  ratio ${fmt(r.rps / c.rps, 2)}`);
        }
      }
    } finally {
      ceiling.kill();
    }
  } finally {
    for (const { s } of servers) await s.stop();
  }
  for (const [label, list] of ratios) {
    const sorted = [...list].sort((a, b) => a - b);
    line(`${label}: ratios ${list.map((r) => fmt(r, 2)).join(" ")}, median ${fmt(sorted[Math.floor(sorted.length / 2)], 2)}`);
  }
  line(`goal ≥ 0.70 with p99 ≤ 10 ms; load average at end ${load3()}`);
  if (PROFILE) line(`CPU profile of the server in ${PROFILE}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
