import "server-only";
import { env } from "@/lib/env";
import { processSlot } from "@/lib/runtime/process-state";
import { createDb, describeConnectError, migrate, type Db } from "./connect";

export { createDb, migrate, pendingMigrations, type Db } from "./connect";
export { dialectOf } from "./dialects";

const handle = processSlot<Db>("db");
const ready = processSlot<Promise<Db>>("db-ready");

/** The process-wide database handle, configured from lib/env. */
export function getDb(): Db {
  return handle.getOrCreate(() => createDb({ databaseUrl: env.DATABASE_URL, sqlitePath: env.HELIOGRAPH_SQLITE_PATH }));
}

/** Opens the database and applies migrations once per process; start-up failures become a one-line ConfigError. */
export function getReadyDb(): Promise<Db> {
  return ready.getOrCreate(async () => {
    const db = getDb();
    try {
      await migrate(db);
    } catch (err) {
      ready.set(undefined);
      throw describeConnectError(err, { databaseUrl: env.DATABASE_URL, sqlitePath: env.HELIOGRAPH_SQLITE_PATH });
    }
    return db;
  });
}
