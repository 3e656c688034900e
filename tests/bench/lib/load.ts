/**
 * Load generation and process measurements shared by the benchmarks: 64 connections, with wrk (a C client
 * that leaves most of the 2 cores to the server; installed when missing) and autocannon where it cannot be had.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import type { IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerReq: number;
  rssMb?: number;
}

export interface LoadOptions {
  connections?: number;
  durationS?: number;
  warmupS?: number;
  headers?: Record<string, string>;
  /** a request slower than this counts as an error (default 10 s) */
  timeoutS?: number;
  /** a path per request (e.g. to defeat caches); default: the URL's path */
  path?: () => string;
}

function once(url: string, o: LoadOptions, durationS: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const inst = autocannon(
      {
        url: u.origin,
        connections: o.connections ?? 64,
        duration: durationS,
        headers: o.headers,
        requests: [o.path ? { setupRequest: (req) => ({ ...req, path: o.path!() }) } : { path: `${u.pathname}${u.search}` }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    void inst;
  });
}

const hasWrk = () => spawnSync("wrk", ["--version"]).error === undefined;

/**
 * wrk, installed from Debian when missing; autocannon only when that fails, or with BENCH_TOOL=autocannon. autocannon
 * shares the two cores: above ~30k req/s it, not the server, is the limit, so ceilings and cached routes come out alike
 * (cached /acme: 1.02× its ceiling with autocannon, 0.58× with wrk, same build, same hour).
 */
function chooseTool(): "wrk" | "autocannon" {
  if (process.env.BENCH_TOOL === "autocannon") return "autocannon";
  if (hasWrk()) return "wrk";
  process.stderr.write("wrk is missing: installing it from Debian (apt-get install -y wrk)...\n");
  const r = spawnSync("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk"], { stdio: "inherit" });
  if (r.status === 0 && hasWrk()) return "wrk";
  process.stderr.write("!! Could not install wrk: measuring with autocannon, whose own CPU bounds the cached routes' figures.\n");
  return "autocannon";
}

export const TOOL = chooseTool();

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerReq: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** Reads wrk's --latency report. */
export function parseWrk(out: string): Measured {
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(out);
    return m ? Number(m[1]) * UNIT_MS[m[2]] : NaN;
  };
  const total = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const requests = total ? Number(total[1]) : 0;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: ms("50"),
    p99: ms("99"),
    errors: sock ? sock.slice(1).reduce((a, n) => a + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    bytesPerReq: total && requests ? (Number(total[2]) * BYTES[total[3]]) / requests : 0,
  };
}

function wrkArgs(url: string, o: LoadOptions, durationS: number): string[] {
  const args = ["-t2", `-c${o.connections ?? 64}`, `-d${durationS}s`, "--latency", "--timeout", `${o.timeoutS ?? 10}s`];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push("-H", `${k}: ${v}`);
  return [...args, url];
}

function wrk(url: string, o: LoadOptions, durationS: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const p = spawn("wrk", wrkArgs(url, o, durationS), { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("error", reject);
    p.on("exit", () => resolve(parseWrk(out)));
  });
}

async function measure(url: string, o: LoadOptions, durationS: number): Promise<Measured> {
  // A path per request needs autocannon's setupRequest (wrk would need a Lua script for it).
  if (TOOL === "wrk" && !o.path) return wrk(url, o, durationS);
  const r = await once(url, o, durationS);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytesPerReq: r.requests.total ? r.throughput.total / r.requests.total : 0,
  };
}

/** Warm up, then measure for `durationS` seconds. */
export async function load(name: string, url: string, o: LoadOptions = {}, pid?: number): Promise<LoadResult> {
  if ((o.warmupS ?? 2) > 0) await measure(url, o, o.warmupS ?? 2);
  const r = await measure(url, o, o.durationS ?? 10);
  return { name, ...r, rssMb: pid ? rssMb(pid) : undefined };
}

/** Load in the background until stopped (for freshness measurements under load). */
export function backgroundLoad(url: string, o: LoadOptions = {}): { stop: () => Promise<Measured> } {
  if (TOOL === "wrk") {
    const p = spawn("wrk", wrkArgs(url, o, 3600), { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    const done = new Promise<Measured>((resolve) => p.on("exit", () => resolve(parseWrk(out))));
    // wrk stops and reports on SIGINT.
    return { stop: () => (p.kill("SIGINT"), done) };
  }
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url, connections: o.connections ?? 64, duration: 3600, headers: o.headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
  return {
    stop: async () => {
      instance!.stop();
      const r = await done;
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, bytesPerReq: 0 };
    },
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU time (user + system) the process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}

/** The process's user and system CPU time so far, in ms, from /proc/<pid>/stat. */
export function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces), from the state on: utime and stime are the 12th and 13th.
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: (Number(f[11]) * 1000) / CLK_TCK, system: (Number(f[12]) * 1000) / CLK_TCK };
}

/** The headers a ceiling sends: the served response's, less those node:http writes itself or the cache adds. */
export function ceilingHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const skip = ["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-heliograph-cache"];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !skip.includes(k)) out[k] = String(v);
  return out;
}

/** Starts the node:http ceiling server with exactly these bytes and headers. */
export async function startCeiling(port: number, body: Buffer, headers: Record<string, string>): Promise<ChildProcess> {
  const dir = mkdtempSync(join(tmpdir(), "hg-ceiling-"));
  writeFileSync(join(dir, "body"), body);
  writeFileSync(join(dir, "headers.json"), JSON.stringify(headers));
  const proc = spawn(process.execPath, [join(import.meta.dirname, "ceiling-server.mjs"), String(port), join(dir, "body"), join(dir, "headers.json")], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.once("data", () => resolve());
    proc.once("exit", (code) => reject(new Error(`ceiling server exited (${code})`)));
  });
  return proc;
}

export function stats(values: number[]): { median: number; max: number; p90: number; n: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p90: at(0.9), max: s[s.length - 1] ?? NaN, n: s.length };
}

export const fmt = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? "-" : n.toFixed(d));
