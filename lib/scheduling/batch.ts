import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import type { CheckJobsTable, CheckResultRow, CheckResultsTable } from "@/lib/db/types";
import * as q from "./queries";

/** One finished attempt waiting for the next group commit. */
export interface Pending {
  jobId: string;
  result: Insertable<CheckResultsTable>;
  retry: Insertable<CheckJobsTable> | null;
}

export interface Recorder {
  /** Stores the attempt with the others finished within the window; answers the stored row, null when recorded before. */
  record(p: Pending): Promise<CheckResultRow | null>;
  /** Writes what is waiting now. */
  flush(): Promise<void>;
}

/*
 * Group commit: attempts that finish within `windowMs` of each other are written in one transaction (each still
 * idempotent by sequence and attempt, queries.recordAttempts), so a busy runner pays one commit per batch, not per run.
 */
export function createRecorder(db: Db, o: { windowMs?: number; max?: number } = {}): Recorder {
  const windowMs = o.windowMs ?? 5;
  const max = o.max ?? 100;
  let waiting: { p: Pending; done: (r: CheckResultRow | null) => void; fail: (e: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | null = null;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    try {
      const stored = await q.recordAttempts(db, batch.map((b) => b.p));
      batch.forEach((b, i) => b.done(stored[i]));
    } catch (err) {
      for (const b of batch) b.fail(err);
    }
  }

  return {
    flush,
    record(p) {
      return new Promise((done, fail) => {
        waiting.push({ p, done, fail });
        if (waiting.length >= max) void flush();
        else if (!timer) timer = setTimeout(() => void flush(), windowMs);
      });
    },
  };
}
