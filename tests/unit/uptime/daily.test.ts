import { describe, expect, it } from "vitest";
import { openIntervalsFromUpdates, type IncidentSpan, type MaintenanceSpan } from "../../../lib/status";
import { dailyUptime } from "../../../lib/uptime";
import { H, LONG_AGO, MIN, NOW, TODAY, dayOf, daysAgo, incident, maintenanceWindow } from "./helpers";

const YESTERDAY = "2025-01-09";
const run = (incidents: IncidentSpan[] = [], maintenance: MaintenanceSpan[] = [], over: { createdAt?: number; now?: number } = {}) =>
  dailyUptime({
    serviceId: "api",
    serviceCreatedAt: over.createdAt ?? LONG_AGO,
    incidents,
    maintenance,
    now: over.now ?? NOW,
  });

describe("dailyUptime: shape", () => {
  it("returns 90 UTC days oldest first, ending today", () => {
    const days = run();
    expect(days).toHaveLength(90);
    expect(days[0].day).toBe("2024-10-13");
    expect(days[89].day).toBe("2025-01-10");
  });

  it("honours the days option", () => {
    const days = dailyUptime({ serviceId: "api", serviceCreatedAt: LONG_AGO, incidents: [], maintenance: [], now: NOW, days: 7 });
    expect(days.map((d) => d.day)).toEqual([
      "2025-01-04",
      "2025-01-05",
      "2025-01-06",
      "2025-01-07",
      "2025-01-08",
      "2025-01-09",
      "2025-01-10",
    ]);
  });

  it("reports 100 % and OPERATIONAL for quiet days", () => {
    for (const d of run()) {
      expect(d).toMatchObject({ uptime: 100, worst: "OPERATIONAL", incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0 });
    }
  });
});

describe("dailyUptime: weighting", () => {
  it("a 144-minute MAJOR outage in a full day is 90 % uptime", () => {
    const inc = incident({ id: "a", startedAt: daysAgo(1) + 10 * H, resolvedAt: daysAgo(1) + 10 * H + 144 * MIN });
    expect(dayOf(run([inc]), YESTERDAY)).toEqual({
      day: YESTERDAY,
      uptime: 90,
      worst: "MAJOR_OUTAGE",
      incidentIds: ["a"],
      downtimeMinutes: 144,
      maintenanceMinutes: 0,
      observedMinutes: 1440,
    });
  });

  it("CRITICAL counts like MAJOR", () => {
    const inc = incident({ severity: "CRITICAL", startedAt: daysAgo(1), resolvedAt: daysAgo(1) + 144 * MIN });
    expect(dayOf(run([inc]), YESTERDAY)).toMatchObject({ uptime: 90, worst: "MAJOR_OUTAGE", downtimeMinutes: 144 });
  });

  it("partial outage minutes count at 30 %", () => {
    const inc = incident({ severity: "MEDIUM", startedAt: daysAgo(1), resolvedAt: daysAgo(1) + 480 * MIN });
    expect(dayOf(run([inc]), YESTERDAY)).toMatchObject({ uptime: 90, worst: "PARTIAL_OUTAGE", downtimeMinutes: 144 });
  });

  it("degraded performance does not count as downtime", () => {
    const inc = incident({ id: "d", severity: "MINOR", startedAt: daysAgo(1), resolvedAt: daysAgo(1) + 6 * H });
    expect(dayOf(run([inc]), YESTERDAY)).toMatchObject({
      uptime: 100,
      worst: "DEGRADED_PERFORMANCE",
      incidentIds: ["d"],
      downtimeMinutes: 0,
    });
  });

  it("maintenance does not count as downtime", () => {
    const m = maintenanceWindow({ startsAt: daysAgo(1) + H, endsAt: daysAgo(1) + 4 * H });
    expect(dayOf(run([], [m]), YESTERDAY)).toMatchObject({
      uptime: 100,
      worst: "UNDER_MAINTENANCE",
      incidentIds: [],
      downtimeMinutes: 0,
      maintenanceMinutes: 180,
    });
  });

  it("maintenance for ALL services applies, maintenance for other services does not", () => {
    const all = maintenanceWindow({ serviceIds: "ALL" });
    const other = maintenanceWindow({ id: 2, serviceIds: ["web"], startsAt: daysAgo(2), endsAt: daysAgo(2) + H });
    const days = run([], [all, other]);
    expect(dayOf(days, YESTERDAY)).toMatchObject({ worst: "UNDER_MAINTENANCE", maintenanceMinutes: 60 });
    expect(dayOf(days, "2025-01-08")).toMatchObject({ worst: "OPERATIONAL", maintenanceMinutes: 0 });
  });

  it("ignores incidents on other services", () => {
    const inc = incident({ serviceIds: ["web"], resolvedAt: daysAgo(1) + 5 * H });
    expect(dayOf(run([inc]), YESTERDAY)).toMatchObject({ uptime: 100, worst: "OPERATIONAL", incidentIds: [] });
  });
});

describe("dailyUptime: timing", () => {
  it("splits an incident open across midnight between the two days", () => {
    const inc = incident({ id: "x", startedAt: daysAgo(1) - 72 * MIN, resolvedAt: daysAgo(1) + 72 * MIN });
    const days = run([inc]);
    for (const day of ["2025-01-08", YESTERDAY]) {
      expect(dayOf(days, day)).toMatchObject({ uptime: 95, downtimeMinutes: 72, worst: "MAJOR_OUTAGE", incidentIds: ["x"] });
    }
    expect(dayOf(days, "2025-01-07")).toMatchObject({ uptime: 100, incidentIds: [] });
    expect(dayOf(days, "2025-01-10")).toMatchObject({ uptime: 100, incidentIds: [] });
  });

  it("an incident resolved exactly at midnight does not touch the next day", () => {
    const inc = incident({ startedAt: daysAgo(2) + 23 * H, resolvedAt: daysAgo(1) });
    const days = run([inc]);
    expect(dayOf(days, "2025-01-08")).toMatchObject({ downtimeMinutes: 60, incidentIds: ["inc"] });
    expect(dayOf(days, YESTERDAY)).toMatchObject({ uptime: 100, worst: "OPERATIONAL", incidentIds: [] });
  });

  it("an unresolved incident spanning several days downs each full day and today up to now", () => {
    const inc = incident({ id: "long", startedAt: daysAgo(2) });
    const days = run([inc]);
    expect(dayOf(days, "2025-01-08")).toMatchObject({ uptime: 0, downtimeMinutes: 1440, incidentIds: ["long"] });
    expect(dayOf(days, YESTERDAY)).toMatchObject({ uptime: 0, downtimeMinutes: 1440, incidentIds: ["long"] });
    expect(dayOf(days, "2025-01-10")).toMatchObject({ uptime: 0, downtimeMinutes: 720, observedMinutes: 720 });
    expect(dayOf(days, "2025-01-07")).toMatchObject({ uptime: 100, incidentIds: [] });
  });

  it("counts today only up to now", () => {
    const open = incident({ id: "now", startedAt: NOW - 72 * MIN });
    expect(dayOf(run([open]), "2025-01-10")).toMatchObject({
      uptime: 90,
      downtimeMinutes: 72,
      observedMinutes: 720,
      worst: "MAJOR_OUTAGE",
      incidentIds: ["now"],
    });
  });

  it("ignores incidents and maintenance that start after now", () => {
    const later = incident({ id: "later", startedAt: NOW + H });
    const m = maintenanceWindow({ startsAt: NOW + H, endsAt: NOW + 2 * H });
    expect(dayOf(run([later], [m]), "2025-01-10")).toMatchObject({ uptime: 100, worst: "OPERATIONAL", incidentIds: [] });
  });

  it("reports no data (null) for days before the service existed and counts the creation day from createdAt", () => {
    const created = daysAgo(5) + 12 * H; // 2025-01-05 12:00
    const inc = incident({ id: "early", startedAt: daysAgo(5) + 6 * H, resolvedAt: created + 72 * MIN });
    const days = run([inc], [], { createdAt: created });
    expect(dayOf(days, "2025-01-04")).toEqual({
      day: "2025-01-04",
      uptime: null,
      worst: null,
      incidentIds: [],
      downtimeMinutes: 0,
      maintenanceMinutes: 0,
      observedMinutes: 0,
    });
    expect(days[0].uptime).toBeNull();
    expect(dayOf(days, "2025-01-05")).toMatchObject({
      uptime: 90,
      downtimeMinutes: 72,
      observedMinutes: 720,
      worst: "MAJOR_OUTAGE",
      incidentIds: ["early"],
    });
    expect(dayOf(days, "2025-01-06")).toMatchObject({ uptime: 100, observedMinutes: 1440 });
  });

  it("a service created after now has no data at all", () => {
    expect(run([], [], { createdAt: NOW + H }).every((d) => d.uptime === null && d.worst === null)).toBe(true);
  });

  it("a service created today has data only for today", () => {
    const days = run([], [], { createdAt: TODAY + 6 * H });
    expect(days.filter((d) => d.uptime !== null).map((d) => d.day)).toEqual(["2025-01-10"]);
    expect(days[89]).toMatchObject({ uptime: 100, observedMinutes: 360 });
  });
});

describe("dailyUptime: overlaps", () => {
  it("two overlapping MAJOR incidents count each minute once", () => {
    const a = incident({ id: "a", startedAt: daysAgo(1), resolvedAt: daysAgo(1) + 2 * H });
    const b = incident({ id: "b", startedAt: daysAgo(1) + H, resolvedAt: daysAgo(1) + 144 * MIN });
    expect(dayOf(run([a, b]), YESTERDAY)).toMatchObject({ uptime: 90, downtimeMinutes: 144, incidentIds: ["a", "b"] });
  });

  it("MAJOR overlapping MEDIUM: the worst status wins at each instant, not summed", () => {
    // MAJOR 10:00-12:00, MEDIUM 11:00-14:00 -> 120 major minutes + 120 partial minutes (12:00-14:00) at 30 %
    const major = incident({ id: "m", startedAt: daysAgo(1) + 10 * H, resolvedAt: daysAgo(1) + 12 * H });
    const medium = incident({ id: "p", severity: "MEDIUM", startedAt: daysAgo(1) + 11 * H, resolvedAt: daysAgo(1) + 14 * H });
    const day = dayOf(run([major, medium]), YESTERDAY);
    expect(day.downtimeMinutes).toBe(156);
    expect(day.uptime).toBeCloseTo((100 * (1440 - 156)) / 1440, 10);
    expect(day.worst).toBe("MAJOR_OUTAGE");
    expect(day.incidentIds).toEqual(["m", "p"]);
  });

  it("a MEDIUM incident fully inside a MAJOR one adds nothing", () => {
    const major = incident({ id: "m", startedAt: daysAgo(1), resolvedAt: daysAgo(1) + 144 * MIN });
    const medium = incident({ id: "p", severity: "MEDIUM", startedAt: daysAgo(1) + H, resolvedAt: daysAgo(1) + 2 * H });
    expect(dayOf(run([major, medium]), YESTERDAY)).toMatchObject({ uptime: 90, downtimeMinutes: 144 });
  });

  it("maintenance overlapping an incident does not cancel the outage minutes", () => {
    const m = maintenanceWindow({ startsAt: daysAgo(1) + 10 * H, endsAt: daysAgo(1) + 14 * H });
    const inc = incident({ startedAt: daysAgo(1) + 11 * H, resolvedAt: daysAgo(1) + 11 * H + 144 * MIN });
    expect(dayOf(run([inc], [m]), YESTERDAY)).toMatchObject({
      uptime: 90,
      downtimeMinutes: 144,
      maintenanceMinutes: 240 - 144,
      worst: "MAJOR_OUTAGE",
    });
  });

  it("a reopened incident only counts its open intervals", () => {
    const d = daysAgo(1);
    const openIntervals = openIntervalsFromUpdates([
      { status: "INVESTIGATING", at: d + 10 * H },
      { status: "RESOLVED", at: d + 11 * H },
      { status: "INVESTIGATING", at: d + 12 * H },
      { status: "RESOLVED", at: d + 12 * H + 84 * MIN },
    ]);
    // resolvedAt is the first resolution; openIntervals must take precedence over it
    const inc = incident({ id: "r", startedAt: d + 10 * H, resolvedAt: d + 11 * H, openIntervals });
    expect(dayOf(run([inc]), YESTERDAY)).toMatchObject({ uptime: 90, downtimeMinutes: 144, incidentIds: ["r"] });
  });

  it("a reopened incident that is still open counts up to now", () => {
    const inc = incident({
      id: "r",
      openIntervals: [
        { from: daysAgo(1), to: daysAgo(1) + 144 * MIN },
        { from: NOW - 72 * MIN, to: null },
      ],
    });
    const days = run([inc]);
    expect(dayOf(days, YESTERDAY)).toMatchObject({ uptime: 90, incidentIds: ["r"] });
    expect(dayOf(days, "2025-01-10")).toMatchObject({ uptime: 90, downtimeMinutes: 72, incidentIds: ["r"] });
  });
});
