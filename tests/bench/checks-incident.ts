/**
 * `npm run bench:checks-incident`: from a failing check's FINAL result to the incident on the page (goal: median ≤ 500 ms).
 * A built server on PostgreSQL + Redis serves the demo page; this process is the runner (as `npm run runner` is):
 * it stores FINAL results and calls onFinalResult. Prints medians beside /healthz as a same-run reference.
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { buildOnce, startServer } from "../e2e/harness";
import { REDIS_URL, freshSchema, requireRedis } from "../e2e/cache-pg";
import { pageHtml, setUpAutomation, summaryIncidentNames, waitFor } from "../e2e/automation-helpers";
import { fmt, stats } from "./lib/load";

const N = Number(process.env.BENCH_CHECK_INCIDENTS ?? 40);
const GOAL_MEDIAN = 500;
const ENCRYPTION_KEY = "0f".repeat(32);
const line = (s = "") => process.stdout.write(`${s}\n`);

async function main() {
  await requireRedis();
  const schema = await freshSchema();
  const shared = { DATABASE_URL: schema.url(), REDIS_URL, HELIOGRAPH_ENCRYPTION_KEY: ENCRYPTION_KEY };
  await buildOnce();
  const server = await startServer({ env: { ...shared, HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_WORKER: "false", HELIOGRAPH_RUNNER: "false", LOG_LEVEL: "warn" } });
  // The app's modules read lib/env once, on first import: this process is pointed at the server's store first.
  Object.assign(process.env, shared, { LOG_LEVEL: "warn" });
  const { getReadyDb } = await import("@/lib/db");
  const { effectiveCheck } = await import("@/lib/checks/effective");
  const { onFinalResult } = await import("@/lib/alerting/final");
  // What a runner in its own process must do too: page invalidations go through Redis, or the servers never see them.
  const { RedisGenerationStore } = await import("@/lib/cache/redis-generations");
  const { setGenerations } = await import("@/lib/cache/generations");
  const generations = await RedisGenerationStore.create({ url: REDIS_URL, prefix: "heliograph:" });
  if (!(await generations.ready(5000))) throw new Error("Redis generation store not ready");
  setGenerations(generations);
  try {
    const key = server.apiKey();
    if (!key) throw new Error("the demo server printed no API key");
    const setup = await setUpAutomation(server.url, key, "alertmanager", { coolDownWindowMinutes: 0 });
    // A deactivated check, so only this process writes its results; its tag drives the rule setUpAutomation made.
    const res = await fetch(`${server.url}/v1/checks/api`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Checkout API", activated: false, tags: [setup.tag], request: { method: "GET", url: "http://127.0.0.1:9/" } }),
    });
    const created = (await res.json()) as { id: string };
    if (res.status !== 201) throw new Error(`check create answered ${res.status}: ${JSON.stringify(created)}`);
    const db = await getReadyDb();
    const row = await db.selectFrom("checks").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    const check = await effectiveCheck(db, row);

    const final = async (failed: boolean) => {
      const at = Date.now();
      const result = {
        id: randomUUID(), account_id: row.account_id, check_id: row.id, check_type: row.check_type, sequence_id: randomUUID(), attempt: 0,
        result_type: "FINAL" as const, run_location: "eu-central-1", check_run_id: at, started_at: at, stopped_at: at + 20, response_time: 20,
        has_failures: failed ? (1 as const) : (0 as const), has_errors: 0 as const, is_degraded: 0 as const, over_max_response_time: 0 as const, detail: null, created_at: at + 20,
      };
      await db.insertInto("check_results").values(result).execute();
      return (await onFinalResult(db, check, result))[0];
    };

    const onSummary: number[] = [];
    const onPage: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const decision = await final(true);
      if (decision?.outcome !== "opened" || !decision.incidentId) throw new Error(`run ${i} opened nothing: ${JSON.stringify(decision)}`);
      const id = decision.incidentId;
      // Alternate readers, each polled alone, so neither figure carries the other's render.
      if (i % 2 === 0) await waitFor("the incident in summary.json", async () => (await summaryIncidentNames(server.url)).includes(setup.ruleName), 10_000);
      else await waitFor("the incident on the page", async () => (await pageHtml(server.url)).includes(`/incidents/${id}`), 10_000);
      (i % 2 === 0 ? onSummary : onPage).push(performance.now() - t0);
      const resolved = await final(false);
      if (resolved?.outcome !== "resolved") throw new Error(`run ${i} resolved nothing: ${JSON.stringify(resolved)}`);
      await waitFor("the resolution in summary.json", async () => !(await summaryIncidentNames(server.url)).includes(setup.ruleName), 10_000);
    }
    const health: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      await (await fetch(`${server.url}/healthz`)).text();
      health.push(performance.now() - t0);
    }
    line(`FINAL result → incident on the page (PostgreSQL + Redis, runner in its own process), n=${N}, pages polled every 100 ms, load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    for (const [what, s] of [["summary.json", stats(onSummary)], ["page HTML", stats(onPage)], ["reference: GET /healthz", stats(health)]] as const) {
      const verdict = what.startsWith("reference") ? "" : s.median <= GOAL_MEDIAN ? "meets" : "MISSES";
      line(`  ${what.padEnd(26)} median ${fmt(s.median).padStart(7)} ms  p90 ${fmt(s.p90).padStart(7)} ms  max ${fmt(s.max).padStart(7)} ms  ${verdict}${verdict ? ` (goal median ≤ ${GOAL_MEDIAN} ms)` : ""}`);
    }
    await db.destroy();
  } finally {
    await generations.close();
    await server.stop();
    await schema.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
