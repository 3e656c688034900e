import "server-only";
import type { Db } from "@/lib/db";
import { fromJson } from "@/lib/db/json";
import { listVisibleWindows } from "@/lib/maintenance/queries";
import { loadShownOccurrences, shownStatusAt, visibilityOf } from "@/lib/maintenance/shown";
import { isOpen } from "@/lib/maintenance/state";

/** What an account's maintenance windows in progress pause: every check, or those carrying one of `tags`. */
export interface Pause {
  all: boolean;
  tags: Set<string>;
}

const NONE: Pause = { all: false, tags: new Set() };

/**
 * The pause of an account at `now`: windows with pauseAllChecks or tags whose occurrence is in progress (its
 * stored status moved on by autoStart/autoEnd, as the pages see it; lib/maintenance/state.ts).
 */
export async function pauseOf(db: Db, accountId: string, now: number): Promise<Pause> {
  const windows = (await listVisibleWindows(db, accountId))
    .map((w) => ({ ...w, visibility: visibilityOf(w), tagList: fromJson<string[]>(w.tags) ?? [] }))
    .filter((w) => w.pause_all_checks === 1 || w.tagList.length > 0);
  if (windows.length === 0) return NONE;
  const { occurrences } = await loadShownOccurrences(db, windows, now, now + 1);
  const live = occurrences.filter((o) => isOpen(shownStatusAt(o, now)));
  if (live.length === 0) return NONE;
  const tags = new Set<string>();
  let all = false;
  for (const o of live) {
    if (o.window.pause_all_checks === 1) all = true;
    for (const t of fromJson<string[]>(o.window.tags) ?? []) tags.add(t);
  }
  return { all, tags };
}

export const pausedBy = (pause: Pause, checkTags: readonly string[]): boolean => pause.all || checkTags.some((t) => pause.tags.has(t));
