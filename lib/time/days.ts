import { DateTime, IANAZone } from "luxon";

/** One calendar day in a zone: its YYYY-MM-DD and its real bounds, [start, end) in epoch ms (23 or 25 h on DST days). */
export interface ZonedDay {
  day: string;
  start: number;
  end: number;
}

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Midnight of a calendar date in the zone from its offsets (luxon's cached IANAZone: a DateTime per day cost ms per
 * component). `guess` is a nearby day's offset in minutes: when the zone keeps it, one lookup settles the day. A
 * midnight that does not exist (DST at 00:00) is left to luxon, which moves it forward as the clock did.
 */
function midnight(zone: IANAZone, y: number, m: number, d: number, guess = zone.offset(Date.UTC(y, m, d))): [ts: number, offset: number] {
  const wall = Date.UTC(y, m, d);
  const offset = zone.offset(wall - guess * MINUTE);
  if (offset === guess) return [wall - guess * MINUTE, guess];
  const retry = wall - offset * MINUTE;
  if (zone.offset(retry) === offset) return [retry, offset];
  const ts = DateTime.fromObject({ year: y, month: m + 1, day: d }, { zone: zone.name }).startOf("day").toMillis();
  return [ts, zone.offset(ts)];
}

const memo = new Map<string, ZonedDay[]>();

/**
 * The last `count` days of the zone, oldest first; the last is the day holding `now`. Days are calendar steps
 * in the zone, so "90 days ago" is 90 local days back whatever DST did in between. Every component of a page
 * asks for the same days, so the answer is kept per zone, count and local date (callers must not mutate it).
 */
export function lastDays(now: number, count: number, zone: string): readonly ZonedDay[] {
  const z = IANAZone.create(zone);
  const local = new Date(now + z.offset(now) * MINUTE);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const key = `${zone}|${count}|${y}-${m}-${d}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const out: ZonedDay[] = [];
  let [end, offset] = midnight(z, y, m, d + 1);
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.UTC(y, m, d - i));
    const [start, startOffset] = midnight(z, date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), offset);
    offset = startOffset;
    out.push({ day: `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`, start, end });
    end = start;
  }
  out.reverse();
  if (memo.size >= 64) memo.delete(memo.keys().next().value!);
  memo.set(key, out);
  return out;
}

/** One calendar month in a zone: "YYYY-MM", its bounds and its days. */
export interface ZonedMonth {
  key: string;
  start: number;
  end: number;
  /** 1 (Monday) … 7 (Sunday) of the month's first day, for calendar grids */
  firstWeekday: number;
  days: ZonedDay[];
}

/** The last `count` months of the zone, newest first; the first is the month holding `now`. */
export const lastMonths = (now: number, count: number, zone: string): ZonedMonth[] => monthsBack(now, 0, count, zone);

/** `count` months of the zone, newest first, starting `skip` months before the one holding `now`. */
export function monthsBack(now: number, skip: number, count: number, zone: string): ZonedMonth[] {
  const z = IANAZone.create(zone);
  const local = new Date(now + z.offset(now) * MINUTE);
  const out: ZonedMonth[] = [];
  for (let i = skip; i < skip + count; i++) {
    const first = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - i, 1));
    const [y, m] = [first.getUTCFullYear(), first.getUTCMonth()];
    const length = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const days: ZonedDay[] = [];
    let [start, offset] = midnight(z, y, m, 1);
    for (let d = 1; d <= length; d++) {
      const [end, endOffset] = midnight(z, y, m, d + 1, offset);
      offset = endOffset;
      days.push({ day: `${y}-${pad(m + 1)}-${pad(d)}`, start, end });
      start = end;
    }
    out.push({ key: `${y}-${pad(m + 1)}`, start: days[0].start, end: days[length - 1].end, firstWeekday: first.getUTCDay() || 7, days });
  }
  return out;
}
