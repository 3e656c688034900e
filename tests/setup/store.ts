/**
 * Runs before each integration test file: gives the file a store of its own, so files run in
 * parallel and runs never collide. SQLite: a fresh file. PostgreSQL: a fresh schema in `test`.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, vi } from "vitest";

// Files share a worker's loaded packages (isolate: false); each still starts from the worker's first environment,
// with the app's modules and process-wide state made afresh, so it reads its own store from the environment below.
const shared = globalThis as { [k: symbol]: unknown };
const FIRST_ENV = Symbol.for("heliograph.tests.first-env");
const first = (shared[FIRST_ENV] ??= { ...process.env }) as NodeJS.ProcessEnv;
for (const key of Object.keys(process.env)) if (!(key in first)) delete process.env[key];
Object.assign(process.env, first);
vi.resetModules();
(shared[Symbol.for("heliograph.process-state")] as Map<string, unknown> | undefined)?.clear();

export const PG_BASE_URL = process.env.HELIOGRAPH_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const store = process.env.HELIOGRAPH_TEST_STORE ?? "sqlite";
const suffix = randomUUID().replaceAll("-", "").slice(0, 12);

if (store === "postgres") {
  const schema = `t_${suffix}`;
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`PostgreSQL is not reachable at ${PG_BASE_URL}: ${(err as Error).message}. Start it (see README) — the PostgreSQL run does not skip silently.`);
  }
  await client.query(`create schema ${schema}`);
  await client.end();
  process.env.DATABASE_URL = `${PG_BASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  afterAll(async () => {
    const { closeTestDb } = await import("./db");
    await closeTestDb();
    const c = new pg.Client({ connectionString: PG_BASE_URL });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  });
} else {
  const dir = join(process.cwd(), "tests/.tmp");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${suffix}.db`);
  delete process.env.DATABASE_URL;
  process.env.HELIOGRAPH_SQLITE_PATH = file;
  afterAll(async () => {
    const { closeTestDb } = await import("./db");
    await closeTestDb();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  });
}
