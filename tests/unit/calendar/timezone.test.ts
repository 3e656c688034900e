/**
 * The calendar carries the window's time zone: a repeating window is one VEVENT with RRULE and DTSTART;TZID (and
 * a VTIMEZONE), a skipped occurrence an EXDATE, a moved one a RECURRENCE-ID VEVENT; a parser expands it to exactly
 * Heliograph's occurrences across daylight-saving changes.
 */
import { describe, expect, it } from "vitest";
import ical, { type VEvent } from "node-ical";
import { DateTime } from "luxon";
import { buildCalendar, type CalendarWindow } from "@/lib/calendar/build";
import { transitions, vtimezone } from "@/lib/calendar/vtimezone";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import { DEFAULT_VISIBILITY } from "@/lib/maintenance/types";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 1, 12);
const ctx = { page: { id: "p1", name: "Example" }, pageUrl: "https://status.example.com", serviceNames: new Map([["c1", "Database"]]), now: NOW };
const berlin = (iso: string) => DateTime.fromISO(iso, { zone: "Europe/Berlin" }).toMillis();

function win(over: Partial<CalendarWindow> = {}): CalendarWindow {
  return {
    id: 1, account_id: "a", name: "Weekly restart", description: null, tags: "[]",
    // Sunday 8 March 2026, 02:30 in Berlin: the 29 March one falls in the spring-forward gap.
    starts_at: berlin("2026-03-08T02:30"), ends_at: berlin("2026-03-08T03:30"),
    repeat_interval: 1, repeat_unit: "WEEK", repeat_ends_at: null, timezone: "Europe/Berlin",
    pause_all_checks: 0, silence_all_alerts: 0, silence_alerts_tags: "[]", status_page_visibility: "{}",
    created_at: NOW - 10 * DAY, updated_at: NOW - 5 * DAY,
    visibility: { ...DEFAULT_VISIBILITY, enabled: true, componentIds: ["c1"] },
    ...over,
  };
}

const parse = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
const unfolded = (text: string) => text.replace(/\r\n /g, "");
const expand = (e: VEvent, from: number, to: number) => ical.expandRecurringEvent(e, { from: new Date(from), to: new Date(to) }).map((i) => [i.start.getTime(), i.end.getTime()]);

describe("maintenance calendar in the window's time zone", () => {
  it("writes one RRULE with DTSTART;TZID and a VTIMEZONE, expanding to Heliograph's occurrences across both DST changes", () => {
    const w = win();
    const text = unfolded(buildCalendar([w], ctx));
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20260308T023000");
    expect(text).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1");
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin\r\n/);
    expect(text).toContain("TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200");
    expect(text).toContain("TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100");
    const events = parse(text);
    expect(events).toHaveLength(1);
    const from = NOW;
    const to = berlin("2026-11-15T00:00");
    const expected = occurrencesBetween(w, from, to).map((o) => [o.startsAt, o.endsAt]);
    // Local 02:30 stays 02:30 in winter and summer (UTC 01:30 then 00:30) …
    expect(expected).toContainEqual([Date.UTC(2026, 2, 8, 1, 30), Date.UTC(2026, 2, 8, 2, 30)]);
    expect(expected).toContainEqual([Date.UTC(2026, 3, 5, 0, 30), Date.UTC(2026, 3, 5, 1, 30)]);
    expect(expected).toContainEqual([Date.UTC(2026, 10, 1, 1, 30), Date.UTC(2026, 10, 1, 2, 30)]);
    // … and a parser expands exactly those, the fall-back day's ambiguous 02:30 included (pinned in UTC).
    expect(text).toContain("RECURRENCE-ID:20261025T003000Z\r\nSUMMARY:Weekly restart");
    expect(text).toContain("DTSTART:20261025T013000Z");
    expect(expand(events[0], from, to)).toEqual(expected);
  });

  it("skipped occurrences become EXDATEs at the rule's local time, even in the spring-forward gap", () => {
    const w = win({ overrides: new Map([[berlin("2026-03-29T03:30"), null], [berlin("2026-04-12T02:30"), null]]) });
    const text = unfolded(buildCalendar([w], ctx));
    expect(text).toContain("EXDATE;TZID=Europe/Berlin:20260329T023000,20260412T023000");
    const [e] = parse(text);
    const starts = expand(e, NOW, berlin("2026-05-01T00:00")).map(([s]) => s);
    expect(starts).toContain(berlin("2026-04-05T02:30"));
    expect(starts).not.toContain(berlin("2026-04-12T02:30"));
  });

  it("a moved occurrence is a VEVENT with the same UID and a RECURRENCE-ID naming the one it replaces", () => {
    const original = berlin("2026-04-19T02:30");
    const moved = { startsAt: berlin("2026-04-19T05:00"), endsAt: berlin("2026-04-19T07:00") };
    const text = unfolded(buildCalendar([win({ overrides: new Map([[original, moved]]) })], ctx));
    expect(text).toContain("RECURRENCE-ID;TZID=Europe/Berlin:20260419T023000");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20260419T050000");
    expect(text).toContain("DTEND;TZID=Europe/Berlin:20260419T070000");
    // The series, the moved one, and the fall-back day's occurrence pinned in UTC: one UID.
    const uids = [...text.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]);
    expect(uids).toEqual(Array(3).fill("maintenance-1.p1@heliograph"));
    const events = parse(text);
    const series = events.find((e) => e.rrule) as VEvent & { recurrences?: Record<string, VEvent> };
    const replacement = Object.values(series.recurrences ?? {})[0] ?? events.find((e) => e.recurrenceid);
    expect(replacement?.start.getTime()).toBe(moved.startsAt);
  });

  it("UNTIL is in UTC; a one-off window stays a plain UTC event; a skipped one-off is gone", () => {
    const until = berlin("2026-06-01T00:00");
    expect(unfolded(buildCalendar([win({ repeat_ends_at: until })], ctx))).toContain("UNTIL=20260531T220000Z");
    const once = win({ id: 2, repeat_unit: null, repeat_interval: null, starts_at: Date.UTC(2026, 2, 10, 1), ends_at: Date.UTC(2026, 2, 10, 2) });
    const text = unfolded(buildCalendar([once], ctx));
    expect(text).toContain("DTSTART:20260310T010000Z");
    expect(text).not.toContain("VTIMEZONE");
    expect(parse(buildCalendar([{ ...once, overrides: new Map([[once.starts_at, null]]) }], ctx))).toEqual([]);
  });

  it("escapes operators' text and names the components it affects", () => {
    const w = win({ name: "DB; upgrade, phase 1\\2", description: "Line one\nLine two" });
    const text = buildCalendar([w], ctx);
    expect(unfolded(text)).toContain("SUMMARY:DB\\; upgrade\\, phase 1\\\\2");
    const [e] = parse(text);
    expect(e.summary).toBe("DB; upgrade, phase 1\\2");
    expect(String(e.description)).toBe("Line one\nLine two\n\nAffected: Database\n\nhttps://status.example.com");
  });

  it("the VTIMEZONE lists each offset change at its instant, from the zone data", () => {
    const t = transitions("Europe/Berlin", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(t.map((x) => [x.at, x.before / 60, x.after / 60])).toEqual([
      [Date.UTC(2026, 2, 29, 1), 1, 2],
      [Date.UTC(2026, 9, 25, 1), 2, 1],
    ]);
    const tokyo = vtimezone("Asia/Tokyo", Date.UTC(2026, 0, 1), Date.UTC(2030, 0, 1));
    expect(tokyo.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(tokyo).toContain("TZOFFSETTO:+0900");
  });
});
