/**
 * `npm run bench:page`: builds for production (own dist dir), starts the server with the demo data and measures
 * status page routes against a plain node:http server sending the same bytes: req/s, p50, p99, server RSS and the
 * ratio to that ceiling. Add a case to CASES. Prints figures; asserts nothing about timing.
 */
import "./lib/page-env";
import { loadavg } from "node:os";
import { buildOnce, DIST_DIR, freePort, startServer, type RunningServer } from "../e2e/harness";
import { raw } from "../e2e/cache-helpers";
import { TOOL, fmt, load, startCeiling, type LoadResult } from "./lib/load";

export interface PageBenchCase {
  name: string;
  /** may use {incident} (the demo's open incident) and {service} (a demo service id) */
  path: string;
  /** "cached": through the front cache (the production server); "uncached": every request rendered by Next */
  server: "cached" | "uncached";
  headers?: Record<string, string>;
}

const AE = { "accept-encoding": "br, gzip" };
export const CASES: PageBenchCase[] = [
  { name: "demo page /acme", path: "/acme", server: "cached", headers: AE },
  { name: "incident page", path: "/acme/incidents/{incident}", server: "cached", headers: AE },
  { name: "history", path: "/acme/history", server: "cached", headers: AE },
  { name: "demo page /acme, front cache off", path: "/acme", server: "uncached", headers: AE },
  { name: "incident page, front cache off", path: "/acme/incidents/{incident}", server: "uncached", headers: AE },
  // Embeds: the page badge and the Statuspage summary; bench:embeds covers every embed route.
  { name: "badge.svg", path: "/acme/badge.svg", server: "cached", headers: AE },
  { name: "api/v2/summary.json", path: "/acme/api/v2/summary.json", server: "cached", headers: AE },
  { name: "badge.svg, front cache off", path: "/acme/badge.svg", server: "uncached", headers: AE },
  { name: "summary.json, front cache off", path: "/acme/api/v2/summary.json", server: "uncached", headers: AE },
];

const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_S ?? 3);
const SERVER_ENV = { HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" };
const line = (s = "") => process.stdout.write(`${s}\n`);

async function placeholders(s: RunningServer): Promise<Record<string, string>> {
  const key = s.apiKey()!;
  const get = async (path: string) => (await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${key}` } })).json();
  const incidents = (await get("/v1/status-pages/incidents?limit=100")) as { entries: { id: string; lastUpdateStatus: string }[] };
  const services = (await get("/v1/status-pages/services?limit=1")) as { entries: { id: string }[] };
  return { incident: incidents.entries.find((i) => i.lastUpdateStatus !== "RESOLVED")!.id, service: services.entries[0].id };
}

const fill = (path: string, vars: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? "");

async function runCases(kind: PageBenchCase["server"], rows: LoadResult[], before?: (s: RunningServer) => Promise<void>) {
  const cases = CASES.filter((c) => c.server === kind);
  if (cases.length === 0) return;
  const s = await startServer({ env: kind === "cached" ? SERVER_ENV : { ...SERVER_ENV, HELIOGRAPH_FRONT_CACHE_MB: "0" } });
  try {
    const vars = await placeholders(s);
    await before?.(s);
    for (const c of cases) {
      const path = fill(c.path, vars);
      const first = await raw(s.url, path, c.headers);
      if (first.status !== 200) throw new Error(`${c.name}: ${path} answered ${first.status}`);
      line(`  ${c.name}: ${path} → ${first.status}, ${first.body.length} bytes ${first.headers["content-encoding"] ?? "identity"}, front cache ${(await raw(s.url, path, c.headers)).headers["x-heliograph-cache"] ?? "-"}`);
      rows.push(await load(c.name, `${s.url}${path}`, { headers: c.headers, durationS: DURATION, warmupS: WARMUP }, s.proc.pid));
    }
  } finally {
    await s.stop();
  }
}

async function main() {
  await buildOnce();
  const [l1] = loadavg();
  line(`Heliograph status page benchmark — ${new Date().toISOString()} — dist ${DIST_DIR}, ${TOOL}, 64 connections, ${WARMUP} s warm-up + ${DURATION} s per case, load average ${l1.toFixed(2)}`);
  const rows: LoadResult[] = [];
  await runCases("cached", rows, async (s) => {
    // The ceiling answers with exactly the bytes and headers the cached demo page leaves with.
    await raw(s.url, "/acme", AE);
    const page = await raw(s.url, "/acme", AE);
    const headers: Record<string, string> = {};
    const skip = ["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-heliograph-cache"];
    for (const [k, v] of Object.entries(page.headers)) if (v !== undefined && !skip.includes(k)) headers[k] = String(v);
    const port = await freePort();
    const proc = await startCeiling(port, page.body, headers);
    try {
      rows.push(await load("node:http ceiling (same bytes as /acme)", `http://127.0.0.1:${port}/`, { headers: AE, durationS: DURATION, warmupS: WARMUP }, proc.pid));
    } finally {
      proc.kill();
    }
  });
  await runCases("uncached", rows);
  const ceiling = rows.find((r) => r.name.startsWith("node:http ceiling"))?.rps ?? NaN;
  line();
  line(`${"case".padEnd(40)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"KB/req".padStart(7)} ${"RSS MB".padStart(7)} ${"ratio".padStart(6)} errors`);
  for (const r of rows) {
    line(`${r.name.padEnd(40)} ${fmt(r.rps, 0).padStart(9)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.bytesPerReq / 1024).padStart(7)} ${String(r.rssMb ?? "-").padStart(7)} ${fmt(r.rps / ceiling, 3).padStart(6)} ${r.errors + r.non2xx}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
