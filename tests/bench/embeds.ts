/**
 * `npm run bench:embeds`: the demo page's embed routes (badges, Statuspage JSON, feed, calendar, Open Graph image,
 * widget) through the front cache beside a node:http server sending the same summary.json bytes, and the badge and
 * summary.json uncached (front cache off). Prints figures; asserts nothing about timing.
 */
import { buildOnce, freePort, startServer } from "../e2e/harness";
import { raw } from "../e2e/cache-helpers";
import { fmt, load, startCeiling, type LoadResult } from "./lib/load";

const AE = { "accept-encoding": "br, gzip" };
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const SERVER_ENV = { HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" };
const line = (s = "") => process.stdout.write(`${s}\n`);

function table(rows: LoadResult[], ceiling: number) {
  line(`${"case".padEnd(44)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"KB/req".padStart(7)} ${"RSS MB".padStart(7)} ${"ratio".padStart(6)} errors`);
  for (const r of rows) {
    line(
      `${r.name.padEnd(44)} ${fmt(r.rps, 0).padStart(9)} ${fmt(r.p50).padStart(7)} ${fmt(r.p99).padStart(7)} ${fmt(r.bytesPerReq / 1024).padStart(7)} ${String(r.rssMb ?? "-").padStart(7)} ${fmt(r.rps / ceiling, 2).padStart(6)} ${r.errors + r.non2xx}`,
    );
  }
}

async function main() {
  await buildOnce();
  line(`Heliograph embeds benchmark — ${new Date().toISOString()} — ${DURATION} s per case after a 2 s warm-up, 64 connections (autocannon)`);
  const s = await startServer({ env: SERVER_ENV });
  const pid = s.proc.pid!;
  const rows: LoadResult[] = [];
  try {
    const key = s.apiKey()!;
    const services = (await (await fetch(`${s.url}/v1/status-pages/services?limit=1`, { headers: { authorization: `Bearer ${key}` } })).json()) as { entries: { id: string }[] };
    const service = services.entries[0].id;
    const routes: [string, string][] = [
      ["badge.svg", "/acme/badge.svg"],
      ["service badge.svg", `/acme/services/${service}/badge.svg`],
      ["uptime badge.svg (30d)", `/acme/services/${service}/uptime/30d/badge.svg`],
      ["badge.json (shields)", "/acme/badge.json"],
      ["api/v2/summary.json", "/acme/api/v2/summary.json"],
      ["api/v2/status.json", "/acme/api/v2/status.json"],
      ["feed.rss", "/acme/feed.rss"],
      ["maintenance.ics", "/acme/maintenance.ics"],
      ["og.png", "/acme/og.png"],
      ["embed (widget)", "/acme/embed"],
      ["embed.js", "/acme/embed.js"],
    ];
    for (const [name, path] of routes) {
      await raw(s.url, path, AE);
      const second = await raw(s.url, path, AE);
      line(`  ${name}: ${second.status}, ${second.headers["x-heliograph-cache"] ?? "no front-cache header"}, ${second.headers["content-encoding"] ?? "identity"}, ${second.body.length} bytes`);
    }

    // The ceiling sends exactly the bytes and headers summary.json leaves with.
    const summary = await raw(s.url, "/acme/api/v2/summary.json", AE);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(summary.headers)) if (v !== undefined && !["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-heliograph-cache"].includes(k)) headers[k] = String(v);
    const ceilingPort = await freePort();
    const ceiling = await startCeiling(ceilingPort, summary.body, headers);
    try {
      rows.push(await load("node:http ceiling (summary.json bytes)", `http://127.0.0.1:${ceilingPort}/`, { headers: AE, durationS: DURATION }, ceiling.pid));
    } finally {
      ceiling.kill();
    }
    for (const [name, path] of routes) rows.push(await load(`cached ${name}`, `${s.url}${path}`, { headers: AE, durationS: DURATION }, pid));
  } finally {
    await s.stop();
  }

  const uncached = await startServer({ env: { ...SERVER_ENV, HELIOGRAPH_FRONT_CACHE_MB: "0" } });
  try {
    for (const [name, path] of [["uncached badge.svg", "/acme/badge.svg"], ["uncached api/v2/summary.json", "/acme/api/v2/summary.json"]]) {
      rows.push(await load(name, `${uncached.url}${path}`, { headers: AE, durationS: DURATION }, uncached.proc.pid));
    }
  } finally {
    await uncached.stop();
  }
  line();
  table(rows, rows[0].rps);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
