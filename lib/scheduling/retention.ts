import "server-only";
import type { Db } from "@/lib/db";
import { DAY_MS } from "@/lib/time/units";
import * as q from "./queries";

export interface PruneOptions {
  now: number;
  retentionDays: number;
  /** rows per DELETE: small, so the write lock (SQLite) or the row locks (PostgreSQL) are held briefly */
  batch?: number;
  /** at most this many batches per call; the rest waits for the next call */
  maxBatches?: number;
  /** SQLite pages handed back per call when the file is INCREMENTAL */
  vacuumPages?: number;
}

/** Deletes raw results older than the retention in small batches, then lets SQLite give the space back. */
export async function pruneResults(db: Db, o: PruneOptions): Promise<{ deleted: number; reclaimedPages: number }> {
  const before = o.now - o.retentionDays * DAY_MS;
  const batch = o.batch ?? 1000;
  let deleted = 0;
  for (let i = 0; i < (o.maxBatches ?? 20); i++) {
    const n = await q.pruneResultsBatch(db, before, batch);
    deleted += n;
    if (n < batch) break;
  }
  const reclaimedPages = deleted > 0 ? await q.reclaimSqlitePages(db, o.vacuumPages ?? 2000) : 0;
  return { deleted, reclaimedPages };
}
