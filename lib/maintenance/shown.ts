import "server-only";
import type { Db } from "@/lib/db";
import { fromJson } from "@/lib/db/json";
import type { MaintenanceOccurrence, MaintenanceStatus, MaintenanceUpdate, MaintenanceWindow } from "@/lib/db/types";
import { NotFoundError } from "@/lib/errors";
import * as q from "./queries";
import { occurrencesBetween } from "./occurrences";
import { occurrenceStatusAt } from "./state";
import { DEFAULT_VISIBILITY, type StatusPageVisibility } from "./types";

/* Lookups below the verbs: a window, and the windows and occurrences a page shows. */

export function visibilityOf(w: Pick<MaintenanceWindow, "status_page_visibility">): StatusPageVisibility {
  return { ...DEFAULT_VISIBILITY, ...fromJson<Partial<StatusPageVisibility>>(w.status_page_visibility) };
}

export async function getWindowOrThrow(db: Db, accountId: string, id: number): Promise<MaintenanceWindow> {
  // Ids are 32-bit integers on both stores; a larger one names no window (PostgreSQL would reject it).
  const row = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await q.findWindow(db, accountId, id) : undefined;
  if (!row) throw new NotFoundError("Maintenance window not found");
  return row;
}

/** Windows shown on this page (`statusPageVisibility.enabled` and the page listed). */
/** An occurrence an operator moved (its new times) or skipped (null), keyed by the start the rule gave it. */
export type OccurrenceOverrides = Map<number, { startsAt: number; endsAt: number } | null>;

export async function listWindowsForPage(db: Db, accountId: string, pageId: string): Promise<(MaintenanceWindow & { visibility: StatusPageVisibility; overrides: OccurrenceOverrides })[]> {
  const rows = (await q.listVisibleWindows(db, accountId)).map((w) => ({ ...w, visibility: visibilityOf(w) })).filter((w) => w.visibility.enabled && w.visibility.statusPageIds.includes(pageId));
  const changed = await q.listChangedOccurrences(db, rows.map((w) => w.id));
  return rows.map((w) => ({
    ...w,
    overrides: new Map(changed.filter((o) => o.window_id === w.id).map((o) => [Number(o.original_starts_at), o.status === "CANCELLED" ? null : { startsAt: Number(o.starts_at), endsAt: Number(o.ends_at) }])),
  }));
}

/* Occurrences as pages, JSON, calendar and automation see them. */

export type ShownWindow = MaintenanceWindow & { visibility: StatusPageVisibility };

/** One occurrence: the repeat rule's, with its stored row (when it was materialised) laid over it. */
export interface ShownOccurrence {
  window: ShownWindow;
  /** null while only the rule says it (never moved, updated or listed through the API) */
  row: MaintenanceOccurrence | null;
  startsAt: number;
  endsAt: number;
  /** the start the rule gave it: with the window id, its identity before it has a row */
  originalStartsAt: number;
}

/**
 * The occurrences of `windows` overlapping [from, to), plus those an operator's update keeps open: rows where
 * they exist (at their current times; skipped ones kept, with status CANCELLED, for the caller to drop), the
 * rule's occurrences elsewhere. Pure; `rows` come from listOccurrencesForRange.
 */
export function overlayOccurrences(windows: ShownWindow[], rows: MaintenanceOccurrence[], from: number, to: number): ShownOccurrence[] {
  const out: ShownOccurrence[] = [];
  for (const w of windows) {
    const own = rows.filter((r) => r.window_id === w.id);
    const materialised = new Set(own.map((r) => Number(r.original_starts_at)));
    for (const r of own) {
      const open = r.status === "IN_PROGRESS" || r.status === "VERIFYING";
      if (open || (r.starts_at < to && r.ends_at > from)) out.push({ window: w, row: r, startsAt: Number(r.starts_at), endsAt: Number(r.ends_at), originalStartsAt: Number(r.original_starts_at) });
    }
    for (const o of occurrencesBetween(w, from, to)) {
      if (!materialised.has(o.startsAt)) out.push({ window: w, row: null, startsAt: o.startsAt, endsAt: o.endsAt, originalStartsAt: o.startsAt });
    }
  }
  return out.sort((a, b) => a.startsAt - b.startsAt || a.window.id - b.window.id);
}

/** overlayOccurrences over the stored rows, with every shown row's updates (oldest first). */
export async function loadShownOccurrences(db: Db, windows: ShownWindow[], from: number, to: number): Promise<{ occurrences: ShownOccurrence[]; updates: MaintenanceUpdate[] }> {
  const longest = Math.max(0, ...windows.map((w) => w.ends_at - w.starts_at));
  const rows = await q.listOccurrencesForRange(db, windows.map((w) => w.id), from, to, from - longest);
  const occurrences = overlayOccurrences(windows, rows, from, to);
  const updates = await q.listUpdatesOf(db, occurrences.flatMap((o) => (o.row ? [o.row.id] : [])));
  return { occurrences, updates };
}

/** Where the occurrence stands at `now` (lib/maintenance/state.ts: the stored status, moved on by autoStart/autoEnd). */
export function shownStatusAt(o: ShownOccurrence, now: number): MaintenanceStatus {
  return occurrenceStatusAt(o.window.visibility, { startsAt: o.startsAt, endsAt: o.endsAt, status: o.row?.status ?? null }, now);
}
