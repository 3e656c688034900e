/**
 * Result rows for `bench:results`, generated in SQL: the detail JSON is the scheduler's own (detailOf over a real
 * runCheck against a loopback peer), with sentinel numbers the SQL swaps for each row's timings. Rows are written
 * in time order across checks, as a scheduler writes them, so one check's rows are spread over the whole table.
 */
import http from "node:http";
import type Database from "better-sqlite3";
import type pg from "pg";
import { detailOf } from "@/lib/scheduling/record";
import { runCheck } from "@/lib/runners";

const DAY = 86_400_000;
const FIRST_BYTE = 909_091;
const TOTAL = 909_092;

export interface Plan {
  rows: number;
  checkIds: string[];
  accountId: string;
  /** the first run's start (epoch ms); rows span `days` from there */
  t0: number;
  days: number;
}

/** The three detail strings: a passing run without its body, one of the 1 in 20 keeping it, and a failing one. */
export async function detailTemplates(): Promise<{ pass: string; passBody: string; fail: string }> {
  const health = JSON.stringify({ status: "ok", version: "2.14.3", uptime: 1_209_600, checks: { database: "ok", cache: "ok", queue: { depth: 3, status: "ok" } } });
  const outage = `<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>${"The server is temporarily unable to service your request. ".repeat(16)}</p></body></html>`;
  const server = http.createServer((req, res) => {
    const down = req.url?.startsWith("/down");
    res.writeHead(down ? 503 : 200, {
      "content-type": down ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "cache-control": "no-store", "strict-transport-security": "max-age=63072000; includeSubDomains", "x-request-id": "7f3c2a9e-41b8-4d0c-9a6e-2b51c8d0e4f7",
      server: "nginx/1.25.4", vary: "Accept-Encoding", "x-content-type-options": "nosniff", etag: 'W/"a1-9f2c"',
    });
    res.end(down ? outage : health);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  const check = (path: string) => ({
    checkType: "API" as const,
    degradedResponseTime: 5000,
    maxResponseTime: 20000,
    request: { method: "GET" as const, url: `http://127.0.0.1:${port}${path}`, assertions: [{ source: "STATUS_CODE" as const, comparison: "EQUALS" as const, target: "200" }, { source: "JSON_BODY" as const, property: "$.status", comparison: "EQUALS" as const, target: "ok" }] },
  });
  try {
    const ok = await runCheck(check("/health"), { allowMetadata: false });
    const down = await runCheck(check("/down/health"), { allowMetadata: false });
    // Timings of a remote HTTPS target rather than loopback's zeros; two of them vary per row.
    for (const o of [ok, down]) {
      const r = o.apiCheckResult!.response;
      r.timingPhases = { wait: 1, dns: 12, tcp: 18, tls: 31, firstByte: FIRST_BYTE, download: 2, total: TOTAL };
      r.timings = { socket: 1, lookup: 13, connect: 31, secureConnect: 62, response: FIRST_BYTE, end: TOTAL };
      r.headers = { ...r.headers, date: "Tue, 20 Oct 2026 10:00:00 GMT" };
      o.apiCheckResult!.request.url = o.apiCheckResult!.request.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, "https://api.example.com");
    }
    return { pass: detailOf(ok, false)!, passBody: detailOf(ok, true)!, fail: detailOf(down, true)! };
  } finally {
    server.close();
  }
}

/**
 * The SELECT of one batch, rows [from, to): `i` → check i % C at slot i / C; 1 % failing (half of them an ATTEMPT
 * before their FINAL), 1 in 20 passing runs keeping the body. `n`, `uuid()` and the column types are the dialect's.
 */
function selectSql(p: Plan, uuid: string, series: string): string {
  const c = p.checkIds.length;
  const perCheck = Math.ceil(p.rows / c);
  const interval = Math.floor((p.days * DAY) / perCheck);
  const h = "((n.i * 2654435761) % 1000003)";
  const failing = `(${h} % 100 = 0)`;
  const rt = `(40 + ${h} % 170 + (CASE WHEN ${failing} THEN 900 ELSE 0 END))`;
  const started = `(${p.t0} + (n.i / ${c}) * ${interval} + (n.i % ${c}) * ${Math.floor(interval / c)} + ${h} % 997)`;
  const swap = (t: string) => `replace(replace(${t}, '${FIRST_BYTE}', CAST(${rt} - 3 AS TEXT)), '${TOTAL}', CAST(${rt} AS TEXT))`;
  return `SELECT ${uuid}, '${p.accountId}', ck.id, 'API', ${uuid},
      CASE WHEN ${h} % 200 = 0 THEN 0 ELSE 1 END, CASE WHEN ${h} % 200 = 0 THEN 'ATTEMPT' ELSE 'FINAL' END,
      'eu-central-1', ${started}, ${started}, ${started} + ${rt}, ${rt},
      CASE WHEN ${failing} THEN 1 ELSE 0 END, 0, 0, 0,
      CASE WHEN ${failing} THEN ${swap("t.fail")} WHEN ${h} % 20 = 1 THEN ${swap("t.pass_body")} ELSE ${swap("t.pass")} END,
      ${started} + ${rt}
    FROM ${series} JOIN bench_checks ck ON ck.idx = n.i % ${c} CROSS JOIN bench_templates t`;
}

const COLUMNS = "(id, account_id, check_id, check_type, sequence_id, attempt, result_type, run_location, check_run_id, started_at, stopped_at, response_time, has_failures, has_errors, is_degraded, over_max_response_time, detail, created_at)";
const BATCH = 250_000;
const SQLITE_UUID = `(lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))))`;

/** SQLite: a recursive CTE per batch, one transaction each; a large page cache so the uuid indexes stay in memory. */
export function generateSqlite(db: Database.Database, p: Plan, t: { pass: string; passBody: string; fail: string }, progress: (done: number) => void): void {
  db.pragma("cache_size = -1500000");
  db.exec("CREATE TEMP TABLE bench_checks (idx INTEGER PRIMARY KEY, id TEXT NOT NULL); CREATE TEMP TABLE bench_templates (pass TEXT, pass_body TEXT, fail TEXT)");
  const add = db.prepare("INSERT INTO bench_checks VALUES (?, ?)");
  p.checkIds.forEach((id, i) => add.run(i, id));
  db.prepare("INSERT INTO bench_templates VALUES (?, ?, ?)").run(t.pass, t.passBody, t.fail);
  const series = "n";
  const insert = db.prepare(`WITH RECURSIVE n(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?) INSERT INTO check_results ${COLUMNS} ${selectSql(p, SQLITE_UUID, series)}`);
  for (let from = 0; from < p.rows; from += BATCH) {
    db.transaction(() => insert.run(from, Math.min(p.rows, from + BATCH)))();
    progress(Math.min(p.rows, from + BATCH));
  }
  db.exec("DROP TABLE bench_checks; DROP TABLE bench_templates");
}

/** PostgreSQL: generate_series per batch, each its own statement. */
export async function generatePostgres(c: pg.Client, p: Plan, t: { pass: string; passBody: string; fail: string }, progress: (done: number) => void): Promise<void> {
  await c.query("CREATE TEMP TABLE bench_checks (idx bigint PRIMARY KEY, id uuid NOT NULL); CREATE TEMP TABLE bench_templates (pass text, pass_body text, fail text)");
  await c.query("INSERT INTO bench_checks SELECT i - 1, id FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, i)", [p.checkIds]);
  await c.query("INSERT INTO bench_templates VALUES ($1, $2, $3)", [t.pass, t.passBody, t.fail]);
  const batch = BATCH * 4;
  for (let from = 0; from < p.rows; from += batch) {
    const to = Math.min(p.rows, from + batch);
    await c.query(`INSERT INTO check_results ${COLUMNS} ${selectSql(p, "gen_random_uuid()", `generate_series(${from}::bigint, ${to - 1}::bigint) AS n(i)`)}`);
    progress(to);
  }
  await c.query("DROP TABLE bench_checks; DROP TABLE bench_templates");
}
