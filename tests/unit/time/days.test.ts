import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { lastDays, lastMonths } from "../../../lib/time/days";

const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Pacific/Kiritimati", "Asia/Kolkata", "Australia/Lord_Howe", "America/Santiago", "Asia/Beirut", "Pacific/Apia"];

describe("lastDays", () => {
  it.each(ZONES)("%s: every day starts where luxon's startOf('day') says, DST and midnight changes included", (zone) => {
    const now = Date.UTC(2025, 0, 20, 7, 30);
    const days = lastDays(now, 800, zone);
    expect(days).toHaveLength(800);
    for (const d of days) {
      const expected = DateTime.fromISO(d.day, { zone }).startOf("day");
      expect(d.start, `${zone} ${d.day}`).toBe(expected.toMillis());
      expect(d.end, `${zone} ${d.day}`).toBe(expected.plus({ days: 1 }).startOf("day").toMillis());
    }
    expect(days.at(-1)!.day).toBe(DateTime.fromMillis(now, { zone }).toISODate());
  });

  it("a day with no midnight (Santiago springs forward at 00:00) starts at 01:00", () => {
    const day = lastDays(Date.UTC(2024, 8, 9, 12), 2, "America/Santiago")[0];
    expect(day.day).toBe("2024-09-08");
    expect(DateTime.fromMillis(day.start, { zone: "America/Santiago" }).toFormat("HH:mm")).toBe("01:00");
    expect(day.end - day.start).toBe(23 * 3_600_000);
  });

  it("answers the same days for every component of a render (one computation per zone and local date)", () => {
    const now = Date.UTC(2025, 5, 1, 12);
    expect(lastDays(now, 90, "Europe/Berlin")).toBe(lastDays(now + 60_000, 90, "Europe/Berlin"));
  });
});

describe("lastMonths", () => {
  it.each(ZONES)("%s: month bounds and days agree with luxon", (zone) => {
    for (const m of lastMonths(Date.UTC(2025, 0, 20), 24, zone)) {
      const first = DateTime.fromISO(`${m.key}-01`, { zone }).startOf("day");
      expect(m.start, `${zone} ${m.key}`).toBe(first.toMillis());
      expect(m.end, `${zone} ${m.key}`).toBe(first.plus({ months: 1 }).startOf("day").toMillis());
      expect(m.days).toHaveLength(first.daysInMonth!);
      expect(m.firstWeekday).toBe(first.weekday);
      for (let i = 1; i < m.days.length; i++) expect(m.days[i].start).toBe(m.days[i - 1].end);
    }
  });
});
