/**
 * `npm run bench:alerts`: what a 1,000-alert Alertmanager group costs the rest of the server, on SQLite and PostgreSQL:
 * /healthz and the cached demo page probed at rest, while the group is POSTed on a fresh rule, once the rule has seen
 * 5,000 alert keys, and while it is re-sent. Prints ingest time and the probes' p50/p99 beside GOAL; asserts nothing.
 */
import "./lib/alerts-env";
import { loadavg } from "node:os";
import { buildOnce, startServer, type RunningServer } from "../e2e/harness";
import { freshSchema } from "../e2e/cache-pg";
import { setUpAutomation, type AutomationSetup } from "../e2e/automation-helpers";
import { cpuMs, fmt } from "./lib/load";

const REST_S = Number(process.env.BENCH_REST_S ?? 4);
const GROUP = 1000;
const SEEN = Number(process.env.BENCH_SEEN_KEYS ?? 5000);
const SERVER_ENV = { HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" };
const GOAL = { p99: 50, ingestMs: 1000 };
const PROBES = { healthz: "/healthz", page: "/acme" } as const;
const line = (s = "") => process.stdout.write(`${s}\n`);

function alerts(tag: string, prefix: string, status: "firing" | "resolved", startsAt: number) {
  return Array.from({ length: GROUP }, (_, i) => ({
    status,
    labels: { alertname: "CheckoutErrors", component: tag },
    annotations: { summary: "Checkout failing" },
    startsAt: new Date(startsAt + i).toISOString(),
    endsAt: status === "resolved" ? new Date(startsAt + 60_000 + i).toISOString() : "0001-01-01T00:00:00Z",
    fingerprint: `${prefix}-${i}`,
    generatorURL: "",
  }));
}

/** ≈ 250 KB for 1,000 alerts, within the 256 KB an ingest body may hold. */
const groupBody = (list: unknown[]) => JSON.stringify({ version: "4", groupKey: "{}:{alertname=\"CheckoutErrors\"}", status: "firing", receiver: "heliograph", alerts: list, commonLabels: {}, externalURL: "http://am" });

/** The POST's wall time, and the server's CPU time meanwhile (the probes' requests included): on a shared machine the second says what ingestion costs. */
async function post(s: RunningServer, setup: AutomationSetup, body: string): Promise<{ ms: number; cpu: number; outcomes: Record<string, number> }> {
  const c0 = cpuMs(s.proc.pid!);
  const t0 = performance.now();
  const r = await fetch(`${s.url}/ingest/${setup.integration.id}`, { method: "POST", headers: { authorization: `Bearer ${setup.integration.token}`, "content-type": "application/json" }, body });
  const answer = (await r.json()) as { decisions?: { outcome: string }[] };
  const ms = performance.now() - t0;
  const cpu = cpuMs(s.proc.pid!) - c0;
  if (r.status !== 202) throw new Error(`ingest answered ${r.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  const outcomes: Record<string, number> = {};
  for (const d of answer.decisions ?? []) outcomes[d.outcome] = (outcomes[d.outcome] ?? 0) + 1;
  return { ms, cpu, outcomes };
}

interface Latency {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function latency(values: number[]): Latency {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN };
}

/** Sequential requests to each probe path (one loop per path) until `until` settles. */
async function probe(s: RunningServer, until: Promise<unknown>): Promise<Record<keyof typeof PROBES, Latency>> {
  let done = false;
  void until.finally(() => (done = true));
  const loop = async (path: string) => {
    const times: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const r = await fetch(`${s.url}${path}`, { headers: { "accept-encoding": "br, gzip" } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      times.push(performance.now() - t0);
    }
    return latency(times);
  };
  const [healthz, page] = await Promise.all([loop(PROBES.healthz), loop(PROBES.page)]);
  await until;
  return { healthz, page };
}

interface Row {
  store: string;
  name: string;
  ingestMs?: number;
  cpuMs?: number;
  outcomes?: Record<string, number>;
  healthz: Latency;
  page: Latency;
}

async function measureStore(store: string, s: RunningServer): Promise<Row[]> {
  const key = s.apiKey()!;
  const setup = await setUpAutomation(s.url, key);
  for (const path of Object.values(PROBES)) await fetch(`${s.url}${path}`, { headers: { "accept-encoding": "br, gzip" } }).then((r) => r.arrayBuffer());
  const rows: Row[] = [];
  const rest = await probe(s, new Promise((r) => setTimeout(r, REST_S * 1000)));
  rows.push({ store, name: "at rest", ...rest });

  const during = async (name: string, body: string) => {
    const ingest = post(s, setup, body);
    const probes = await probe(s, ingest);
    const { ms, cpu, outcomes } = await ingest;
    rows.push({ store, name, ingestMs: ms, cpuMs: cpu, outcomes, ...probes });
    line(`  ${store}: ${name}: ${fmt(ms, 0)} ms (server CPU ${fmt(cpu, 0)} ms) ${JSON.stringify(outcomes)}`);
  };
  let clock = Date.now() - 3 * 3_600_000;
  await during(`${GROUP} alerts, fresh rule`, groupBody(alerts(setup.tag, "fresh", "firing", (clock += 10_000))));
  // The rule sees SEEN more alert keys: groups that fire, then recover (kept for the replay horizon).
  for (let k = 0; k < SEEN / GROUP; k++) {
    const at = (clock += 10_000);
    await post(s, setup, groupBody(alerts(setup.tag, `seen${k}`, "firing", at)));
    await post(s, setup, groupBody(alerts(setup.tag, `seen${k}`, "resolved", at)));
  }
  const after = groupBody(alerts(setup.tag, "after", "firing", (clock += 10_000)));
  await during(`${GROUP} alerts, after ${SEEN} keys`, after);
  await during(`re-send of that group (repeats)`, after);
  return rows;
}

function table(rows: Row[]) {
  const l = (x: Latency) => `${fmt(x.p50).padStart(6)} ${fmt(x.p99).padStart(7)} ${fmt(x.max).padStart(7)} ${String(x.n).padStart(5)}`;
  const n = (x: number | undefined) => (x === undefined ? "-" : fmt(x, 0));
  line(`${"store".padEnd(11)} ${"case".padEnd(32)} ${"ingest ms".padStart(9)} ${"CPU ms".padStart(7)}   /healthz p50     p99     max     n   /acme p50     p99     max     n`);
  for (const r of rows) line(`${r.store.padEnd(11)} ${r.name.padEnd(32)} ${n(r.ingestMs).padStart(9)} ${n(r.cpuMs).padStart(7)}   ${l(r.healthz)}   ${l(r.page)}`);
}

async function main() {
  await buildOnce();
  line(`Alert burst — ${new Date().toISOString()} — load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}; probes: sequential requests, one loop per path`);
  const rows: Row[] = [];
  const lite = await startServer({ env: SERVER_ENV });
  try {
    rows.push(...(await measureStore("SQLite", lite)));
  } finally {
    await lite.stop();
  }
  const db = await freshSchema();
  const pg = await startServer({ env: { ...SERVER_ENV, DATABASE_URL: db.url() } });
  try {
    rows.push(...(await measureStore("PostgreSQL", pg)));
  } finally {
    await pg.stop();
    await db.drop();
  }
  line();
  table(rows);
  line();
  line(`Goals: while a ${GROUP}-alert body is ingested, /healthz and the cached page p99 ≤ ${GOAL.p99} ms; ingest ≤ ${GOAL.ingestMs} ms; no growth after ${SEEN} keys.`);
  for (const r of rows.filter((x) => x.ingestMs !== undefined)) {
    const ok = r.ingestMs! <= GOAL.ingestMs && r.healthz.p99 <= GOAL.p99 && r.page.p99 <= GOAL.p99;
    line(`  ${r.store}, ${r.name}: ${ok ? "meets" : "MISSES"}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
