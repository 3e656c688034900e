/**
 * Fuzzing of every /v1 operation in `/openapi.json` (fast-check from its JSON Schemas), dealt to the shard files so
 * they run in parallel: never a 5xx, every 4xx an error envelope, nothing half-written, no prototype polluted, valid
 * cases reach the verb. HELIOGRAPH_FUZZ_SEED=<n> replays a run.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureRateLimit } from "@/lib/http/rate-limit";
import { ErrorEnvelope } from "@/lib/http/wire";
import type { Db } from "@/lib/db";
import type { ApiResponse } from "../api/client";
import { STORE, tenant } from "../api/fixtures";
import { caseArbitrary, send, validCase, type Case } from "./fuzz-cases";
import { operations } from "./openapi";
import { freshParams, poolParams, seedPool } from "./fuzz-targets";
import { generatedCases } from "../../setup/generated-cases";

// The stores draw different cases (PostgreSQL's seed is shifted), so together they explore more than one store twice.
const SEED = Number(process.env.HELIOGRAPH_FUZZ_SEED ?? (STORE === "postgres" ? 20261128 : 20261122));
// 100 cases per operation reach, at SQLite's seed, every kind of case on every operation and 94 % of the (operation,
// status) answers of its own code that 200 reach; PostgreSQL, where a case costs three times as much, adds 50 of its own.
const RUNS = Number(process.env.HELIOGRAPH_FUZZ_RUNS ?? (STORE === "postgres" ? generatedCases(50, 500) : generatedCases(100, 500)));
/** HELIOGRAPH_FUZZ_WHY=1: the report lists each operation's most frequent 400 messages (why valid-shaped cases fail). */
const WHY = process.env.HELIOGRAPH_FUZZ_WHY === "1";
/** Concurrent valid cases per operation after the sequential ones. */
const BURST = 16;
/** Share of an operation's cases that must answer 2xx: well below what valid-shaped cases reach. */
const MIN_SUCCESS_SHARE = 0.25;

const CHILDREN: [string, string, string][] = [
  ["cards", "status_page_id", "status_pages"],
  ["card_services", "card_id", "cards"],
  ["card_services", "service_id", "services"],
  ["status_page_keys", "status_page_id", "status_pages"],
  ["incident_services", "incident_id", "incidents"],
  ["incident_services", "service_id", "services"],
  ["incident_updates", "incident_id", "incidents"],
  ["subscribers", "status_page_id", "status_pages"],
  ["subscriber_services", "subscriber_id", "subscribers"],
];

/** Every table's rows that belong to the account, in one round trip. */
async function counts(db: Db, accountId: string): Promise<Record<string, number>> {
  const page = sql`select id from status_pages where account_id = ${accountId}`;
  const incident = sql`select id from incidents where account_id = ${accountId}`;
  const subscriber = sql`select id from subscribers where status_page_id in (${page})`;
  const of: Record<string, ReturnType<typeof sql>> = {
    api_keys: sql`api_keys where account_id = ${accountId}`,
    status_pages: sql`status_pages where account_id = ${accountId}`,
    services: sql`services where account_id = ${accountId}`,
    incidents: sql`incidents where account_id = ${accountId}`,
    maintenance_windows: sql`maintenance_windows where account_id = ${accountId}`,
    cards: sql`cards where status_page_id in (${page})`,
    card_services: sql`card_services where card_id in (select id from cards where status_page_id in (${page}))`,
    status_page_keys: sql`status_page_keys where status_page_id in (${page})`,
    subscribers: sql`subscribers where status_page_id in (${page})`,
    subscriber_services: sql`subscriber_services where subscriber_id in (${subscriber})`,
    notification_deliveries: sql`notification_deliveries where subscriber_id in (${subscriber})`,
    incident_services: sql`incident_services where incident_id in (${incident})`,
    incident_updates: sql`incident_updates where incident_id in (${incident})`,
    checks: sql`checks where account_id = ${accountId}`,
    check_tags: sql`check_tags where account_id = ${accountId}`,
    check_variables: sql`check_variables where account_id = ${accountId}`,
    check_groups: sql`check_groups where account_id = ${accountId}`,
    automation_rules: sql`automation_rules where account_id = ${accountId}`,
  };
  const cols = sql.join(Object.entries(of).map(([name, from]) => sql`(select count(*) from ${from}) as ${sql.ref(name)}`));
  const { rows } = await sql<Record<string, number | string>>`select ${cols}`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

async function orphans(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const [child, fk, parent] of CHILDREN) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(child)} c where not exists (select 1 from ${sql.table(parent)} p where p.id = c.${sql.ref(fk)})`.execute(db);
    if (Number(rows[0].n) > 0) out.push(`${rows[0].n} ${child} rows without their ${parent}`);
  }
  return out;
}

/** What is wrong with an answer, or null. */
function problemWith(res: ApiResponse): string | null {
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 300)}`;
  if (res.status === 204) return null;
  if (!/^application\/json\b/.test(res.headers.get("content-type") ?? "")) return `${res.status} with content type ${res.headers.get("content-type")}`;
  if (res.status >= 400) {
    const env = ErrorEnvelope.safeParse(res.body);
    if (!env.success || env.data.statusCode !== res.status) return `${res.status} not in the error envelope: ${res.text.slice(0, 300)}`;
  }
  return null;
}

const describeCase = (c: Case) => JSON.stringify(c, (_, v) => (typeof v === "string" && v.length > 120 ? `${v.slice(0, 60)}…(${v.length} chars)` : v));

/** Operations whose valid cases each get a new target: a DELETE, and key creation (25 keys per page at most). */
const FRESH = new Set([...operations().filter((o) => o.method === "DELETE").map((o) => o.id), "createStatusPageKey"]);

/** Fuzzes the operations whose index in the document is `shard` modulo `of` (shards count from 0). */
export function fuzzShard(shard: number, of: number): void {
  const report: string[] = [];
  const ops = operations();
  const name = `${STORE}, shard ${shard + 1} of ${of}`;

  beforeAll(() => {
    configureRateLimit({ points: 1_000_000, durationSeconds: 60, store: "memory" });
    console.log(`fuzz-api (${name}): seed ${SEED}, ${RUNS} cases per operation; replay with HELIOGRAPH_FUZZ_SEED=${SEED}`);
  });

  afterAll(() => {
    configureRateLimit();
    console.log(`fuzz-api (${name}) cases per operation, answered 2xx:\n${report.filter(Boolean).join("\n")}`);
  });

  describe(`fuzzing every /v1 operation of /openapi.json (${name})`, () => {
    it("has every operation of the document to fuzz", () => {
      expect(ops.length).toBeGreaterThanOrEqual(41);
    });

    // HELIOGRAPH_FUZZ_ONLY=<regex> fuzzes only the operations whose id or path it matches (a replay, a new surface).
    const only = process.env.HELIOGRAPH_FUZZ_ONLY ? new RegExp(process.env.HELIOGRAPH_FUZZ_ONLY) : null;
    ops.forEach((op, index) => {
      if (index % of !== shard || (only && !only.test(`${op.id} ${op.path}`))) return;
      it(`${op.method} ${op.path} (${op.id})`, async () => {
        const t = await tenant(`Fuzz ${op.id}`);
        const pool = await seedPool(t);
        const cases = fc.sample(caseArbitrary(op, pool), { numRuns: RUNS, seed: SEED + index });
        const problems: string[] = [];
        const statuses = new Map<number, number>();
        const refusals = new Map<string, number>();
        let success = 0;
        let rows = await counts(t.db, t.accountId);
        for (const c of cases) {
          const params = c.target !== "pool" ? c.target : FRESH.has(op.id) ? await freshParams(op, t, pool) : poolParams(op, pool);
          if (FRESH.has(op.id)) rows = await counts(t.db, t.accountId);
          const res = await send(op, t, params, c);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (WHY && res.status === 400) refusals.set(String(res.body?.message).slice(0, 160), (refusals.get(String(res.body?.message).slice(0, 160)) ?? 0) + 1);
          const problem = problemWith(res);
          if (problem) problems.push(`${problem}\n    case: ${describeCase(c)}`);
          if (({} as Record<string, unknown>).polluted !== undefined) problems.push(`prototype polluted by ${describeCase(c)}`);
          if (res.status < 300) success += 1;
          if (op.method !== "GET") {
            const now = await counts(t.db, t.accountId);
            if (res.status >= 400 && JSON.stringify(now) !== JSON.stringify(rows)) problems.push(`${res.status} but rows changed: ${JSON.stringify(rows)} -> ${JSON.stringify(now)}\n    case: ${describeCase(c)}`);
            rows = now;
          }
        }
        // A burst of valid cases at once (a DELETE's targets each deleted twice): races answer 4xx, never 5xx.
        const burst = fc.sample(validCase(op, pool), { numRuns: BURST, seed: SEED + 1000 + index });
        const targets = await Promise.all(burst.slice(0, BURST / 2).map(() => (FRESH.has(op.id) ? freshParams(op, t, pool) : poolParams(op, pool))));
        const answers = await Promise.all(burst.map((c, i) => send(op, t, targets[i % targets.length], c)));
        answers.forEach((res, i) => {
          const problem = problemWith(res);
          if (problem) problems.push(`in a burst: ${problem}\n    case: ${describeCase(burst[i])}`);
        });
        problems.push(...(await orphans(t.db)));
        const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ");
        report[index] = `  ${op.id.padEnd(28)} ${cases.length} cases, ${success} 2xx (${Math.round((100 * success) / cases.length)} %)  [${histogram}]`;
        if (WHY) report[index] += [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([m, n]) => `\n      ${n}× ${m}`).join("");
        expect(problems.slice(0, 10), `${problems.length} problems`).toEqual([]);
        expect(success / cases.length, `2xx share of ${op.id}`).toBeGreaterThanOrEqual(MIN_SUCCESS_SHARE);
      }, 120_000);

    });
  });
}
