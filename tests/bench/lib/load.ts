/** Load generation and process measurements shared by the benchmarks (autocannon, 64 connections). */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
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

/** Warm up, then measure for `durationS` seconds. */
export async function load(name: string, url: string, o: LoadOptions = {}, pid?: number): Promise<LoadResult> {
  if ((o.warmupS ?? 2) > 0) await once(url, o, o.warmupS ?? 2);
  const r = await once(url, o, o.durationS ?? 10);
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytesPerReq: r.requests.total ? r.throughput.total / r.requests.total : 0,
    rssMb: pid ? rssMb(pid) : undefined,
  };
}

/** Load in the background until stopped (for freshness measurements under load). */
export function backgroundLoad(url: string, o: LoadOptions = {}): { stop: () => Promise<autocannon.Result> } {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url, connections: o.connections ?? 64, duration: 3600, headers: o.headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
  return {
    stop: async () => {
      instance!.stop();
      return done;
    },
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
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
