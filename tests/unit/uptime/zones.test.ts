/**
 * Uptime days in a page's zone: the bars' days are the zone's calendar days, a DST day
 * is 23 or 25 hours long and counted as such, and "90 days ago" is 90 local days back.
 */
import { describe, expect, it } from "vitest";
import type { IncidentSpan } from "../../../lib/status";
import { dailyUptime, overallUptime } from "../../../lib/uptime";
import { H, MIN, dayOf, incident } from "./helpers";

const CREATED = Date.UTC(2024, 0, 1);
const run = (zone: string, now: number, incidents: IncidentSpan[] = [], days = 90) =>
  dailyUptime({ serviceId: "api", serviceCreatedAt: CREATED, incidents, maintenance: [], now, days, zone });

describe("dailyUptime in a zone far from UTC", () => {
  // 2025-01-10 12:00 UTC is 2025-01-11 02:00 in Kiritimati (UTC+14) and 21:00 on the 10th in Tokyo.
  const NOW = Date.UTC(2025, 0, 10, 12);

  it("ends on the zone's today, not UTC's", () => {
    expect(run("Pacific/Kiritimati", NOW).at(-1)!.day).toBe("2025-01-11");
    expect(run("Asia/Tokyo", NOW).at(-1)!.day).toBe("2025-01-10");
    expect(run("UTC", NOW).at(-1)!.day).toBe("2025-01-10");
  });

  it("counts today from the zone's midnight: 2 observed hours in Kiritimati at 02:00", () => {
    expect(run("Pacific/Kiritimati", NOW).at(-1)!.observedMinutes).toBe(2 * 60);
    expect(run("Asia/Tokyo", NOW).at(-1)!.observedMinutes).toBe(21 * 60);
  });

  it("puts an outage on the zone's day: 20:00–22:00 UTC on the 8th is the 9th in Tokyo, 06:00–08:00", () => {
    const outage = incident({ startedAt: Date.UTC(2025, 0, 8, 20), resolvedAt: Date.UTC(2025, 0, 8, 22) });
    const tokyo = run("Asia/Tokyo", NOW, [outage]);
    expect(dayOf(tokyo, "2025-01-09")).toMatchObject({ worst: "MAJOR_OUTAGE", downtimeMinutes: 120, incidentIds: ["inc"] });
    expect(dayOf(tokyo, "2025-01-08")).toMatchObject({ worst: "OPERATIONAL", uptime: 100 });
    expect(dayOf(run("UTC", NOW, [outage]), "2025-01-08").downtimeMinutes).toBe(120);
  });

  it("splits an outage across the zone's midnight", () => {
    // 14:00–16:00 UTC = 23:00–01:00 in Tokyo (UTC+9)
    const outage = incident({ startedAt: Date.UTC(2025, 0, 5, 14), resolvedAt: Date.UTC(2025, 0, 5, 16) });
    const tokyo = run("Asia/Tokyo", NOW, [outage]);
    expect(dayOf(tokyo, "2025-01-05").downtimeMinutes).toBe(60);
    expect(dayOf(tokyo, "2025-01-06").downtimeMinutes).toBe(60);
  });
});

describe("dailyUptime across DST changes", () => {
  it("a spring-forward day in Berlin has 23 hours, a fall-back day 25", () => {
    const spring = run("Europe/Berlin", Date.UTC(2025, 2, 31, 12), [], 3);
    expect(spring.map((d) => d.day)).toEqual(["2025-03-29", "2025-03-30", "2025-03-31"]);
    expect(spring[0].observedMinutes).toBe(24 * 60);
    expect(spring[1].observedMinutes).toBe(23 * 60);
    const fall = run("Europe/Berlin", Date.UTC(2025, 9, 27, 12), [], 3);
    expect(fall.map((d) => d.day)).toEqual(["2025-10-25", "2025-10-26", "2025-10-27"]);
    expect(fall[1].observedMinutes).toBe(25 * 60);
  });

  it("a whole-day outage on the 23-hour day is 0 % (not 1/24 up), and 2.3 h down on it is 90 %", () => {
    const dayStart = Date.UTC(2025, 2, 29, 23); // 2025-03-30 00:00 CET
    const dayEnd = Date.UTC(2025, 2, 30, 22); // 2025-03-31 00:00 CEST
    const whole = run("Europe/Berlin", Date.UTC(2025, 2, 31, 12), [incident({ startedAt: dayStart, resolvedAt: dayEnd })], 3);
    expect(whole[1]).toMatchObject({ uptime: 0, downtimeMinutes: 23 * 60 });
    expect(whole[0].uptime).toBe(100);
    expect(whole[2].uptime).toBe(100);
    const tenth = run("Europe/Berlin", Date.UTC(2025, 2, 31, 12), [incident({ startedAt: dayStart, resolvedAt: dayStart + 138 * MIN })], 3);
    expect(tenth[1].uptime).toBe(90);
  });

  it("New York's fall-back day is 25 hours, and overall uptime weighs it so", () => {
    const now = Date.UTC(2025, 10, 3, 17); // 12:00 EST on 2025-11-03
    const dayStart = Date.UTC(2025, 10, 2, 4); // 2025-11-02 00:00 EDT
    const days = run("America/New_York", now, [incident({ startedAt: dayStart, resolvedAt: dayStart + 5 * H })], 2);
    expect(days.map((d) => d.day)).toEqual(["2025-11-02", "2025-11-03"]);
    expect(days[0]).toMatchObject({ observedMinutes: 25 * 60, uptime: 80, downtimeMinutes: 300 });
    expect(overallUptime(days)).toBeCloseTo((100 * (37 - 5)) / 37, 10);
  });

  it("90 days ago is 90 local days back across a DST change", () => {
    const now = Date.UTC(2025, 4, 15, 12); // mid-May, CEST; the window reaches back into CET
    const days = run("Europe/Berlin", now);
    expect(days).toHaveLength(90);
    expect(days[0].day).toBe("2025-02-15");
    expect(days.at(-1)!.day).toBe("2025-05-15");
    expect(days.filter((d) => d.observedMinutes === 23 * 60).map((d) => d.day)).toEqual(["2025-03-30"]);
  });
});
