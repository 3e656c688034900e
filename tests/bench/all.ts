/**
 * `npm run bench`: the front cache against the node:http ceiling, an uncached render, time-to-fresh on
 * one instance and across two (PostgreSQL + Redis), and the race of updates landing during re-renders.
 * Prints figures; it asserts nothing about timing (the closing note compares them with the goals).
 */
import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { buildOnce, freePort, startServer, type RunningServer } from "../e2e/harness";
import { openIncident, postUpdate, raw, timeUntilServed } from "../e2e/cache-helpers";
import { REDIS_URL, freshSchema } from "../e2e/cache-pg";
import { TOOL, backgroundLoad, fmt, load, rssMb, startCeiling, stats, type LoadResult } from "./lib/load";
import { privateDemoCopy } from "./lib/private-page";

const AE = { "accept-encoding": "br, gzip" };
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 200);
const RACE_UPDATES = Number(process.env.BENCH_RACE_UPDATES ?? 1000);
const SERVER_ENV = { HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_FRONT_CACHE_STATS: "true", HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" };
const line = (s = "") => process.stdout.write(`${s}\n`);

async function frontStats(url: string): Promise<Record<string, number>> {
  return JSON.parse((await raw(url, "/_heliograph/front-cache")).text);
}

function table(rows: LoadResult[], ceiling: number) {
  line(`${"case".padEnd(44)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"KB/req".padStart(7)} ${"RSS MB".padStart(7)} ${"ratio".padStart(6)} errors`);
  for (const r of rows) {
    line(
      `${r.name.padEnd(44)} ${fmt(r.rps, r.rps < 100 ? 1 : 0).padStart(9)} ${fmt(r.p50).padStart(7)} ${fmt(r.p99).padStart(7)} ${fmt(r.bytesPerReq / 1024).padStart(7)} ${String(r.rssMb ?? "-").padStart(7)} ${fmt(r.rps / ceiling, 2).padStart(6)} ${r.errors + r.non2xx}`,
    );
  }
}

/** Posts updates one after another while `/acme` is under load; the time until each one is served. */
async function timeToFresh(writer: RunningServer, reader: RunningServer, key: string, incidentId: string, n: number) {
  const fromWrite: number[] = [];
  const fromAck: number[] = [];
  const tag = randomUUID().slice(0, 6);
  for (let i = 0; i < n; i++) {
    const text = `Fresh ${tag} ${i}`;
    const t0 = performance.now();
    await postUpdate(writer.url, key, incidentId, text);
    const t1 = performance.now();
    await timeUntilServed(reader.url, "/acme", text, 10_000, AE);
    const t2 = performance.now();
    fromWrite.push(t2 - t0);
    fromAck.push(t2 - t1);
  }
  return { fromWrite: stats(fromWrite), fromAck: stats(fromAck) };
}

/** Bursts of updates posted back to back, so most land while the page is re-rendering; the last of each burst must appear. */
async function race(s: RunningServer, key: string, incidentId: string, total: number, burst = 10, boundMs = 1000) {
  let lost = 0;
  const waits: number[] = [];
  const tag = randomUUID().slice(0, 6);
  for (let b = 0; b < total / burst; b++) {
    let last = "";
    for (let i = 0; i < burst; i++) {
      last = `Race ${tag} ${b}-${i}`;
      await postUpdate(s.url, key, incidentId, last);
    }
    try {
      waits.push(await timeUntilServed(s.url, "/acme", last, boundMs, AE));
      // Once served, it must stay: the next read may never go back to an older text.
      if (!(await raw(s.url, "/acme", AE)).text.includes(last)) lost++;
    } catch {
      lost++;
    }
  }
  return { lost, bursts: total / burst, wait: stats(waits) };
}

function htmlFigures(html: string) {
  const scripts = [...html.matchAll(/<script[\s\S]*?<\/script>/g)].reduce((a, m) => a + m[0].length, 0);
  const markup = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style[\s\S]*?<\/style>/g, "");
  const text = markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
  return { total: Buffer.byteLength(html), scripts, markup: Buffer.byteLength(markup), text: Buffer.byteLength(text) };
}

async function main() {
  await buildOnce();
  line(`Heliograph benchmark — ${new Date().toISOString()} — ${DURATION} s per case after a 2 s warm-up, 64 connections (${TOOL}); load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const s = await startServer({ env: SERVER_ENV });
  const key = s.apiKey()!;
  const pid = s.proc.pid!;
  try {
    const incident = await openIncident(s.url, key);
    const services = (await (await fetch(`${s.url}/v1/status-pages/services?limit=1`, { headers: { authorization: `Bearer ${key}` } })).json()) as { entries: { id: string }[] };
    // The private copy is opened with its key, as a visitor's browser does; its cookie goes with every request.
    const priv = await privateDemoCopy(s.url, key);
    const routes: [string, string, Record<string, string>?][] = [
      ["cached demo page /acme", "/acme"],
      ["private copy of /acme (access cookie)", priv.path, { cookie: priv.cookie }],
      ["cached incident page", `/acme/incidents/${incident.id}`],
      ["cached badge /acme/badge.svg", "/acme/badge.svg"],
      ["cached service badge", `/acme/services/${services.entries[0]?.id}/badge.svg`],
      ["cached summary.json", "/acme/api/v2/summary.json"],
      ["/openapi.json (not in the front cache)", "/openapi.json"],
    ];
    for (const [name, path, extra] of routes) {
      await raw(s.url, path, { ...AE, ...extra });
      const second = await raw(s.url, path, { ...AE, ...extra });
      line(`  ${name}: ${second.status}, ${second.headers["x-heliograph-cache"] ?? "not cached"}, ${second.headers["content-encoding"] ?? "identity"}`);
    }
    const page = await raw(s.url, "/acme", AE);
    const plain = await raw(s.url, "/acme");
    const f = htmlFigures(plain.text);
    line(`HTML of /acme: ${fmt(f.total / 1024)} KB (brotli ${fmt(Number(page.headers["content-length"]) / 1024)} KB): scripts ${fmt(f.scripts / 1024)} KB, markup ${fmt(f.markup / 1024)} KB, visible text ${fmt(f.text / 1024)} KB`);
    await new Promise((r) => setTimeout(r, 3000));
    line(`idle RSS after warm-up: ${rssMb(pid)} MB`);

    // The ceiling sends exactly the bytes and headers the cache sends for /acme.
    const ceilingPort = await freePort();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(page.headers)) if (v !== undefined && !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(k)) headers[k] = String(v);
    delete headers["x-heliograph-cache"];
    const ceiling = await startCeiling(ceilingPort, page.body, headers);
    const rows: LoadResult[] = [];
    try {
      rows.push(await load("node:http ceiling (same bytes)", `http://127.0.0.1:${ceilingPort}/`, { headers: AE, durationS: DURATION }, ceiling.pid));
    } finally {
      ceiling.kill();
    }
    for (const [name, path, extra] of routes) rows.push(await load(name, `${s.url}${path}`, { headers: { ...AE, ...extra }, durationS: DURATION }, pid));

    const uncached = await startServer({ env: { ...SERVER_ENV, HELIOGRAPH_FRONT_CACHE_MB: "0" } });
    try {
      // 64 renders at once each take ~64 render times; a longer window lets enough of them finish to count.
      rows.push(await load("uncached render /acme (front cache off)", `${uncached.url}/acme`, { headers: AE, durationS: Math.max(DURATION, 20), warmupS: 5, timeoutS: 60 }, uncached.proc.pid));
    } finally {
      await uncached.stop();
    }
    line();
    table(rows, rows[0].rps);

    line();
    line(`Time-to-fresh, one instance (SQLite): ${UPDATES} incident updates through the API while /acme is under load`);
    const bg = backgroundLoad(`${s.url}/acme`, { headers: AE });
    const before = await frontStats(s.url);
    const one = await timeToFresh(s, s, key, incident.id, UPDATES);
    const bgResult = await bg.stop();
    line(`  from the API's answer: median ${fmt(one.fromAck.median)} ms, p90 ${fmt(one.fromAck.p90)} ms, max ${fmt(one.fromAck.max)} ms`);
    line(`  from sending the write: median ${fmt(one.fromWrite.median)} ms, max ${fmt(one.fromWrite.max)} ms`);
    line(`  background load meanwhile: ${fmt(bgResult.rps, 0)} req/s, p99 ${fmt(bgResult.p99)} ms`);

    line();
    line(`Race: ${RACE_UPDATES} updates in bursts of 10, posted back to back under load (they land during re-renders)`);
    const bg2 = backgroundLoad(`${s.url}/acme`, { headers: AE });
    const r = await race(s, key, incident.id, RACE_UPDATES);
    await bg2.stop();
    const after = await frontStats(s.url);
    line(`  lost: ${r.lost} of ${r.bursts} bursts; last text served after median ${fmt(r.wait.median)} ms, max ${fmt(r.wait.max)} ms`);
    line(`  renders discarded because an update landed during them: ${after.discardedRaces - before.discardedRaces} (renders ${after.renders - before.renders})`);
  } finally {
    await s.stop();
  }

  line();
  line(`Time-to-fresh across two instances (PostgreSQL + Redis): ${UPDATES} updates through A, read from B under load`);
  const db = await freshSchema();
  const prefix = `hg-bench-${randomUUID().slice(0, 8)}:`;
  const env = { ...SERVER_ENV, DATABASE_URL: db.url(), REDIS_URL, HELIOGRAPH_REDIS_PREFIX: prefix };
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  try {
    a = await startServer({ env });
    b = await startServer({ env });
    const key = a.apiKey()!;
    const incident = await openIncident(a.url, key);
    await raw(b.url, "/acme", AE);
    const bgB = backgroundLoad(`${b.url}/acme`, { headers: AE });
    const two = await timeToFresh(a, b, key, incident.id, UPDATES);
    const bgResult = await bgB.stop();
    line(`  from A's answer to B serving it: median ${fmt(two.fromAck.median)} ms, p90 ${fmt(two.fromAck.p90)} ms, max ${fmt(two.fromAck.max)} ms`);
    line(`  from sending the write: median ${fmt(two.fromWrite.median)} ms, max ${fmt(two.fromWrite.max)} ms`);
    line(`  load on B meanwhile: ${fmt(bgResult.rps, 0)} req/s, p99 ${fmt(bgResult.p99)} ms`);
  } finally {
    await Promise.all([a?.stop(), b?.stop()]);
    await db.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  line();
  line("Goals: private copy (after the access check) ≥ 0.8× the cached demo page; cached ≥ 0.5× ceiling with p99 ≤ 10 ms; time-to-fresh median ≤ 50 ms, max ≤ 250 ms (also across instances); 0 lost; idle RSS ≤ 150 MB.");
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
