import { DAY_MS } from "@/lib/time/units";
import ical, { ICalEventRepeatingFreq, type ICalEventData } from "ical-generator";
import { DateTime } from "luxon";
import type { MaintenanceWindow, StatusPage } from "@/lib/db/types";
import { occurrencesBetween, zoneOf } from "@/lib/maintenance/occurrences";
import type { StatusPageVisibility } from "@/lib/maintenance/types";
import { vtimezone } from "./vtimezone";

/** How far back a finished window still appears ("recent"), like the page's own history of maintenance. */
export const RECENT_DAYS = 91;
/** How far ahead explicitly listed occurrences go when a repeat cannot be written as an RRULE. */
export const EXPLICIT_AHEAD_DAYS = 366;
/** How many years past now (or the last first start) a VTIMEZONE lists offset changes for. */
export const ZONE_AHEAD_YEARS = 10;

/** An occurrence an operator moved (its new times) or skipped (null), keyed by the start the rule gave it. */
type Overrides = ReadonlyMap<number, { startsAt: number; endsAt: number } | null>;
export type CalendarWindow = MaintenanceWindow & { visibility: StatusPageVisibility; overrides?: Overrides };

export interface CalendarContext {
  page: Pick<StatusPage, "id" | "name">;
  /** canonical page address (custom domain when set) */
  pageUrl: string;
  /** component (v1: service) id → name, for the affected line */
  serviceNames: Map<string, string>;
  now: number;
}

const FREQ = { DAY: ICalEventRepeatingFreq.DAILY, WEEK: ICalEventRepeatingFreq.WEEKLY, MONTH: ICalEventRepeatingFreq.MONTHLY } as const;

function describe(w: CalendarWindow, ctx: CalendarContext): string {
  const v = w.visibility;
  const ids = [...v.serviceIds, ...(v.componentIds ?? [])];
  const affected = !v.showAffectedServices ? "" : v.affectAllServices ? "All services" : ids.flatMap((id) => ctx.serviceNames.get(id) ?? []).join(", ");
  return [w.description ?? "", affected ? `Affected: ${affected}` : "", ctx.pageUrl].filter(Boolean).join("\n\n");
}

/** The zone a window's times are written in: its own for a repeating window (so repeats keep local time), else none (UTC). */
export function calendarZone(w: Pick<MaintenanceWindow, "repeat_unit" | "timezone">): string | null {
  const zone = zoneOf(w.timezone);
  return w.repeat_unit && zone !== "UTC" ? zone : null;
}

/**
 * Heliograph repeats monthly windows on the same local day, clamped to the month's end (31 Jan → 28 Feb);
 * an RRULE with BYMONTHDAY=31 would skip short months instead. Such windows are listed one by one.
 */
export function needsExplicitOccurrences(w: Pick<MaintenanceWindow, "repeat_unit" | "starts_at" | "timezone">): boolean {
  return w.repeat_unit === "MONTH" && DateTime.fromMillis(w.starts_at, { zone: zoneOf(w.timezone) }).day > 28;
}

/**
 * An occurrence's recurrence identifier: its rule date at the first start's wall-clock time. That is the value
 * an RRULE gives it even on a spring-forward day where that local time does not exist (02:30 → RFC 5545 reads
 * it as 03:30), so EXDATE and RECURRENCE-ID match what calendar clients expand.
 */
function nominal(ruleStart: number, first: DateTime): ICalEventData["start"] {
  const day = DateTime.fromMillis(ruleStart, { zone: first.zone });
  const wall = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: first.hour, minute: first.minute, second: first.second }, { zone: "UTC" });
  const stub = { isValid: true, setZone: () => stub, toFormat: (f: string) => wall.toFormat(f), toJSDate: () => wall.toJSDate(), toJSON: () => wall.toJSON(), zone: { type: "iana" } };
  return stub;
}

/**
 * Where a calendar client puts a local wall time (epoch ms of the wall clock read as UTC): RFC 5545 takes the first
 * of two instants in a fall-back hour, and the offset before a spring-forward gap.
 */
export function rfcInstant(wallMs: number, zone: string): number {
  const offsets = [DateTime.fromMillis(wallMs - DAY_MS, { zone }).offset, DateTime.fromMillis(wallMs + DAY_MS, { zone }).offset];
  const fits = offsets.map((o) => wallMs - o * 60_000).filter((c) => DateTime.fromMillis(c, { zone }).offset * 60_000 + c === wallMs);
  return fits.length > 0 ? Math.min(...fits) : wallMs - offsets[0] * 60_000;
}

function eventsOf(w: CalendarWindow, ctx: CalendarContext): ICalEventData[] {
  const zone = calendarZone(w);
  const at = (ms: number) => (zone ? DateTime.fromMillis(ms, { zone }) : new Date(ms));
  const overrides: Overrides = w.overrides ?? new Map();
  const base: Omit<ICalEventData, "start"> = {
    summary: w.name,
    description: describe(w, ctx),
    url: ctx.pageUrl,
    created: new Date(w.created_at),
    lastModified: new Date(w.updated_at),
    // A fixed stamp keeps the file byte-stable between edits (ETag, caches).
    stamp: new Date(w.updated_at),
    ...(zone ? { timezone: zone } : {}),
  };
  const uid = (suffix = "") => `maintenance-${w.id}${suffix}.${ctx.page.id}@heliograph`;
  const occurrence = (startsAt: number, endsAt: number) => ({ start: at(startsAt), end: at(endsAt) });

  if (!w.repeat_unit) {
    const o = overrides.get(w.starts_at);
    if (o === null) return [];
    return [{ ...base, id: uid(), ...occurrence(o?.startsAt ?? w.starts_at, o?.endsAt ?? w.ends_at) }];
  }
  if (needsExplicitOccurrences(w)) {
    return occurrencesBetween(w, ctx.now - RECENT_DAYS * DAY_MS, ctx.now + EXPLICIT_AHEAD_DAYS * DAY_MS).flatMap((rule) => {
      const o = overrides.get(rule.startsAt);
      if (o === null) return [];
      return [{ ...base, id: uid(`-${rule.startsAt}`), ...occurrence(o?.startsAt ?? rule.startsAt, o?.endsAt ?? rule.endsAt) }];
    });
  }
  const first = DateTime.fromMillis(w.starts_at, { zone: zone ?? "UTC" });
  const recurrence = (ruleStart: number) => (zone ? nominal(ruleStart, first) : new Date(ruleStart));
  const changes = [...overrides].sort(([a], [b]) => a - b);
  const series: ICalEventData = {
    ...base,
    id: uid(),
    start: zone ? nominal(w.starts_at, first) : new Date(w.starts_at),
    end: at(w.ends_at),
    repeating: {
      freq: FREQ[w.repeat_unit],
      interval: Math.max(1, w.repeat_interval ?? 1),
      ...(w.repeat_ends_at !== null ? { until: new Date(w.repeat_ends_at) } : {}),
      ...(changes.some(([, o]) => o === null) ? { exclude: changes.filter(([, o]) => o === null).map(([start]) => recurrence(start)) } : {}),
    },
  };
  // A moved occurrence: the same UID with RECURRENCE-ID naming the one it replaces, at its new times.
  const moved = changes.flatMap(([start, o]) => (o ? [{ ...base, id: uid(), recurrenceId: recurrence(start), ...occurrence(o.startsAt, o.endsAt) }] : []));
  // Local times in a fall-back hour are ambiguous, so these are written in UTC: the instant a client expands, and ours.
  const { timezone: _zone, ...utc } = base;
  const pinned = zone ? ambiguous(w, zone, first, overrides, ctx).map((o) => ({ ...utc, id: uid(), recurrenceId: new Date(o.clientStartsAt), start: new Date(o.startsAt), end: new Date(o.endsAt) })) : [];
  return [series, ...moved, ...pinned];
}

/**
 * Occurrences (not moved or skipped) in a fall-back hour, where Heliograph keeps the first start's offset but a
 * client reading the RRULE takes the earlier instant: each is pinned by a RECURRENCE-ID at Heliograph's time.
 */
function ambiguous(w: CalendarWindow, zone: string, first: DateTime, overrides: Overrides, ctx: CalendarContext) {
  const wallOf = (ms: number) => {
    const d = DateTime.fromMillis(ms, { zone });
    return Date.UTC(d.year, d.month - 1, d.day, first.hour, first.minute, first.second);
  };
  return occurrencesBetween(w, ctx.now - RECENT_DAYS * DAY_MS, ctx.now + EXPLICIT_AHEAD_DAYS * DAY_MS)
    .map((o) => ({ ...o, clientStartsAt: rfcInstant(wallOf(o.startsAt), zone) }))
    .filter((o) => !overrides.has(o.startsAt) && o.clientStartsAt !== o.startsAt);
}

/**
 * Upcoming and recent (last 91 days) maintenance of a page as iCalendar. A repeating window is one VEVENT with
 * an RRULE in the window's time zone (DTSTART;TZID=…, with a VTIMEZONE), EXDATE for skipped occurrences and a
 * RECURRENCE-ID VEVENT for each moved one; a one-off window is a plain event in UTC. Text is escaped by ical-generator.
 */
export function buildCalendar(windows: CalendarWindow[], ctx: CalendarContext): string {
  const from = ctx.now - RECENT_DAYS * DAY_MS;
  const shown = windows
    .filter((w) => occurrencesBetween(w, from, Number.MAX_SAFE_INTEGER, 1).length > 0 || [...(w.overrides?.values() ?? [])].some((o) => o !== null && o.endsAt > from))
    .sort((a, b) => a.starts_at - b.starts_at || a.id - b.id);
  const zoneFrom = Math.min(ctx.now, ...shown.map((w) => w.starts_at));
  const zoneTo = Math.max(ctx.now, ...shown.map((w) => w.starts_at)) + ZONE_AHEAD_YEARS * 366 * DAY_MS;
  const cal = ical({
    name: `${ctx.page.name} maintenance`,
    prodId: { company: "Heliograph", product: "Status", language: "EN" },
    url: ctx.pageUrl,
    ttl: 3600,
    timezone: { name: null, generator: (zone) => vtimezone(zone, zoneFrom, zoneTo) },
  });
  for (const w of shown) for (const e of eventsOf(w, ctx)) cal.createEvent(e);
  return cal.toString();
}

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";
