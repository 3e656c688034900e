/**
 * `npm run bench:automation`: time to truth, from an alert's POST to the incident on the public page and summary.json,
 * on SQLite and across two processes on PostgreSQL + Redis (alert one, read the other); then 1,000 mixed alerts, checking
 * that no rule's incident ends wrongly open or closed. Prints figures beside the targets; asserts nothing about timing.
 */
import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { buildOnce, startServer, type RunningServer } from "../e2e/harness";
import { REDIS_URL, freshSchema, requireRedis } from "../e2e/cache-pg";
import { addRule, alertmanagerBody, incidentsOfRule, pageHtml, postIngest, setUpAutomation, summaryIncidentNames, waitFor, type AutomationSetup } from "../e2e/automation-helpers";
import { fmt, stats } from "./lib/load";

const N = Number(process.env.BENCH_ALERTS ?? 40);
const MIXED = Number(process.env.BENCH_MIXED_ALERTS ?? 1000);
const SERVER_ENV = { HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" };
const TARGET = { median: 50, max: 250 };
const line = (s = "") => process.stdout.write(`${s}\n`);

/**
 * Fire → wait until the reader shows it, then resolve → wait until it drops it. Alternate alerts time the page
 * HTML and summary.json, each polled alone, so neither figure carries the other's render.
 */
async function timeToTruth(writer: RunningServer, reader: RunningServer, setup: AutomationSetup, n: number) {
  const page: number[] = [];
  const summary: number[] = [];
  let t = Date.now() - 3_600_000;
  for (let i = 0; i < n; i++) {
    const fp = `ttt-${i}`;
    const startsAt = (t += 1000);
    const onSummary = i % 2 === 0;
    const open = async () => (await summaryIncidentNames(reader.url)).includes(setup.ruleName);
    const t0 = performance.now();
    const res = await postIngest(writer.url, setup, alertmanagerBody(setup.tag, fp, "firing", startsAt));
    const incidentId = res.body.decisions[0]?.incidentId;
    if (res.body.decisions[0]?.outcome !== "opened" || !incidentId) throw new Error(`alert ${i} did not open: ${JSON.stringify(res.body)}`);
    // The page lists past incidents of the rule by the same name: the new incident is known by its link.
    await waitFor("the incident on the reader", onSummary ? open : async () => (await pageHtml(reader.url)).includes(`/incidents/${incidentId}`), 10_000);
    (onSummary ? summary : page).push(performance.now() - t0);
    await postIngest(writer.url, setup, alertmanagerBody(setup.tag, fp, "resolved", startsAt, (t += 1000)));
    await waitFor("the resolution on the reader", async () => !(await open()), 10_000);
  }
  return { page: stats(page), summary: stats(summary) };
}

function report(name: string, r: Awaited<ReturnType<typeof timeToTruth>>) {
  for (const [what, s] of [["page HTML", r.page], ["summary.json", r.summary]] as const) {
    const ok = s.median <= TARGET.median && s.max <= TARGET.max;
    line(`${`${name}, ${what}`.padEnd(44)} n=${String(s.n).padStart(4)}  median ${fmt(s.median).padStart(6)} ms (target ≤ ${TARGET.median})  max ${fmt(s.max).padStart(6)} ms (target ≤ ${TARGET.max})  ${ok ? "meets" : "MISSES"}`);
  }
}

/**
 * 1,000 alerts over 5 rules × 4 alerts each, sent alternately to the servers: state changes, repeats,
 * stale events sent late (a failure older than its recovery, a recovery older than its failure), and
 * recoveries delivered before their failure. Truth per alert: its latest event by the payload's own time.
 */
async function mixedRun(servers: RunningServer[], key: string, setup: AutomationSetup, total: number) {
  const rules = [{ ruleId: setup.ruleId, ruleName: setup.ruleName, tag: setup.tag }];
  for (let r = 1; r < 5; r++) rules.push(await addRule(servers[0].url, key, setup, `${setup.tag}-r${r}`));
  interface AlertState { rule: number; fp: string; firing: boolean; firedAt: number; lastAt: number; lastBody: unknown }
  const alerts: AlertState[] = rules.flatMap((_, r) => Array.from({ length: 4 }, (__, k) => ({ rule: r, fp: `mix-${setup.tag}-${r}-${k}`, firing: false, firedAt: 0, lastAt: 0, lastBody: null as unknown })));
  let clock = Date.now() - 86_400_000;
  const tick = () => (clock += 1000 + Math.floor(Math.random() * 1000));
  let seed = 12;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const counts = { fire: 0, recover: 0, repeat: 0, "late failure": 0, "late recovery": 0, "recovery before failure": 0 };
  let sent = 0;
  const send = async (body: unknown) => {
    const res = await postIngest(servers[sent++ % servers.length].url, setup, body);
    if (res.status !== 202) throw new Error(`ingest answered ${res.status}: ${JSON.stringify(res.body)}`);
  };
  while (sent < total) {
    const a = alerts[Math.floor(rand() * alerts.length)];
    const rule = rules[a.rule];
    const roll = rand();
    if (roll < 0.45 || a.lastBody === null) {
      const at = tick();
      a.lastBody = a.firing ? alertmanagerBody(rule.tag, a.fp, "resolved", a.firedAt, at) : alertmanagerBody(rule.tag, a.fp, "firing", at);
      counts[a.firing ? "recover" : "fire"]++;
      if (!a.firing) a.firedAt = at;
      a.firing = !a.firing;
      a.lastAt = at;
      await send(a.lastBody);
    } else if (roll < 0.75) {
      counts.repeat++;
      await send(a.lastBody);
    } else if (roll < 0.9) {
      // An event from before the alert's latest one, delivered now (a retry that lost the race): changes nothing.
      const before = a.lastAt - 500;
      counts[a.firing ? "late recovery" : "late failure"]++;
      await send(a.firing ? alertmanagerBody(rule.tag, a.fp, "resolved", before - 100, before) : alertmanagerBody(rule.tag, a.fp, "firing", before));
    } else if (!a.firing && sent + 2 <= total) {
      // A whole failure and its recovery, the recovery delivered first: the alert ends recovered.
      const fired = tick();
      const recovered = tick();
      counts["recovery before failure"]++;
      await send(alertmanagerBody(rule.tag, a.fp, "resolved", fired, recovered));
      await send(alertmanagerBody(rule.tag, a.fp, "firing", fired));
      a.lastBody = alertmanagerBody(rule.tag, a.fp, "resolved", fired, recovered);
      a.firedAt = fired;
      a.lastAt = recovered;
    }
  }
  // Closing: every alert of rules 0 and 1 recovers (rule 0's last one as a failure delivered after its
  // recovery), so the end state has rules that must be closed as well as open ones.
  for (const a of alerts.filter((x) => x.rule <= 1)) {
    const rule = rules[a.rule];
    if (a.firing) {
      await send(alertmanagerBody(rule.tag, a.fp, "resolved", a.firedAt, tick()));
      a.firing = false;
    }
  }
  const last = alerts.find((x) => x.rule === 0)!;
  const fired = tick();
  const recovered = tick();
  await send(alertmanagerBody(rules[0].tag, last.fp, "resolved", fired, recovered));
  await send(alertmanagerBody(rules[0].tag, last.fp, "firing", fired));
  counts["recovery before failure"]++;
  let wrong = 0;
  const summary = await summaryIncidentNames(servers[servers.length - 1].url);
  for (const [r, rule] of rules.entries()) {
    const shouldBeOpen = alerts.some((a) => a.rule === r && a.firing);
    const open = (await incidentsOfRule(servers[0].url, key, setup.pageId, rule.ruleName)).filter((i) => i.lastUpdateStatus !== "RESOLVED");
    const onPage = summary.includes(rule.ruleName);
    const ok = open.length === (shouldBeOpen ? 1 : 0) && onPage === shouldBeOpen;
    if (!ok) wrong++;
    line(`  rule ${r}: should be ${shouldBeOpen ? "open" : "closed"}; open incidents ${open.length}, on summary.json ${onPage ? "yes" : "no"}  ${ok ? "ok" : "WRONG"}`);
  }
  line(`  sent ${sent}: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  line(`  rules wrongly open or closed at the end: ${wrong} (target 0)`);
  return wrong;
}

async function main() {
  await buildOnce();
  line(`time to truth: alert POST → public page and summary.json, ${N} alerts per case; mixed run of ${MIXED}`);
  line();
  const one = await startServer({ env: SERVER_ENV });
  let wrong = 0;
  try {
    const key = one.apiKey()!;
    report("one instance (SQLite)", await timeToTruth(one, one, await setUpAutomation(one.url, key), N));
    line("mixed run, one instance (SQLite):");
    wrong += await mixedRun([one], key, await setUpAutomation(one.url, key), MIXED);
  } finally {
    await one.stop();
  }
  await requireRedis();
  const db = await freshSchema();
  const prefix = `hg-bench-auto-${randomUUID().slice(0, 8)}:`;
  const env = { ...SERVER_ENV, DATABASE_URL: db.url(), REDIS_URL, HELIOGRAPH_REDIS_PREFIX: prefix };
  const a = await startServer({ env });
  const b = await startServer({ env });
  try {
    const key = a.apiKey()!;
    const setup = await setUpAutomation(a.url, key);
    report("one instance (PostgreSQL)", await timeToTruth(a, a, setup, N));
    report("two instances (alert to A, read B)", await timeToTruth(a, b, setup, N));
    line("mixed run, two instances on PostgreSQL (alerts alternate between them):");
    wrong += await mixedRun([a, b], key, await setUpAutomation(a.url, key), MIXED);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await db.drop();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  }
  if (wrong > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
