import { describe, expect, it } from "vitest";
import { lastMonths } from "../../../lib/time/days";
import { routeClassOf, strayQuery } from "../../../lib/tenancy/route-class";
import { dailyUptime, daysSpanned, monthlyUptime } from "../../../lib/uptime";
import { H, incident } from "./helpers";

const NOW = Date.UTC(2026, 2, 10, 12); // 10 Mar 2026
const run = (zone: string, incidents = [incident({ startedAt: Date.UTC(2026, 1, 28, 23), resolvedAt: Date.UTC(2026, 1, 28, 23) + 2 * H })]) => {
  const months = lastMonths(NOW, 3, zone);
  const days = dailyUptime({ serviceId: "api", serviceCreatedAt: Date.UTC(2025, 0, 1), incidents, maintenance: [], now: NOW, days: daysSpanned(months, NOW), zone });
  return { months, days, monthly: monthlyUptime(days, months) };
};

describe("monthlyUptime", () => {
  it("splits the bars' days into the zone's months, oldest first, with the days to come as null", () => {
    const { days, monthly } = run("UTC");
    expect(days[0].day).toBe("2026-01-01");
    expect(monthly.map((m) => [m.key, m.days.length, m.firstWeekday])).toEqual([["2026-01", 31, 4], ["2026-02", 28, 7], ["2026-03", 31, 7]]);
    expect(monthly[2].days.filter((d) => d === null)).toHaveLength(21);
    expect(monthly.flatMap((m) => m.days).filter((d) => d !== null)).toEqual(days);
  });

  it("weighs a month by its observed minutes: the hour of the outage in UTC February is 100 × (1 − 60 / 40320)", () => {
    const { monthly } = run("UTC");
    expect(monthly[1].uptime).toBeCloseTo(100 * (1 - 60 / (28 * 1440)), 10);
    expect(monthly[2].days[0]).toMatchObject({ day: "2026-03-01", downtimeMinutes: 60 });
    expect(monthly[0].uptime).toBe(100);
  });

  it("moves an outage across a month boundary with the zone: 28 Feb 23:00 UTC is 1 March in Berlin", () => {
    const { monthly } = run("Europe/Berlin");
    expect(monthly[1].uptime).toBe(100);
    expect(monthly[2].days[0]).toMatchObject({ day: "2026-03-01", worst: "MAJOR_OUTAGE", downtimeMinutes: 120 });
  });

  it("gives null for a month the component did not exist in", () => {
    const months = lastMonths(NOW, 3, "UTC");
    const days = dailyUptime({ serviceId: "api", serviceCreatedAt: Date.UTC(2026, 1, 15), incidents: [], maintenance: [], now: NOW, days: daysSpanned(months, NOW), zone: "UTC" });
    expect(monthlyUptime(days, months).map((m) => m.uptime)).toEqual([null, 100, 100]);
  });
});

describe("the /uptime route", () => {
  it("is an HTML page: locked private pages answer 401, shared links open it, public ones are shared-cacheable", () => {
    const cls = routeClassOf("/uptime");
    expect(cls).toMatchObject({ name: "uptime", lockable: true, keyExchange: true, sharedHtml: true });
    expect(strayQuery(cls, new URLSearchParams("utm_source=x"))).toBe("");
    expect(routeClassOf("/uptime/x").name).toBe("other");
  });
});
