/**
 * `npm run bench:results [-- --rows N --store sqlite|postgres|both --duration S --connections C --keep]`: GET /v2/check-results
 * p50/p99 (wrk) over N SQL-generated rows (default 10M) on SQLite and PostgreSQL (127.0.0.1:5432/test, a fresh schema), beside a
 * same-run reference, with the disk they take. Goal: p99 ≤ 20 ms. Prints figures and query plans; asserts nothing about timing.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { rmSync, statSync, existsSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { ROOT, buildOnce, startServer, type RunningServer } from "../e2e/harness";
import { PG_BASE_URL, freshSchema } from "../e2e/cache-pg";
import { runAppScript } from "./lib/app-script";
import { TOOL, fmt, load, type LoadResult } from "./lib/load";
import { detailTemplates, generatePostgres, generateSqlite, type Plan } from "./lib/results-rows";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "10000000" },
    checks: { type: "string", default: "100" },
    days: { type: "string", default: "30" },
    store: { type: "string", default: "both" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "4" },
    keep: { type: "boolean", default: false },
  },
});
const ROWS = Number(args.rows);
const CHECKS = Number(args.checks);
const DAYS = Number(args.days);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const GOAL_P99 = 20;
const SERVER_ENV = { HELIOGRAPH_API_RATE_LIMIT: "1000000", HELIOGRAPH_WORKER: "false", HELIOGRAPH_DEMO: "false", LOG_LEVEL: "warn" };

const line = (s = "") => process.stdout.write(`${s}\n`);
const load3 = () => loadavg().map((l) => l.toFixed(2)).join(" ");
const mb = (n: number) => `${fmt(n / 1024 ** 2, 0)} MB`;
const secs = (t0: number) => `${fmt((performance.now() - t0) / 1000, 0)} s`;

interface Store {
  name: "sqlite" | "postgres";
  env: Record<string, string>;
  /** rows in, statistics as a real install has them; returns bytes on disk */
  generate(plan: Plan): Promise<number>;
  explain(sql: string, params: unknown[]): Promise<string>;
  cleanup(): Promise<void>;
}

function sqliteStore(): Store {
  const dir = join(ROOT, "tests/.tmp");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `bench-results-${randomUUID()}.db`);
  const files = [file, `${file}-wal`, `${file}-shm`];
  const size = () => files.reduce((a, f) => a + (existsSync(f) ? statSync(f).size : 0), 0);
  return {
    name: "sqlite",
    env: { HELIOGRAPH_SQLITE_PATH: file },
    async generate(plan) {
      const db = new Database(file);
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      const t0 = performance.now();
      generateSqlite(db, plan, await detailTemplates(), (n) => process.stdout.write(`\r  generated ${n.toLocaleString("en")} rows (${secs(t0)})`));
      line();
      // The server never runs ANALYZE on SQLite, so a real file has no statistics: measured as it is. The WAL is
      // checkpointed into the file so the size counts each page once.
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
      return size();
    },
    async explain(sql, params) {
      const db = new Database(file, { readonly: true });
      try {
        const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as unknown[])) as { detail: string }[];
        return rows.map((r) => r.detail).join("\n");
      } finally {
        db.close();
      }
    },
    async cleanup() {
      if (args.keep) {
        line(`  kept ${file}`);
        return;
      }
      for (const f of files) rmSync(f, { force: true });
    },
  };
}

async function postgresStore(): Promise<Store> {
  const schema = await freshSchema();
  const client = async () => {
    const c = new pg.Client({ connectionString: schema.url() });
    await c.connect();
    return c;
  };
  return {
    name: "postgres",
    env: { DATABASE_URL: schema.url(), HELIOGRAPH_ENCRYPTION_KEY: randomBytes(32).toString("hex") },
    async generate(plan) {
      const c = await client();
      try {
        await c.query("SET synchronous_commit = off");
        const t0 = performance.now();
        await generatePostgres(c, plan, await detailTemplates(), (n) => process.stdout.write(`\r  generated ${n.toLocaleString("en")} rows (${secs(t0)})`));
        line();
        // What autovacuum does on its own over 30 days of inserts: visibility map set, statistics current.
        const t1 = performance.now();
        await c.query("VACUUM (ANALYZE) check_results");
        line(`  VACUUM ANALYZE: ${secs(t1)}`);
        return Number((await c.query("SELECT pg_total_relation_size('check_results') AS n")).rows[0].n);
      } finally {
        await c.end();
      }
    },
    async explain(sql, params) {
      const c = await client();
      try {
        let k = 0;
        const text = sql.replace(/\?/g, () => `$${++k}`);
        const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        return r.rows.map((x) => x["QUERY PLAN"]).join("\n");
      } finally {
        await c.end();
      }
    },
    async cleanup() {
      if (args.keep) {
        line(`  kept schema ${schema.schema} in ${PG_BASE_URL}`);
        return;
      }
      await schema.drop();
    },
  };
}

async function api(s: RunningServer, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The SQL listResults (lib/results/queries.ts) sends for these filters, for the plans printed under the figures. */
function listSql(f: { from?: number; to?: number; hasFailures?: boolean; after?: { startedAt: number; id: string } }): [string, unknown[]] {
  const where: [string, unknown[]][] = [[`"check_id" = ? and "account_id" = ?`, []]];
  if (f.from !== undefined) where.push([`"started_at" >= ?`, [f.from]]);
  if (f.to !== undefined) where.push([`"started_at" < ?`, [f.to]]);
  if (f.hasFailures !== undefined) where.push([`"has_failures" = ?`, [f.hasFailures ? 1 : 0]]);
  where.push([`"result_type" = ?`, ["FINAL"]]);
  if (f.after) where.push([`("started_at", "id") < (?, ?)`, [f.after.startedAt, f.after.id]]);
  const sql = `select * from "check_results" where ${where.map(([w]) => w).join(" and ")} order by "started_at" desc, "id" desc limit ?`;
  return [sql, [...where.flatMap(([, p]) => p), 101]];
}

async function measureStore(store: Store) {
  line();
  line(`== ${store.name}: ${ROWS.toLocaleString("en")} rows over ${CHECKS} checks × ${DAYS} days (load average ${load3()})`);
  const env = { ...SERVER_ENV, ...store.env };
  // A migrated empty store, one account and its key (bench-accounts.ts migrates through getReadyDb).
  const [{ accountId, key }] = JSON.parse(runAppScript("tests/bench/lib/bench-accounts.ts", ["1"], env)) as { accountId: string; key: string }[];
  let s = await startServer({ env });
  const checkIds: string[] = [];
  try {
    for (let i = 0; i < CHECKS; i++) {
      const check = await api(s, key, "POST", "/v1/checks/api", {
        name: `Bench API ${i + 1}`, activated: false, frequency: 1, locations: ["eu-central-1"],
        request: { method: "GET", url: `https://api.example.com/v1/health?n=${i}`, assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }] },
      });
      checkIds.push(String(check.id));
    }
  } finally {
    await s.stop();
  }
  const t0 = Date.parse("2026-10-01T00:00:00.000Z");
  const plan: Plan = { rows: ROWS, checkIds, accountId, t0, days: DAYS };
  const tg = performance.now();
  const bytes = await store.generate(plan);
  line(`  generation + statistics: ${secs(tg)}; disk ${mb(bytes)} = ${mb((bytes / ROWS) * 1e6)} per million rows, ${fmt(bytes / ROWS, 0)} bytes per row (load average ${load3()})`);

  s = await startServer({ env });
  const rows: LoadResult[] = [];
  const plans: [string, string][] = [];
  try {
    const check = checkIds[Math.floor(CHECKS / 2)];
    const base = `/v2/check-results/${check}`;
    const first = await api(s, key, "GET", `${base}?limit=100`);
    const entries = first.entries as { id: string; startedAt: string }[];
    const last = entries[entries.length - 1];
    const mid = Math.floor((t0 + (DAYS * 86_400_000) / 2) / 1000);
    // A cursor half-way back: a cursor's bound must be a range on the index, or deep pages read every later row.
    const half = await api(s, key, "GET", `${base}?limit=100&to=${mid}`);
    const halfLast = (half.entries as { id: string; startedAt: string }[]).at(-1)!;
    const cases: [string, string, Parameters<typeof listSql>[0]][] = [
      ["newest 100", `${base}?limit=100`, {}],
      ["from/to one day, 100", `${base}?limit=100&from=${mid}&to=${mid + 86_400}`, { from: mid * 1000, to: (mid + 86_400) * 1000 }],
      ["nextId page 2, 100", `${base}?limit=100&nextId=${encodeURIComponent(String(first.nextId))}`, { after: { startedAt: Date.parse(last.startedAt), id: last.id } }],
      ["nextId mid-month, 100", `${base}?limit=100&nextId=${encodeURIComponent(String(half.nextId))}`, { after: { startedAt: Date.parse(halfLast.startedAt), id: halfLast.id } }],
      ["hasFailures=true, 100", `${base}?limit=100&hasFailures=true`, { hasFailures: true }],
    ];
    const headers = { authorization: `Bearer ${key}` };
    const o = { connections: CONNECTIONS, durationS: DURATION, warmupS: 3, headers, timeoutS: 30 };
    rows.push(await load("reference /healthz", `${s.url}/healthz`, o, s.proc.pid));
    rows.push(await load("reference GET /v1/checks/{id}", `${s.url}/v1/checks/${check}`, o, s.proc.pid));
    for (const [name, path, f] of cases) {
      const got = await api(s, key, "GET", path);
      line(`  ${name}: ${(got.entries as unknown[]).length} entries`);
      rows.push(await load(`results ${name}`, `${s.url}${path}`, o, s.proc.pid));
      const [sql, params] = listSql(f);
      plans.push([name, await store.explain(sql, [check, accountId, ...params])]);
    }
  } finally {
    await s.stop();
  }
  line(`  ${`case (${TOOL} -t2 -c${CONNECTIONS}, ${DURATION} s)`.padEnd(44)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"RSS MB".padStart(7)} errors  goal p99 ≤ ${GOAL_P99} ms`);
  for (const r of rows) {
    const verdict = r.name.startsWith("results") ? (r.p99 <= GOAL_P99 ? "meets" : "MISSES") : "";
    line(`  ${r.name.padEnd(44)} ${fmt(r.rps, 0).padStart(8)} ${fmt(r.p50, 2).padStart(8)} ${fmt(r.p99, 2).padStart(8)} ${String(r.rssMb ?? "-").padStart(7)} ${String(r.errors + r.non2xx).padStart(6)}  ${verdict}`);
  }
  for (const [name, text] of plans) line(`  plan, ${name}:\n${text.replace(/^/gm, "    ")}`);
  line(`  (load average ${load3()})`);
}

async function main() {
  if (!Number.isInteger(ROWS) || ROWS < CHECKS || !Number.isInteger(CHECKS) || CHECKS < 1) throw new Error("--rows and --checks must be integers, rows ≥ checks");
  await buildOnce();
  line(`bench:results — ${new Date().toISOString()} — ${ROWS.toLocaleString("en")} rows; load average at start ${load3()}`);
  const names = args.store === "both" ? ["sqlite", "postgres"] : [args.store];
  for (const name of names) {
    const store = name === "sqlite" ? sqliteStore() : name === "postgres" ? await postgresStore() : undefined;
    if (!store) throw new Error(`--store ${name}: sqlite, postgres or both`);
    try {
      await measureStore(store);
    } finally {
      await store.cleanup();
    }
  }
  line(`load average at end ${load3()}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
