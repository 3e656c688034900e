import type { Integration } from "@/lib/db/types";

/** When silence makes the integration stale: its bound past the last thing heard (or its creation). */
export function staleAt(row: Pick<Integration, "stale_after_minutes" | "last_heard_at" | "created_at">): number | null {
  if (row.stale_after_minutes === null) return null;
  return (row.last_heard_at ?? row.created_at) + row.stale_after_minutes * 60_000;
}

export function isStale(row: Pick<Integration, "stale_after_minutes" | "last_heard_at" | "created_at">, now: number): boolean {
  const at = staleAt(row);
  return at !== null && now > at;
}
