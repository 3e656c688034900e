/**
 * Loads the database of an earlier release (tests/fixtures/<release>/) into this test file's own
 * store, before anything migrates it, so an upgrade test starts from exactly what that release wrote.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

const FIXTURES = join(import.meta.dirname, "../fixtures");

export async function loadReleaseFixture(release = "release-0.1"): Promise<void> {
  const dir = join(FIXTURES, release);
  if (process.env.HELIOGRAPH_TEST_STORE === "postgres") {
    const url = new URL(process.env.DATABASE_URL!);
    const schema = /search_path=(\w+)/.exec(decodeURIComponent(url.searchParams.get("options") ?? ""))?.[1];
    if (!schema) throw new Error("no test schema in DATABASE_URL");
    const sql = readFileSync(join(dir, "postgres.sql"), "utf8")
      .split("\n")
      // psql meta-commands (pg_dump 15.x+ may write \restrict lines) and the schema creation: the test schema exists.
      .filter((l) => !l.startsWith("\\") && !/^CREATE SCHEMA /.test(l))
      .join("\n")
      .replaceAll(`${release.replaceAll(/[.-]/g, "_")}.`, `${schema}.`);
    url.search = "";
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(process.env.HELIOGRAPH_SQLITE_PATH!);
    try {
      db.exec(readFileSync(join(dir, "sqlite.sql"), "utf8"));
    } finally {
      db.close();
    }
  }
}

export interface ReleaseFixtureIds {
  accountId: string;
  pageId: string;
  privatePageId: string;
  /** the raw API key the release printed when it seeded the demo */
  apiKey: string;
  /** the fixed clock the fixture was seeded at (epoch ms) */
  now: number;
  /** release 0.2 on: the v3 demo page, its automation rule, and an Alertmanager integration with its raw token */
  v3PageId?: string;
  ruleId?: string;
  integrationId?: string;
  ingestToken?: string;
}

/** The ids and raw demo key of the fixture loaded into this store. */
export function releaseFixtureIds(release = "release-0.1"): ReleaseFixtureIds {
  const store = process.env.HELIOGRAPH_TEST_STORE === "postgres" ? "postgres" : "sqlite";
  return JSON.parse(readFileSync(join(FIXTURES, release, `${store}.json`), "utf8")) as ReleaseFixtureIds;
}

/** The fixture loaded into this store and migrated by the current code: what an operator's upgrade does. */
export async function upgradedFromRelease(release = "release-0.1") {
  await loadReleaseFixture(release);
  const { getReadyDb } = await import("@/lib/db");
  return getReadyDb();
}
