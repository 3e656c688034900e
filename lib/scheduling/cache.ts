import type { CheckRow } from "@/lib/db/types";
import type { EffectiveCheck } from "@/lib/checks/types";
import type { ResolveCheck } from "./types";

/*
 * Effective checks kept for `ttlMs`, keyed by the row's id, updated_at and switch: the planner resolves a check just
 * before its slot and the runner of the same process reuses it. An edit of the check itself is seen at once; its
 * group's, variables' or account's settings at most `ttlMs` late. Failures are not kept.
 */
export function cachedResolve(resolve: ResolveCheck, o: { ttlMs: number; now?: () => number }): ResolveCheck {
  const now = o.now ?? Date.now;
  const kept = new Map<string, { at: number; check: Promise<EffectiveCheck | null> }>();
  let swept = now();
  const keyOf = (row: CheckRow) => `${row.id}:${Number(row.updated_at)}:${Number(row.activated)}`;

  return (db, row) => {
    const at = now();
    if (at - swept >= o.ttlMs) {
      swept = at;
      for (const [k, v] of kept) if (at - v.at >= o.ttlMs) kept.delete(k);
    }
    const key = keyOf(row);
    const hit = kept.get(key);
    if (hit && at - hit.at < o.ttlMs) return hit.check.then((c) => (c ? { ...c, row } : c));
    const check = resolve(db, row);
    kept.set(key, { at, check });
    check.catch(() => kept.delete(key));
    return check;
  };
}
