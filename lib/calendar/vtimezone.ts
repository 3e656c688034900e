import { DAY_MS } from "@/lib/time/units";
import { DateTime } from "luxon";

const MINUTE = 60_000;

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
};

/** Local wall time in iCalendar form (what DTSTART of an observance is written in: the offset before it). */
const wall = (ms: number, offsetMinutes: number) => DateTime.fromMillis(ms + offsetMinutes * MINUTE, { zone: "UTC" }).toFormat("yyyyLLdd'T'HHmmss");

/** Instants in [from, to) where the zone's offset changes, found from the zone data luxon reads (never computed by hand). */
export function transitions(zone: string, from: number, to: number): { at: number; before: number; after: number; dst: boolean; name: string }[] {
  const offset = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const out: { at: number; before: number; after: number; dst: boolean; name: string }[] = [];
  // Whole UTC days, so every probe falls on a whole minute, where offsets change.
  from = Math.floor(from / DAY_MS) * DAY_MS;
  to = Math.ceil(to / DAY_MS) * DAY_MS;
  for (let t = from; t < to; t += DAY_MS) {
    const a = offset(t);
    const b = offset(Math.min(t + DAY_MS, to));
    if (a === b) continue;
    let lo = t;
    let hi = Math.min(t + DAY_MS, to);
    while (hi - lo > MINUTE) {
      const mid = lo + Math.max(1, Math.floor((hi - lo) / 2 / MINUTE)) * MINUTE;
      if (offset(mid) === a) lo = mid;
      else hi = mid;
    }
    const after = DateTime.fromMillis(hi, { zone });
    out.push({ at: hi, before: a, after: b, dst: after.isInDST, name: after.offsetNameShort ?? "" });
  }
  return out;
}

/**
 * A VTIMEZONE for `zone` covering [from, to): one observance in force at `from`, then one per offset change, each
 * with the offsets before and after it. Listed one by one (no RRULE), so any zone's history is written exactly.
 */
export function vtimezone(zone: string, from: number, to: number): string {
  from = Math.floor(from / DAY_MS) * DAY_MS;
  const first = DateTime.fromMillis(from, { zone });
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  const observance = (dst: boolean, start: string, before: number, after: number, name: string) => {
    const kind = dst ? "DAYLIGHT" : "STANDARD";
    lines.push(`BEGIN:${kind}`, `DTSTART:${start}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after)}`);
    // Names such as "GMT+2" (no abbreviation known) add nothing a reader needs.
    if (/^[A-Za-z]{2,6}$/.test(name)) lines.push(`TZNAME:${name}`);
    lines.push(`END:${kind}`);
  };
  observance(first.isInDST, wall(from, first.offset), first.offset, first.offset, first.offsetNameShort ?? "");
  for (const t of transitions(zone, from, to)) observance(t.dst, wall(t.at, t.before), t.before, t.after, t.name);
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
