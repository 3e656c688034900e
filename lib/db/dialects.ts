import "server-only";
import { CompiledQuery, PostgresAdapter, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type Kysely, type DialectAdapter, type SqliteDialectConfig } from "kysely";

/** SQLite DDL is transactional; Kysely's adapter says otherwise, which would run migrations outside a transaction. */
class TransactionalSqliteAdapter extends SqliteAdapter {
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

export type DialectName = "sqlite" | "postgres";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema and for transactions
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
