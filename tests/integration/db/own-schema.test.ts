import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrate, pendingMigrations } from "@/lib/db";
import { testDb } from "../../setup/db";
import { PG_BASE_URL } from "../../setup/pg-url";

// Other stores in the same PostgreSQL database (parallel test files, other deployments): the migrator looks at its
// own schema only, so another schema's tables neither fool it nor fail it when that schema is dropped meanwhile.
describe.runIf(process.env.HELIOGRAPH_TEST_STORE === "postgres")("one PostgreSQL schema among others", () => {
  it("introspects only the store's own schema, and migrates beside a schema dropped under it", async () => {
    const db = await testDb();
    const other = `other_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_BASE_URL });
    await admin.connect();
    try {
      await admin.query(`create schema ${other}; create table ${other}.kysely_migration (name varchar(255) primary key, timestamp varchar(255)); create table ${other}.incidents (id text)`);
      const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.length).toBeGreaterThan(20);
      expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
      expect(tables.map((t) => t.schema)).not.toContain(other);
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["kysely_migration", "incidents"]));
      expect((await db.introspection.getSchemas()).map((s) => s.name)).toEqual([tables[0].schema]);
      // Schemas come and go while the store migrates and reports its pending migrations: none of it is read.
      const churn = (async () => {
        for (let i = 0; i < 20; i++) await admin.query(`create schema ${other}_${i}; create table ${other}_${i}.t (id int); drop schema ${other}_${i} cascade`);
      })();
      for (let i = 0; i < 20; i++) {
        expect(await migrate(db)).toEqual([]);
        expect(await pendingMigrations(db)).toEqual([]);
      }
      await churn;
    } finally {
      await admin.query(`drop schema if exists ${other} cascade`);
      await admin.end();
    }
  });
});
