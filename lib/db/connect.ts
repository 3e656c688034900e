import "server-only";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, Migrator, sql, type MigrationProvider } from "kysely";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { ConfigError } from "@/lib/errors/config-error";
import { dialectOf, HeliographPostgresDialect, HeliographSqliteDialect, withStatementCache } from "./dialects";
import { migrations } from "./migrations";
import type { Database } from "./types";

export type Db = Kysely<Database>;

export interface DbConfig {
  /** postgres://… ; absent = SQLite */
  databaseUrl?: string;
  sqlitePath?: string;
  /** PostgreSQL pool size */
  poolSize?: number;
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's exact range.
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

export function createDb(config: DbConfig): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10, types: pgTypes, connectionTimeoutMillis: 10_000 });
    // An idle client losing its connection (database restart) must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    // A client cut while checked out (mid-query) fails its query (answered 503) and is dropped on release;
    // its 'error' event must not also surface as an uncaught exception.
    pool.on("connect", (client) => client.on("error", () => {}));
    return new Kysely<Database>({ dialect: new HeliographPostgresDialect({ pool }) });
  }
  const path = config.sqlitePath ?? "./data/heliograph.db";
  const file = path === ":memory:" ? path : resolve(/* turbopackIgnore: true */ path);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // WAL + busy timeout: the web process and a worker process share the file without "database is locked".
  // The timeout first: switching a new file to WAL takes a lock, which another process starting at the same
  // moment (migrating it) may hold; without a timeout the pragma fails at once (seen in CI).
  sqlite.pragma("busy_timeout = 5000");
  // Takes effect on a new file only (an existing one needs a VACUUM): pruned results' pages can then be handed back.
  sqlite.pragma("auto_vacuum = INCREMENTAL");
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  return new Kysely<Database>({ dialect: new HeliographSqliteDialect({ database: withStatementCache(sqlite) }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations, each once and in its own transaction; a second run does nothing. */
export async function migrate(db: Db): Promise<string[]> {
  // Kysely finds its migration tables in any schema unless told which: several schemas in one
  // PostgreSQL database (parallel test files) would otherwise take each other's for their own.
  const migrationTableSchema = dialectOf(db) === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Turns driver errors at start-up into one line an operator can act on. */
export function describeConnectError(err: unknown, config: DbConfig): ConfigError {
  const e = err as { code?: string; message?: string };
  const where = config.databaseUrl ? redact(config.databaseUrl) : resolve(/* turbopackIgnore: true */ config.sqlitePath ?? "./data/heliograph.db");
  const reason =
    e.code === "ECONNREFUSED" ? "connection refused" :
    e.code === "ENOTFOUND" ? "host not found" :
    e.code === "3D000" ? "database does not exist" :
    e.code === "28P01" || e.code === "28000" ? "authentication failed" :
    e.code === "ETIMEDOUT" ? "connection timed out" :
    (e.message ?? String(err)).split("\n")[0];
  return new ConfigError(`Cannot open the database at ${where}: ${reason}`);
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(malformed DATABASE_URL)";
  }
}

/** Names of migrations this build has that the database has not applied (readiness: "migrations current"). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrationTableSchema = dialectOf(db) === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const all = await new Migrator({ db, provider, migrationTableSchema }).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
