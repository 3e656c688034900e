/**
 * Runs before each integration test file: gives the file a store of its own, so files run in
 * parallel and runs never collide. SQLite: a fresh file. PostgreSQL: a fresh schema in `test`.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import "./fresh-file";
import { PG_BASE_URL } from "./pg-url";

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
