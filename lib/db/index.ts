import "server-only";
import { env } from "@/lib/env";
import { createDb, describeConnectError, migrate, type Db } from "./connect";

export { createDb, migrate, pendingMigrations, type Db } from "./connect";
export { dialectOf } from "./dialects";

const globalForDb = globalThis as unknown as { heliographDb?: Db; heliographReady?: Promise<Db> };

/** The process-wide database handle, configured from lib/env. */
export function getDb(): Db {
  globalForDb.heliographDb ??= createDb({ databaseUrl: env.DATABASE_URL, sqlitePath: env.HELIOGRAPH_SQLITE_PATH });
  return globalForDb.heliographDb;
}

/** Opens the database and applies migrations once per process; start-up failures become a one-line ConfigError. */
export function getReadyDb(): Promise<Db> {
  globalForDb.heliographReady ??= (async () => {
    const db = getDb();
    try {
      await migrate(db);
    } catch (err) {
      globalForDb.heliographReady = undefined;
      throw describeConnectError(err, { databaseUrl: env.DATABASE_URL, sqlitePath: env.HELIOGRAPH_SQLITE_PATH });
    }
    return db;
  })();
  return globalForDb.heliographReady;
}
