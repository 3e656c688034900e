/**
 * Raw results older than the retention are pruned in small batches, newer ones kept; on SQLite (a file made with
 * auto_vacuum=INCREMENTAL, as createDb makes new files) the freed pages go back to the file system.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "@/lib/time/units";
import { pruneResults } from "@/lib/scheduling/retention";
import { account, insertCheck } from "./fixtures";

const STORE = process.env.HELIOGRAPH_TEST_STORE ?? "sqlite";

describe(`retention on ${STORE}`, () => {
  it("prunes results past the retention in batches, keeps the rest, and gives SQLite's pages back", async () => {
    const { db, accountId } = await account();
    const check = await insertCheck(db, accountId);
    const now = Date.UTC(2030, 5, 1);
    const body = "x".repeat(2000);
    const rows = Array.from({ length: 1200 }, (_, i) => {
      const at = i < 1000 ? now - 31 * DAY_MS + i : now - 29 * DAY_MS + i;
      return {
        id: crypto.randomUUID(), account_id: accountId, check_id: check.id, check_type: "API" as const, sequence_id: crypto.randomUUID(), attempt: 0,
        result_type: "FINAL" as const, run_location: "eu-central-1", check_run_id: at, started_at: at, stopped_at: at, response_time: 5,
        has_failures: 0 as const, has_errors: 0 as const, is_degraded: 0 as const, over_max_response_time: 0 as const, detail: JSON.stringify({ body }), created_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200) await db.insertInto("check_results").values(rows.slice(i, i + 200)).execute();

    const first = await pruneResults(db, { now, retentionDays: 30, batch: 300, maxBatches: 2 });
    expect(first.deleted).toBe(600);
    const second = await pruneResults(db, { now, retentionDays: 30, batch: 300, maxBatches: 10 });
    expect(second.deleted).toBe(400);
    const left = await db.selectFrom("check_results").select((eb) => eb.fn.countAll<number>().as("n")).where("check_id", "=", check.id).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(200);
    expect((await pruneResults(db, { now, retentionDays: 30 })).deleted).toBe(0);
    if (STORE === "sqlite") {
      expect(Number((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db)).rows[0].auto_vacuum)).toBe(2);
      expect(first.reclaimedPages + second.reclaimedPages).toBeGreaterThan(100);
      expect(Number((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db)).rows[0].freelist_count)).toBeLessThan(50);
    } else {
      expect(first.reclaimedPages + second.reclaimedPages).toBe(0);
    }
  });
});
