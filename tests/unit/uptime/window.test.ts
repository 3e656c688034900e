import { describe, expect, it } from "vitest";
import { dailyUptime, meanUptime, overallUptime, uptimeOverWindow, type DayUptime } from "../../../lib/uptime";
import { DAY, H, LONG_AGO, MIN, NOW, daysAgo, incident, maintenanceWindow } from "./helpers";

const day = (over: Partial<DayUptime>): DayUptime => ({
  day: "2025-01-01",
  uptime: 100,
  worst: "OPERATIONAL",
  incidentIds: [],
  downtimeMinutes: 0,
  maintenanceMinutes: 0,
  observedMinutes: 1440,
  ...over,
});

describe("overallUptime", () => {
  it("is null without days with data", () => {
    expect(overallUptime([])).toBeNull();
    expect(overallUptime([day({ uptime: null, worst: null, observedMinutes: 0 })])).toBeNull();
  });

  it("weights days by observed time, not a plain mean of daily values", () => {
    const days = [
      day({ uptime: 90, downtimeMinutes: 144 }),
      day({ day: "2025-01-02", uptime: 100, observedMinutes: 720 }),
      day({ day: "2025-01-03", uptime: null, worst: null, observedMinutes: 0 }),
    ];
    expect(overallUptime(days)).toBeCloseTo((100 * (2160 - 144)) / 2160, 10);
  });

  it("matches the minute-weighted uptime of the whole dailyUptime range", () => {
    const inc = incident({ startedAt: daysAgo(3), resolvedAt: daysAgo(3) + 144 * MIN });
    const args = { serviceId: "api", serviceCreatedAt: LONG_AGO, incidents: [inc], maintenance: [] };
    const days = dailyUptime({ ...args, now: NOW });
    const observed = 89 * 1440 + 720;
    expect(overallUptime(days)).toBeCloseTo((100 * (observed - 144)) / observed, 10);
    expect(overallUptime(days)).toBeCloseTo(uptimeOverWindow({ ...args, from: daysAgo(89), to: NOW })!, 10);
  });

  it("is 100 for a quiet service", () => {
    expect(overallUptime(dailyUptime({ serviceId: "api", serviceCreatedAt: LONG_AGO, incidents: [], maintenance: [], now: NOW }))).toBe(100);
  });
});

describe("meanUptime (card uptime)", () => {
  it("averages the services that have data, ignoring nulls", () => {
    expect(meanUptime([90, null, 100])).toBe(95);
    expect(meanUptime([99.5])).toBe(99.5);
  });

  it("is null when no service has data", () => {
    expect(meanUptime([])).toBeNull();
    expect(meanUptime([null, null])).toBeNull();
  });

  it("keeps 0 % as data", () => {
    expect(meanUptime([0, 100, null])).toBe(50);
  });
});

describe("uptimeOverWindow", () => {
  const base = { serviceId: "api", serviceCreatedAt: LONG_AGO, incidents: [], maintenance: [] };
  const last24h = { from: NOW - DAY, to: NOW };

  it("is 100 for a quiet window", () => {
    expect(uptimeOverWindow({ ...base, ...last24h })).toBe(100);
  });

  it("a 144-minute MAJOR outage in 24h is 90 %, even across midnight", () => {
    const inc = incident({ startedAt: daysAgo(0) - 72 * MIN, resolvedAt: daysAgo(0) + 72 * MIN });
    expect(uptimeOverWindow({ ...base, incidents: [inc], ...last24h })).toBe(90);
  });

  it("clips incidents to the window edges", () => {
    const inc = incident({ startedAt: NOW - DAY - 5 * H, resolvedAt: NOW - DAY + 144 * MIN });
    expect(uptimeOverWindow({ ...base, incidents: [inc], ...last24h })).toBe(90);
    const open = incident({ startedAt: NOW - 144 * MIN, resolvedAt: null });
    expect(uptimeOverWindow({ ...base, incidents: [open], ...last24h })).toBe(90);
  });

  it("counts partial outage at 30 % and ignores degraded and maintenance", () => {
    const incidents = [
      incident({ id: "p", severity: "MEDIUM", startedAt: NOW - 10 * H, resolvedAt: NOW - 2 * H }),
      incident({ id: "d", severity: "MINOR", startedAt: NOW - 20 * H, resolvedAt: NOW - 15 * H }),
    ];
    const maintenance = [maintenanceWindow({ startsAt: NOW - 23 * H, endsAt: NOW - 21 * H })];
    expect(uptimeOverWindow({ ...base, incidents, maintenance, ...last24h })).toBe(90);
  });

  it("does not double count overlapping incidents", () => {
    const incidents = [
      incident({ id: "a", startedAt: NOW - 3 * H, resolvedAt: NOW - H }),
      incident({ id: "b", severity: "MEDIUM", startedAt: NOW - 4 * H, resolvedAt: NOW }),
    ];
    // 120 major minutes + 120 partial minutes (the MEDIUM minutes outside the MAJOR one) at 30 %
    expect(uptimeOverWindow({ ...base, incidents, ...last24h })).toBeCloseTo((100 * (1440 - 156)) / 1440, 10);
  });

  it("computes 7-day and 30-day windows", () => {
    const inc = incident({ startedAt: daysAgo(3), resolvedAt: daysAgo(3) + 1008 * MIN });
    const week = uptimeOverWindow({ ...base, incidents: [inc], from: NOW - 7 * DAY, to: NOW });
    expect(week).toBe(90);
    const month = uptimeOverWindow({ ...base, incidents: [inc], from: NOW - 30 * DAY, to: NOW });
    expect(month).toBeCloseTo((100 * (30 * 1440 - 1008)) / (30 * 1440), 10);
  });

  it("only counts from service creation", () => {
    const created = NOW - 12 * H;
    const inc = incident({ startedAt: NOW - 20 * H, resolvedAt: created + 72 * MIN });
    expect(uptimeOverWindow({ ...base, serviceCreatedAt: created, incidents: [inc], ...last24h })).toBe(90);
  });

  it("is null if the service did not exist in the window or the window is empty", () => {
    expect(uptimeOverWindow({ ...base, serviceCreatedAt: NOW + 1, ...last24h })).toBeNull();
    expect(uptimeOverWindow({ ...base, serviceCreatedAt: NOW, ...last24h })).toBeNull();
    expect(uptimeOverWindow({ ...base, from: NOW, to: NOW })).toBeNull();
  });
});
