/**
 * Migration 008 (the scheduler's index on maintenance occurrences) on a database written by release 0.1: the
 * index exists, and the scheduler moves the release's windows at their times, once, with the history saying so.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { upgradedFromRelease } from "@/tests/setup/release-fixture";
import { advanceMaintenance, SCHEDULER_ACTOR } from "@/lib/maintenance/scheduler";
import { dialectOf, type Db } from "@/lib/db";

let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

async function indexNames(): Promise<string[]> {
  if (dialectOf(db) === "postgres") {
    const r = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'maintenance_occurrences' and schemaname = current_schema()`.execute(db);
    return r.rows.map((x) => x.indexname);
  }
  const r = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'maintenance_occurrences'`.execute(db);
  return r.rows.map((x) => x.name);
}

describe("the maintenance scheduler after the upgrade from release 0.1", () => {
  it("adds the index the scheduler reads through", async () => {
    expect(await indexNames()).toContain("maintenance_occurrences_due");
  });

  it("starts and completes the release's windows at their times, once each", async () => {
    const windows = await db.selectFrom("maintenance_windows").selectAll().orderBy("id").execute();
    expect(windows.length).toBeGreaterThan(0);
    // The first start of any release window (they all start at the same instant), and a minute after it.
    const start = Math.min(...windows.map((w) => w.starts_at));
    const end = Math.min(...windows.filter((w) => w.starts_at === start).map((w) => w.ends_at));
    await advanceMaintenance(db, start + 60_000);
    await advanceMaintenance(db, start + 60_000);
    const started = await db.selectFrom("maintenance_occurrences").selectAll().where("starts_at", "=", start).execute();
    expect(started.length).toBe(windows.filter((w) => w.starts_at === start).length);
    expect(started.every((o) => o.status === "IN_PROGRESS")).toBe(true);

    await advanceMaintenance(db, end + 60_000);
    const updates = await db.selectFrom("maintenance_updates").selectAll().where("occurrence_id", "in", started.map((o) => o.id)).orderBy("created_at").execute();
    expect(updates).toHaveLength(started.length * 2);
    expect(updates.every((u) => u.actor_type === SCHEDULER_ACTOR.type && u.actor_id === SCHEDULER_ACTOR.id)).toBe(true);
    const after = await db.selectFrom("maintenance_occurrences").select("status").where("id", "in", started.map((o) => o.id)).execute();
    expect(after.map((o) => o.status)).toEqual(started.map(() => "COMPLETED"));
  });
});
