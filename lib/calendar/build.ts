import ical, { ICalEventRepeatingFreq, type ICalEventData } from "ical-generator";
import type { MaintenanceWindow, StatusPage } from "@/lib/db/types";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import type { StatusPageVisibility } from "@/lib/maintenance/types";

const DAY = 86_400_000;
/** How far back a finished window still appears ("recent"), like the page's own history of maintenance. */
export const RECENT_DAYS = 91;
/** How far ahead explicitly listed occurrences go when a repeat cannot be written as an RRULE. */
export const EXPLICIT_AHEAD_DAYS = 366;

export type CalendarWindow = MaintenanceWindow & { visibility: StatusPageVisibility };

export interface CalendarContext {
  page: Pick<StatusPage, "id" | "name">;
  /** canonical page address (custom domain when set) */
  pageUrl: string;
  /** service id → name, for the affected-services line */
  serviceNames: Map<string, string>;
  now: number;
}

const FREQ = { DAY: ICalEventRepeatingFreq.DAILY, WEEK: ICalEventRepeatingFreq.WEEKLY, MONTH: ICalEventRepeatingFreq.MONTHLY } as const;

function describe(w: CalendarWindow, ctx: CalendarContext): string {
  const v = w.visibility;
  const affected = !v.showAffectedServices ? "" : v.affectAllServices ? "All services" : v.serviceIds.flatMap((id) => ctx.serviceNames.get(id) ?? []).join(", ");
  return [w.description ?? "", affected ? `Affected: ${affected}` : "", ctx.pageUrl].filter(Boolean).join("\n\n");
}

/**
 * Heliograph repeats monthly windows on the same day, clamped to the month's end (31 Jan → 28 Feb);
 * an RRULE with BYMONTHDAY=31 would skip short months instead. Such windows are listed one by one.
 */
export function needsExplicitOccurrences(w: Pick<MaintenanceWindow, "repeat_unit" | "starts_at">): boolean {
  return w.repeat_unit === "MONTH" && new Date(w.starts_at).getUTCDate() > 28;
}

function eventsOf(w: CalendarWindow, ctx: CalendarContext): ICalEventData[] {
  const base: ICalEventData = {
    start: new Date(w.starts_at),
    end: new Date(w.ends_at),
    summary: w.name,
    description: describe(w, ctx),
    url: ctx.pageUrl,
    created: new Date(w.created_at),
    lastModified: new Date(w.updated_at),
    // A fixed stamp keeps the file byte-stable between edits (ETag, caches).
    stamp: new Date(w.updated_at),
  };
  const uid = (suffix = "") => `maintenance-${w.id}${suffix}.${ctx.page.id}@heliograph`;
  if (!w.repeat_unit) return [{ ...base, id: uid() }];
  if (needsExplicitOccurrences(w)) {
    const occ = occurrencesBetween(w, ctx.now - RECENT_DAYS * DAY, ctx.now + EXPLICIT_AHEAD_DAYS * DAY);
    return occ.map((o) => ({ ...base, id: uid(`-${o.startsAt}`), start: new Date(o.startsAt), end: new Date(o.endsAt) }));
  }
  return [
    {
      ...base,
      id: uid(),
      repeating: {
        freq: FREQ[w.repeat_unit],
        interval: Math.max(1, w.repeat_interval ?? 1),
        ...(w.repeat_ends_at !== null ? { until: new Date(w.repeat_ends_at) } : {}),
      },
    },
  ];
}

/** Upcoming and recent (last 91 days) maintenance of a page as iCalendar, times in UTC. */
export function buildCalendar(windows: CalendarWindow[], ctx: CalendarContext): string {
  const cal = ical({
    name: `${ctx.page.name} maintenance`,
    prodId: { company: "Heliograph", product: "Status", language: "EN" },
    url: ctx.pageUrl,
    ttl: 3600,
  });
  const from = ctx.now - RECENT_DAYS * DAY;
  const shown = windows
    .filter((w) => occurrencesBetween(w, from, Number.MAX_SAFE_INTEGER, 1).length > 0)
    .sort((a, b) => a.starts_at - b.starts_at || a.id - b.id);
  for (const w of shown) for (const e of eventsOf(w, ctx)) cal.createEvent(e);
  return cal.toString();
}

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";
