import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import type { CheckRow } from "@/lib/db/types";
import type { EffectiveCheck } from "@/lib/checks/types";
import { cachedResolve } from "@/lib/scheduling/cache";

const row = (over: Partial<CheckRow> = {}) => ({ id: "c1", updated_at: 1, activated: 1, next_run_at: 0, ...over }) as CheckRow;
const db = {} as Db;

function counting() {
  const calls: CheckRow[] = [];
  const resolve = async (_db: Db, r: CheckRow) => {
    calls.push(r);
    return { row: r, name: `v${calls.length}` } as unknown as EffectiveCheck;
  };
  return { calls, resolve };
}

describe("cachedResolve", () => {
  it("reuses a check within the TTL, with the row it is asked with", async () => {
    let t = 0;
    const { calls, resolve } = counting();
    const cached = cachedResolve(resolve, { ttlMs: 10_000, now: () => t });
    await cached(db, row());
    t = 9_999;
    const again = await cached(db, row({ next_run_at: 60_000 }));
    expect(calls).toHaveLength(1);
    expect(again?.name).toBe("v1");
    expect(again?.row.next_run_at).toBe(60_000);
  });

  it("resolves again after the TTL, after an edit of the check, and after its switch moved", async () => {
    let t = 0;
    const { calls, resolve } = counting();
    const cached = cachedResolve(resolve, { ttlMs: 10_000, now: () => t });
    await cached(db, row());
    t = 10_000;
    expect((await cached(db, row()))?.name).toBe("v2");
    expect((await cached(db, row({ updated_at: 2 })))?.name).toBe("v3");
    expect((await cached(db, row({ updated_at: 2, activated: 0 })))?.name).toBe("v4");
    expect(calls).toHaveLength(4);
  });

  it("does not keep a failure", async () => {
    let fail = true;
    const cached = cachedResolve(async (_db, r) => {
      if (fail) throw new Error("unreadable");
      return { row: r } as EffectiveCheck;
    }, { ttlMs: 10_000, now: () => 0 });
    await expect(cached(db, row())).rejects.toThrow("unreadable");
    fail = false;
    await expect(cached(db, row())).resolves.toBeTruthy();
  });
});
