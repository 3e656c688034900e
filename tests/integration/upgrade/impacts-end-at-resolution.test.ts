/**
 * Migration 016 on a database written by release 0.2: a resolved incident's impact windows that release left open or
 * set to end years ahead end at the resolution, so no page shows an outage without an incident; the open incident's
 * open window is left as it was.
 */
import { beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { loadReleaseFixture } from "@/tests/setup/release-fixture";
import type { Db } from "@/lib/db";

const AHEAD = 3 * 365 * 86_400_000;
let db: Db;
let spoiled: { impactId: string; resolvedAt: number }[];

/** In the release's own schema: one resolved incident's window ends years ahead, another's is left open. */
async function spoilInRelease(): Promise<{ impactId: string; resolvedAt: number }[]> {
  const pick = `select ii.id, i.resolved_at from incident_impacts ii join incidents i on i.id = ii.incident_id
    where i.resolved_at is not null order by ii.id limit 2`;
  const postgres = process.env.HELIOGRAPH_TEST_STORE === "postgres";
  const run = async (exec: (q: string, args: unknown[]) => Promise<unknown>, rows: { id: string; resolved_at: string | number }[]) => {
    await exec("update incident_impacts set ended_at = " + (postgres ? "$1 where id = $2" : "? where id = ?"), [Number(rows[0].resolved_at) + AHEAD, rows[0].id]);
    await exec("update incident_impacts set ended_at = null where id = " + (postgres ? "$1" : "?"), [rows[1].id]);
    return rows.map((r) => ({ impactId: r.id, resolvedAt: Number(r.resolved_at) }));
  };
  if (postgres) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      return await run((q, args) => c.query(q, args), (await c.query(pick)).rows);
    } finally {
      await c.end();
    }
  }
  const s = new Database(process.env.HELIOGRAPH_SQLITE_PATH!);
  try {
    return await run(async (q, args) => s.prepare(q).run(...args), s.prepare(pick).all() as { id: string; resolved_at: number }[]);
  } finally {
    s.close();
  }
}

beforeAll(async () => {
  await loadReleaseFixture("release-0.2");
  spoiled = await spoilInRelease();
  const { getReadyDb } = await import("@/lib/db");
  db = await getReadyDb();
});

describe("impact windows after the upgrade from release 0.2", () => {
  it("ends a resolved incident's windows at its resolution, those set ahead and those left open", async () => {
    expect(spoiled).toHaveLength(2);
    for (const { impactId, resolvedAt } of spoiled) {
      const row = await db.selectFrom("incident_impacts").select("ended_at").where("id", "=", impactId).executeTakeFirstOrThrow();
      expect(Number(row.ended_at)).toBe(resolvedAt);
    }
    const late = await db
      .selectFrom("incident_impacts")
      .innerJoin("incidents", "incidents.id", "incident_impacts.incident_id")
      .select(["incident_impacts.ended_at", "incidents.resolved_at"])
      .where("incidents.resolved_at", "is not", null)
      .execute();
    expect(late.length).toBeGreaterThan(2);
    expect(late.filter((r) => r.ended_at === null || Number(r.ended_at) > Number(r.resolved_at))).toEqual([]);
  });

  it("leaves the open incident's open windows open", async () => {
    const open = await db
      .selectFrom("incident_impacts")
      .innerJoin("incidents", "incidents.id", "incident_impacts.incident_id")
      .select("incident_impacts.id")
      .where("incidents.resolved_at", "is", null)
      .where("incident_impacts.ended_at", "is", null)
      .execute();
    expect(open.length).toBeGreaterThan(0);
  });
});
