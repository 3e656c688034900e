import "server-only";
import { CompiledQuery, PostgresAdapter, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type Kysely, type DialectAdapter, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement } from "kysely";

/** SQLite DDL is transactional; Kysely's adapter says otherwise, which would run migrations outside a transaction. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  /** read by dialectOf: a property survives where class identity does not (see there) */
  readonly heliographDialect = "sqlite";
  override get supportsTransactionalDdl() {
    return true;
  }
}

/**
 * Write transactions take the write lock up front (BEGIN IMMEDIATE): a deferred transaction that upgrades
 * from read to write can fail with SQLITE_BUSY at once, ignoring busy_timeout, when a worker process shares the file.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export class HeliographSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

/**
 * Kysely prepares every query anew, and for the small indexed reads a page makes SQLite's prepare costs as much
 * as running them (profiled: better-sqlite3's prepare was the largest database cost of an uncached page). The
 * same SQL text reuses its statement; SQLite re-prepares it by itself after a schema change. Bounded: the least
 * recently used statement goes when full (queries with IN lists of varying length make many texts). Kysely runs
 * one query at a time on its single SQLite connection, so a statement is never iterated twice at once.
 */
export function withStatementCache(db: SqliteDatabase, size = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      db.close();
    },
    prepare(sql: string) {
      let stmt = statements.get(sql);
      if (stmt) statements.delete(sql);
      else {
        stmt = db.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, stmt);
      return stmt;
    },
  };
}

export type DialectName = "sqlite" | "postgres";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema and for transactions
export function dialectOf(db: Kysely<any>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return "postgres";
  // The production build holds more than one copy of kysely (the database is made in one module graph and used
  // from route bundles), where `instanceof` is false for a PostgreSQL adapter too: only ours is SQLite.
  return (adapter as { heliographDialect?: string }).heliographDialect === "sqlite" || adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
}
