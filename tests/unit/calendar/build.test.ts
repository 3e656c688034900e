import { describe, expect, it } from "vitest";
import ical, { type VEvent } from "node-ical";
import { buildCalendar, needsExplicitOccurrences, type CalendarWindow } from "@/lib/calendar/build";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import { DEFAULT_VISIBILITY } from "@/lib/maintenance/types";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 0, 15, 12);
const ctx = { page: { id: "p1", name: "Example" }, pageUrl: "https://status.example.com", serviceNames: new Map([["s1", "API"]]), now: NOW };

function win(id: number, over: Partial<CalendarWindow> = {}): CalendarWindow {
  return {
    id, account_id: "a", name: `Window ${id}`, description: null, tags: "[]",
    starts_at: Date.UTC(2026, 0, 20, 22), ends_at: Date.UTC(2026, 0, 20, 23, 30),
    repeat_interval: null, repeat_unit: null, repeat_ends_at: null, timezone: null,
    pause_all_checks: 0, silence_all_alerts: 0, silence_alerts_tags: "[]", status_page_visibility: "{}",
    created_at: NOW - 10 * DAY, updated_at: NOW - 5 * DAY,
    visibility: { ...DEFAULT_VISIBILITY, enabled: true, serviceIds: ["s1"] },
    ...over,
  };
}

const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");

function expectSameDates(w: CalendarWindow, e: VEvent, from: number, to: number) {
  const expanded = ical.expandRecurringEvent(e, { from: new Date(from), to: new Date(to) }).map((i) => i.start.getTime());
  expect(expanded).toEqual(occurrencesBetween(w, from, to).map((o) => o.startsAt));
  expect(expanded.length).toBeGreaterThan(1);
}

describe("maintenance calendar", () => {
  it("repeating windows become RRULEs that expand to exactly Heliograph's occurrences", () => {
    const windows = [
      win(1, { repeat_unit: "DAY", repeat_interval: 3 }),
      win(2, { repeat_unit: "WEEK", repeat_interval: 2, repeat_ends_at: Date.UTC(2026, 3, 1) }),
      win(3, { repeat_unit: "MONTH", repeat_interval: 1, starts_at: Date.UTC(2026, 0, 15, 2), ends_at: Date.UTC(2026, 0, 15, 4) }),
      win(4, { repeat_unit: "MONTH", repeat_interval: 2, repeat_ends_at: Date.UTC(2026, 11, 31) }),
    ];
    const parsed = events(buildCalendar(windows, ctx));
    expect(parsed).toHaveLength(4);
    for (const w of windows) {
      const e = parsed.find((p) => p.summary === w.name)!;
      expect(e.rrule, w.name).toBeDefined();
      expectSameDates(w, e, NOW - 30 * DAY, NOW + 400 * DAY);
    }
    const weekly = parsed.find((p) => p.summary === "Window 2")!;
    expect(String(weekly.rrule)).toContain("FREQ=WEEKLY");
    expect(String(weekly.rrule)).toContain("INTERVAL=2");
  });

  it("a monthly window on the 29th-31st is listed occurrence by occurrence (Heliograph clamps to the month's end)", () => {
    const w = win(5, { repeat_unit: "MONTH", starts_at: Date.UTC(2026, 0, 31, 22), ends_at: Date.UTC(2026, 0, 31, 23) });
    expect(needsExplicitOccurrences(w)).toBe(true);
    const parsed = events(buildCalendar([w], ctx));
    expect(parsed.every((e) => !e.rrule)).toBe(true);
    const starts = parsed.map((e) => e.start.getTime()).sort((a, b) => a - b);
    expect(starts.slice(0, 3)).toEqual([Date.UTC(2026, 0, 31, 22), Date.UTC(2026, 1, 28, 22), Date.UTC(2026, 2, 31, 22)]);
    expect(new Set(parsed.map((e) => e.uid)).size).toBe(parsed.length);
  });

  it("lists upcoming and recent windows, drops those that ended more than 91 days ago", () => {
    const old = win(6, { starts_at: NOW - 120 * DAY, ends_at: NOW - 120 * DAY + HOUR });
    const recent = win(7, { starts_at: NOW - 30 * DAY, ends_at: NOW - 30 * DAY + HOUR });
    const endedRepeat = win(8, { repeat_unit: "DAY", starts_at: NOW - 300 * DAY, ends_at: NOW - 300 * DAY + HOUR, repeat_ends_at: NOW - 200 * DAY });
    expect(events(buildCalendar([old, recent, endedRepeat, win(9)], ctx)).map((e) => e.summary).sort()).toEqual(["Window 7", "Window 9"]);
  });

  it("text with commas, semicolons and newlines survives; affected services and the page link are in the description", () => {
    const w = win(10, { name: "DB; upgrade, phase 1", description: "Line one\nLine two" });
    const text = buildCalendar([w], ctx);
    const [e] = events(text);
    expect(e.summary).toBe("DB; upgrade, phase 1");
    expect(String(e.description)).toBe("Line one\nLine two\n\nAffected: API\n\nhttps://status.example.com");
    expect(e.uid).toBe("maintenance-10.p1@heliograph");
    expect(buildCalendar([w], ctx)).toBe(text); // byte-stable (no DTSTAMP of now)
  });
});
