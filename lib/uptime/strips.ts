import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import type { UptimeStripsTable } from "@/lib/db/types";
import { log } from "@/lib/log";
import { STATUS_ORDER, statusRank } from "@/lib/status/derive";
import type { IncidentSpan, MaintenanceSpan } from "@/lib/status/types";
import { lastDays, type ZonedDay } from "@/lib/time/days";
import { dailyUptime, type DayUptime } from "./daily";
import * as q from "./queries";

/*
 * Stored uptime strips: a component's complete days (before today in the page's zone) derived once and stored; a render
 * derives only the days since. Valid by version, not deletion: writes bump their components' or page's version, and a
 * strip records its versions, read before the history, so a render racing a write stores a strip that reads as stale.
 */

/** One page's history as the derivation reads it: each component's incident spans and the page's maintenance. */
export interface History {
  spansOf: ReadonlyMap<string, IncidentSpan[]>;
  maintenance: MaintenanceSpan[];
}

export interface StripComponent {
  id: string;
  createdAt: number;
}

interface Versions {
  componentVersion: number;
  pageVersion: number;
}

export interface StripPlan {
  pageId: string;
  zone: string;
  now: number;
  /** the bars' days, oldest first; the last is today */
  window: readonly ZonedDay[];
  /** the first day the recent history covers: later days are derived from it, earlier ones come from strips */
  recentFrom: ZonedDay;
  /** usable stored strips: the window's complete days from its first, possibly short of yesterday */
  stored: Map<string, Versions & { days: DayUptime[] }>;
  /** components whose strip is missing, stale or too short: derived from the window's raw history */
  recompute: Map<string, Versions>;
}

/** Marks history changed for strips, in the write's transaction: incidents name components, maintenance pages. */
export async function historyChanged(trx: Db, subjects: { componentIds?: readonly string[]; pageIds?: readonly string[] }): Promise<void> {
  // Only ids can name what a strip is of (a stored visibility could list anything; PostgreSQL's column is a uuid).
  await q.bumpVersions(trx, [...(subjects.componentIds ?? []), ...(subjects.pageIds ?? [])].filter(isUuid));
}

/** A deleted component's or service's strips go with it. */
export async function stripsGone(trx: Db, componentIds: readonly string[]): Promise<void> {
  await q.deleteStripsOf(trx, componentIds);
}

/*
 * Decoded strips, kept across renders: a stored row never changes under its key (versions and window), so a re-render
 * after a write decodes only the strips it touched; decoding was a third of a big page's read (200 strips: ~7 ms, ~3 MB
 * of garbage). Bounded by count, least recently used out; the stored strips stay the truth a cold process starts from.
 */
const DECODED_MAX = 2_000;
const decoded = new Map<string, DayUptime[]>();

function keepDecoded(key: string, days: DayUptime[]): void {
  decoded.delete(key);
  decoded.set(key, days);
  if (decoded.size > DECODED_MAX) decoded.delete(decoded.keys().next().value!);
}

/**
 * Step one of a render, before it reads any history: which components' complete days come from stored strips
 * and which must be derived from the window's history. `recentDays` is how far back the caller's recent history
 * reaches (days counted like the bars'): a strip ending earlier than the day before it is recomputed.
 */
export async function planStrips(db: Db, pageId: string, components: readonly StripComponent[], zone: string, now: number, dayCount: number, recentDays: number): Promise<StripPlan> {
  const window = lastDays(now, dayCount, zone);
  const recent = lastDays(now, Math.min(recentDays, dayCount), zone);
  const plan: StripPlan = { pageId, zone, now, window, recentFrom: recent[0], stored: new Map(), recompute: new Map() };
  if (window.length === 0) return plan;
  const wanted = new Set(components.map((c) => c.id));
  const complete = window.slice(0, -1);
  for (const row of await q.listStripsOfPage(db, pageId)) {
    if (!wanted.has(row.component_id) || row.zone !== zone) continue;
    const versions = { componentVersion: Number(row.component_version), pageVersion: Number(row.page_version) };
    if (versions.componentVersion !== Number(row.current_component_version ?? 0) || versions.pageVersion !== Number(row.current_page_version ?? 0)) continue;
    const key = `${pageId}|${row.component_id}|${row.zone}|${row.through_day}|${row.day_count}|${versions.componentVersion}|${versions.pageVersion}|${row.computed_at}|${complete[0]?.day}|${complete.length}`;
    const days = decoded.get(key) ?? storedDays(row.days, row.through_day, Number(row.day_count), complete);
    if (!days) continue;
    keepDecoded(key, days);
    // The days after the strip's last one are derived from the recent history: it must reach back to them.
    const next = complete[days.length] ?? window[window.length - 1];
    if (next.start >= plan.recentFrom.start) plan.stored.set(row.component_id, { ...versions, days });
  }
  const missing = components.filter((c) => !plan.stored.has(c.id)).map((c) => c.id);
  if (missing.length > 0) {
    const current = await q.listVersions(db, [pageId, ...missing]);
    for (const id of missing) plan.recompute.set(id, { componentVersion: current.get(id) ?? 0, pageVersion: current.get(pageId) ?? 0 });
  }
  return plan;
}

/**
 * When the first day derived from recent history begins: the day after the shortest stored strip's last, or today
 * when nothing is stored. History that ended before it changes no derived day and no status now.
 */
export function derivedFrom(plan: StripPlan): number {
  let from = plan.window.length > 0 ? plan.window[plan.window.length - 1].start : plan.now;
  for (const s of plan.stored.values()) from = Math.min(from, plan.window[s.days.length].start);
  return from;
}

/**
 * Step two: every component's days (the window's, oldest first, today last), exactly as dailyUptime over the whole
 * window derives them, and the strips to store. `full` (the window's history) is needed when anything is recomputed.
 */
export function deriveDays(plan: StripPlan, components: readonly StripComponent[], recent: History, full: History | null): { days: Map<string, DayUptime[]>; rows: Insertable<UptimeStripsTable>[] } {
  const { now, zone, window } = plan;
  const days = new Map<string, DayUptime[]>();
  const rows: Insertable<UptimeStripsTable>[] = [];
  const complete = window.length - 1;
  const store = (id: string, v: Versions, list: DayUptime[]) => {
    if (complete > 0) rows.push(stripRow(plan, id, v, list.slice(0, complete)));
  };
  for (const c of components) {
    if (window.length === 0) {
      days.set(c.id, []);
      continue;
    }
    const history = { serviceId: c.id, serviceCreatedAt: c.createdAt };
    const stored = plan.stored.get(c.id);
    if (stored) {
      // A strip of the complete days up to its last one, then the days since (today at least) from recent history.
      const n = window.length - stored.days.length;
      const tail = dailyUptime({ ...history, incidents: recent.spansOf.get(c.id) ?? [], maintenance: recent.maintenance, now, days: n, zone, window: window.slice(window.length - n) });
      // concat: one array of the final length (spreading grew it step by step, for each of 200 components a render).
      const list = stored.days.concat(tail);
      days.set(c.id, list);
      if (tail.length > 1) store(c.id, stored, list);
      continue;
    }
    if (!full) throw new Error(`strips: component ${c.id} needs the window's history`);
    const list = dailyUptime({ ...history, incidents: full.spansOf.get(c.id) ?? [], maintenance: full.maintenance, now, days: window.length, zone, window });
    days.set(c.id, list);
    store(c.id, plan.recompute.get(c.id) ?? { componentVersion: 0, pageVersion: 0 }, list);
  }
  return { days, rows };
}

/** Stores strips; a failure (the page deleted meanwhile, a lock conflict) only costs the next render a recompute. */
export async function storeStrips(db: Db, rows: Insertable<UptimeStripsTable>[]): Promise<void> {
  try {
    // One key order for every writer, so two renders of a page never wait on each other's rows in a cycle.
    await q.upsertStrips(db, [...rows].sort((a, b) => (a.component_id < b.component_id ? -1 : 1)));
  } catch (err) {
    log.warn({ err, pageId: rows[0]?.status_page_id }, "uptime strips not stored");
  }
}

function stripRow(plan: StripPlan, componentId: string, v: Versions, days: DayUptime[]): Insertable<UptimeStripsTable> {
  return {
    status_page_id: plan.pageId,
    component_id: componentId,
    zone: plan.zone,
    through_day: days[days.length - 1].day,
    day_count: days.length,
    days: encodeDays(days),
    component_version: v.componentVersion,
    page_version: v.pageVersion,
    computed_at: plan.now,
  };
}

/*
 * The days as JSON: runs of equal days, [count, day], a day being 0 (no data) or [uptime, worst status rank,
 * downtime, maintenance and observed minutes, ...incident ids]. Day keys are not stored: they follow from
 * the strip's last day. Numbers survive JSON exactly, so a stored day equals the derived one.
 */
type EncodedDay = 0 | [number, number, number, number, number, ...string[]];

export function encodeDays(days: readonly DayUptime[]): string {
  const runs: [number, EncodedDay][] = [];
  let last = "";
  for (const d of days) {
    const e: EncodedDay = d.uptime === null ? 0 : [d.uptime, statusRank(d.worst ?? "OPERATIONAL"), d.downtimeMinutes, d.maintenanceMinutes, d.observedMinutes, ...d.incidentIds];
    const key = JSON.stringify(e);
    if (key === last) runs[runs.length - 1][0]++;
    else runs.push([1, e]);
    last = key;
  }
  return JSON.stringify(runs);
}

const dayNumber = (key: string) => Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10))) / DAY_MS;

/*
 * Quiet days are decoded once per process: the same day fully up (or without data) is one object on every component of
 * every page; a copy per kept strip held ~170,000 equal objects (~30 MB) on 1,000 small pages. Days are never mutated.
 * Emptied past its bound (days out of every window then go); days taken from it before stay valid.
 */
const QUIET_MAX = 10_000;
/** By the encoded day ("0", or uptime|worst|observed minutes), then by its day key. */
const quietDays = new Map<string, Map<string, DayUptime>>();
let quietCount = 0;

function quietDaysOf(quiet: string): Map<string, DayUptime> {
  let byDay = quietDays.get(quiet);
  if (byDay === undefined) quietDays.set(quiet, (byDay = new Map()));
  return byDay;
}

function keepQuietDay(byDay: Map<string, DayUptime>, d: DayUptime): void {
  if (++quietCount > QUIET_MAX) {
    // A map taken before this still lends its days to the strip being decoded; it is no longer in the table.
    quietDays.clear();
    quietCount = 1;
  }
  byDay.set(d.day, d);
}

const isQuiet = (e: EncodedDay) => e === 0 || (e.length === 5 && e[2] === 0 && e[3] === 0);

/**
 * The stored days for `complete` (the window's complete days), from its first up to the strip's last or the
 * window's last complete day; null when the strip does not reach back to the window's first day or is unreadable.
 */
export function storedDays(json: string, throughDay: string, dayCount: number, complete: readonly ZonedDay[]): DayUptime[] | null {
  if (complete.length === 0) return [];
  // Index in the strip of the window's first day; the strip's days are consecutive calendar days.
  const first = dayCount - 1 - (dayNumber(throughDay) - dayNumber(complete[0].day));
  if (!Number.isInteger(first) || first < 0 || first >= dayCount) return null;
  const take = Math.min(dayCount - first, complete.length);
  let runs: [number, EncodedDay][];
  try {
    runs = JSON.parse(json) as [number, EncodedDay][];
  } catch {
    return null;
  }
  const out: DayUptime[] = [];
  let index = 0;
  for (const [count, e] of runs) {
    // Decoded once per run: a strip is mostly long runs of quiet days (18,000 days a page).
    const d = e === 0 ? null : { uptime: e[0], worst: STATUS_ORDER[e[1]], downtimeMinutes: e[2], maintenanceMinutes: e[3], observedMinutes: e[4], ids: e.slice(5) as string[] };
    const make = (day: string): DayUptime =>
      d === null
        ? { day, uptime: null, worst: null, incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 0 }
        : { day, uptime: d.uptime, worst: d.worst, incidentIds: d.ids.length === 0 ? [] : [...d.ids], downtimeMinutes: d.downtimeMinutes, maintenanceMinutes: d.maintenanceMinutes, observedMinutes: d.observedMinutes };
    const lent = isQuiet(e) ? quietDaysOf(e === 0 ? "0" : `${e[0]}|${e[1]}|${e[4]}`) : null;
    const skip = Math.max(0, Math.min(count, first - index));
    index += skip;
    for (let k = skip; k < count && out.length < take; k++, index++) {
      const day = complete[out.length].day;
      let one = lent?.get(day);
      if (one === undefined) {
        one = make(day);
        if (lent) keepQuietDay(lent, one);
      }
      out.push(one);
    }
    if (out.length === take) break;
  }
  return out.length === take ? out : null;
}
