import "server-only";
import { CompiledQuery, PostgresAdapter, PostgresDialect, PostgresIntrospector, SqliteAdapter, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type DatabaseIntrospector, type DatabaseMetadataOptions, type Driver, type Kysely, type DialectAdapter, type SchemaMetadata, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement, type TableMetadata } from "kysely";

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

/*
 * Kysely's PostgreSQL introspection (its migrator asks it whether its tables exist) reads every schema of the
 * database by name: slow beside many schemas, and failing when one is dropped meanwhile. Heliograph's store is the
 * search path's first schema; only its tables are read, without columns (nothing here asks for them).
 */
class OwnSchemaIntrospector extends PostgresIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema
  readonly #db: Kysely<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  constructor(db: Kysely<any>) {
    super(db);
    this.#db = db;
  }
  override async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows.filter((r) => r.name !== null);
  }
  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(this.#db);
    const internal = (name: string) => name === "kysely_migration" || name === "kysely_migration_lock";
    return rows.filter((r) => options.withInternalKyselyTables || !internal(r.name)).map((r) => ({ name: r.name, schema: r.schema, isView: r.kind === "v", columns: [] }));
  }
}

export class HeliographPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any schema
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

/** What withStatementCache needs of a database: better-sqlite3's, whose statements can return rows as arrays. */
export interface RawCapableDatabase {
  close(): void;
  prepare(sql: string): SqliteStatement & { raw(on: boolean): unknown; columns(): { name: string }[] };
}

/**
 * Statements kept by SQL text, least recently used dropped: prepare cost as much as a page's small indexed reads, and
 * Kysely runs one query at a time on SQLite's one connection, so none is iterated twice at once. Rows come back as
 * arrays, made objects with column names read once per width (330 incidents × 13 columns: 2.6 → 1.9 ms).
 */
export function withStatementCache(db: RawCapableDatabase, size = 500): SqliteDatabase {
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
        stmt = arrayRows(sql, db.prepare(sql), () => statements.clear());
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, stmt);
      return stmt;
    },
  };
}

const DDL = /^\s*(create|alter|drop)\b/i;

function arrayRows(sql: string, stmt: ReturnType<RawCapableDatabase["prepare"]>, schemaChanged: () => void): SqliteStatement {
  if (!stmt.reader) {
    if (!DDL.test(sql)) return stmt;
    // Statements prepared before a schema change may name other columns now: start afresh after it.
    return {
      reader: false,
      all: (parameters) => stmt.all(parameters),
      iterate: (parameters) => stmt.iterate(parameters),
      run(parameters) {
        const result = stmt.run(parameters);
        schemaChanged();
        return result;
      },
    };
  }
  stmt.raw(true);
  let names: string[] = [];
  let assignable = true;
  const toObject = (row: unknown[]): Record<string, unknown> => {
    if (names.length !== row.length) {
      names = stmt.columns().map((c) => c.name);
      // An assignment to a column named __proto__ would set the object's prototype instead.
      assignable = !names.includes("__proto__");
    }
    const out: Record<string, unknown> = {};
    if (assignable) for (let i = 0; i < names.length; i++) out[names[i]] = row[i];
    else for (let i = 0; i < names.length; i++) Object.defineProperty(out, names[i], { value: row[i], enumerable: true, writable: true, configurable: true });
    return out;
  };
  return {
    reader: true,
    all(parameters) {
      const rows: unknown[] = stmt.all(parameters);
      for (let i = 0; i < rows.length; i++) rows[i] = toObject(rows[i] as unknown[]);
      return rows;
    },
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const row of stmt.iterate(parameters)) yield toObject(row as unknown[]);
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
