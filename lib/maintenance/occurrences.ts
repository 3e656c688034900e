import type { MaintenanceWindow } from "@/lib/db/types";

export interface Occurrence {
  windowId: number;
  startsAt: number;
  endsAt: number;
}

const DAY = 86_400_000;

function shift(ms: number, unit: "DAY" | "WEEK" | "MONTH", n: number): number {
  if (unit === "DAY") return ms + n * DAY;
  if (unit === "WEEK") return ms + n * 7 * DAY;
  const d = new Date(ms);
  // Month arithmetic in UTC; a 31st clamps to the month's last day instead of spilling over.
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/** Occurrences of a (possibly repeating) window that overlap [from, to), in time order; at most `limit`. */
export function occurrencesBetween(
  w: Pick<MaintenanceWindow, "id" | "starts_at" | "ends_at" | "repeat_unit" | "repeat_interval" | "repeat_ends_at">,
  from: number,
  to: number,
  limit = 500,
): Occurrence[] {
  const length = w.ends_at - w.starts_at;
  if (!w.repeat_unit) return w.starts_at < to && w.ends_at > from ? [{ windowId: w.id, startsAt: w.starts_at, endsAt: w.ends_at }] : [];
  const every = Math.max(1, w.repeat_interval ?? 1);
  const until = w.repeat_ends_at ?? Number.POSITIVE_INFINITY;
  const out: Occurrence[] = [];
  // Skip ahead for day/week repeats instead of walking years of occurrences one by one.
  const step = w.repeat_unit === "DAY" ? every * DAY : w.repeat_unit === "WEEK" ? every * 7 * DAY : 0;
  let k = step > 0 ? Math.max(0, Math.floor((from - length - w.starts_at) / step)) : 0;
  for (let guard = 0; guard < 100_000 && out.length < limit; guard++, k++) {
    const start = shift(w.starts_at, w.repeat_unit, k * every);
    if (start >= to || start > until) break;
    const end = start + length;
    if (end > from) out.push({ windowId: w.id, startsAt: start, endsAt: end });
  }
  return out;
}
