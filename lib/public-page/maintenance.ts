import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import type { MaintenanceStatus, MaintenanceUpdate, StatusPage } from "@/lib/db/types";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import { listWindowsForPage, loadShownOccurrences, shownStatusAt, type ShownOccurrence, type ShownWindow } from "@/lib/maintenance/shown";
import { findOccurrenceById, findOccurrenceByRuleStart, listChildComponents, listUpdatesOf } from "@/lib/maintenance/queries";
import type { MaintenanceSpan } from "@/lib/status";
import { loadPageStructure } from "@/lib/components/structure";
import type { MaintenanceOccurrence } from "./view";

/** An occurrence with its window's name, text and coverage (no state). */
export type RuleMaintenance = MaintenanceOccurrence & { createdAt: number; updatedAt: number };

/** A shown status: cancelled occurrences leave every public surface. */
export type ShownStatus = Exclude<MaintenanceStatus, "CANCELLED">;

/** One occurrence as the page, its detail page, history, JSON and feeds show it. */
export interface PageMaintenance extends RuleMaintenance {
  /** public id: the occurrence's uuid once it is a row, else `<windowId>-<rule start ms>` (the detail page takes both) */
  key: string;
  status: ShownStatus;
  /** newest first */
  updates: MaintenanceUpdate[];
  timezone: string | null;
  /** when it was (or is) really under maintenance, by its state; null when it has not started */
  span: { from: number; to: number } | null;
}

const base = (w: ShownWindow, serviceIds: string[] | "ALL") => ({
  id: w.id,
  name: w.name,
  description: w.description,
  serviceIds,
  showAffectedServices: w.visibility.showAffectedServices,
  createdAt: w.created_at,
  updatedAt: w.updated_at,
});

export const publicKey = (o: Pick<ShownOccurrence, "row" | "window" | "originalStartsAt">) => o.row?.id ?? `${o.window.id}-${o.originalStartsAt}`;

const isOpen = (s: MaintenanceStatus) => s === "IN_PROGRESS" || s === "VERIFYING";

/**
 * When an occurrence really was under maintenance: from its start (or an operator's earlier or, without autoStart,
 * later start) to its completion (an operator's "completed", else its end), or past now while it stays open.
 */
export function maintenanceSpanOf(status: ShownStatus, o: Pick<ShownOccurrence, "startsAt" | "endsAt" | "window">, updates: MaintenanceUpdate[], now: number): { from: number; to: number } | null {
  if (status === "SCHEDULED") return null;
  const oldestFirst = [...updates].sort((a, b) => a.created_at - b.created_at);
  const opened = oldestFirst.find((u) => isOpen(u.status))?.created_at;
  const autoStart = o.window.visibility.autoStart;
  const from = opened === undefined ? o.startsAt : autoStart ? Math.min(o.startsAt, opened) : opened;
  const completed = oldestFirst.find((u) => u.status === "COMPLETED")?.created_at;
  const to = status === "COMPLETED" ? (completed ?? o.endsAt) : Math.max(o.endsAt, now + 1);
  return from < to ? { from, to } : null;
}

/** What a window covers: all services, or its v1 services and v3 components with each named group's children. */
export function coverage(w: ShownWindow, children: ReadonlyMap<string, string[]>): string[] | "ALL" {
  const v = w.visibility;
  if (v.affectAllServices) return "ALL";
  return [...new Set([...v.serviceIds, ...(v.componentIds ?? []).flatMap((id) => [id, ...(children.get(id) ?? [])])])];
}

/** Pure: shown occurrences with their state at `now`, cancelled ones left out. */
export function toPageMaintenance(occurrences: ShownOccurrence[], updates: MaintenanceUpdate[], children: ReadonlyMap<string, string[]>, now: number): PageMaintenance[] {
  return occurrences.flatMap((o) => {
    const status = shownStatusAt(o, now);
    if (status === "CANCELLED") return [];
    const own = o.row ? updates.filter((u) => u.occurrence_id === o.row!.id).sort((a, b) => b.created_at - a.created_at) : [];
    const shown = base(o.window, coverage(o.window, children));
    return [
      {
        ...shown,
        updatedAt: Math.max(shown.updatedAt, o.row?.updated_at ?? 0),
        startsAt: o.startsAt,
        endsAt: o.endsAt,
        key: publicKey(o),
        status,
        updates: own,
        timezone: o.window.timezone,
        span: maintenanceSpanOf(status, o, own, now),
      },
    ];
  });
}

/** Group id → its components, for the groups these windows name. */
export async function loadChildren(db: Db, windows: ShownWindow[]): Promise<Map<string, string[]>> {
  const groups = windows.flatMap((w) => w.visibility.componentIds ?? []);
  const out = new Map<string, string[]>();
  for (const c of await listChildComponents(db, groups)) out.set(c.parent_id!, [...(out.get(c.parent_id!) ?? []), c.id]);
  return out;
}

/** The page's occurrences overlapping [from, to) (and those an update keeps open), with their state at `now`. */
export async function loadPageMaintenance(db: Db, windows: ShownWindow[], from: number, to: number, now: number): Promise<PageMaintenance[]> {
  const [{ occurrences, updates }, children] = await Promise.all([loadShownOccurrences(db, windows, from, to), loadChildren(db, windows)]);
  return toPageMaintenance(occurrences, updates, children, now);
}

/** For status and uptime: the stretches each occurrence really was under maintenance. */
export function maintenanceSpansOf(maintenance: PageMaintenance[]): MaintenanceSpan[] {
  return maintenance.flatMap((m) => (m.span ? [{ id: m.id, serviceIds: m.serviceIds, startsAt: m.span.from, endsAt: m.span.to }] : []));
}

/** The latest update with words in it (a move alone has none): what the page shows under an occurrence. */
export const latestNote = (m: Pick<PageMaintenance, "updates">) => m.updates.find((u) => u.description.trim() !== "");

/** The occurrence a public key names on this page (see PageMaintenance.key), or null (another page's, unknown, or malformed). */
async function findShown(db: Db, page: { id: string; accountId: string }, key: string): Promise<ShownOccurrence | null> {
  const windows = await listWindowsForPage(db, page.accountId, page.id);
  if (isUuid(key)) {
    const row = await findOccurrenceById(db, key.toLowerCase());
    const w = row && windows.find((x) => x.id === row.window_id);
    return row && w ? { window: w, row, startsAt: Number(row.starts_at), endsAt: Number(row.ends_at), originalStartsAt: Number(row.original_starts_at) } : null;
  }
  const m = /^([1-9]\d{0,9})-(\d{1,15})$/.exec(key);
  const w = m && windows.find((x) => x.id === Number(m[1]));
  if (!m || !w) return null;
  const start = Number(m[2]);
  const rule = occurrencesBetween(w, start, start + 1, 10).find((o) => o.startsAt === start);
  if (!rule) return null;
  const row = await findOccurrenceByRuleStart(db, w.id, start);
  return row ? { window: w, row, startsAt: Number(row.starts_at), endsAt: Number(row.ends_at), originalStartsAt: start } : { window: w, row: null, startsAt: rule.startsAt, endsAt: rule.endsAt, originalStartsAt: start };
}

/** Whether the key names a shown (not cancelled) occurrence of this page: proxy.ts answers 404 otherwise. */
export async function maintenanceOnPage(db: Db, page: { id: string; accountId: string }, key: string, now = Date.now()): Promise<boolean> {
  const o = await findShown(db, page, key);
  return o !== null && shownStatusAt(o, now) !== "CANCELLED";
}

/** One occurrence as its detail page shows it, with every update and the page's component names; null when it is not one of this page's (→ 404). */
export async function loadMaintenanceForPage(db: Db, page: StatusPage, key: string, now = Date.now()): Promise<{ maintenance: PageMaintenance; names: Map<string, string> } | null> {
  const o = await findShown(db, { id: page.id, accountId: page.account_id }, key);
  if (!o) return null;
  const [updates, children, structure] = await Promise.all([o.row ? listUpdatesOf(db, [o.row.id]) : [], loadChildren(db, [o.window]), loadPageStructure(db, page)]);
  const [maintenance] = toPageMaintenance([o], updates, children, now);
  return maintenance ? { maintenance, names: new Map(structure.components.map((c) => [c.id, c.name])) } : null;
}
