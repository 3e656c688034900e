import { describe, expect, it } from "vitest";
import { dailyUptime } from "@/lib/uptime";
import { encodeDays, storedDays } from "@/lib/uptime/strips";
import { lastDays } from "@/lib/time/days";
import { DAY, H, MIN, NOW, daysAgo, incident, maintenanceWindow } from "./helpers";

const ZONE = "Europe/Berlin";
// 90 days back from 10 January 2025 in Berlin: the October DST change (a 25-hour day) is inside.
const history = {
  serviceId: "api",
  serviceCreatedAt: daysAgo(120) - 7 * MIN,
  incidents: [
    incident({ id: "a", startedAt: daysAgo(40) + 3 * H, resolvedAt: daysAgo(40) + 5 * H + 17 * MIN }),
    incident({ id: "b", severity: "MEDIUM", startedAt: daysAgo(3) - 2 * H, resolvedAt: null }),
    incident({ id: "c", severity: "MINOR", startedAt: daysAgo(80), resolvedAt: daysAgo(78) }),
  ],
  maintenance: [maintenanceWindow({ startsAt: daysAgo(10), endsAt: daysAgo(10) + 2 * H + 13 * MIN })],
};
const days = dailyUptime({ ...history, now: NOW, days: 90, zone: ZONE });
const complete = lastDays(NOW, 90, ZONE).slice(0, -1);
const strip = days.slice(0, -1);

describe("stored strip encoding", () => {
  it("gives back every complete day exactly, runs of quiet days included", () => {
    const json = encodeDays(strip);
    expect(storedDays(json, strip.at(-1)!.day, strip.length, complete)).toEqual(strip);
    // Quiet days are runs, not one entry each.
    expect(JSON.parse(json).length).toBeLessThan(20);
    expect(strip.some((d) => d.uptime !== null && !Number.isInteger(d.uptime))).toBe(true);
  });

  it("gives a younger component's days without data back as such", () => {
    const young = dailyUptime({ ...history, serviceCreatedAt: daysAgo(5) + 90 * MIN, now: NOW, days: 90, zone: ZONE }).slice(0, -1);
    expect(young.filter((d) => d.uptime === null).length).toBeGreaterThan(80);
    expect(storedDays(encodeDays(young), young.at(-1)!.day, young.length, complete)).toEqual(young);
  });

  it("reads a shorter window from a longer strip, and a strip two days old as the prefix it holds", () => {
    const json = encodeDays(strip);
    const last = strip.at(-1)!.day;
    const thirty = lastDays(NOW, 30, ZONE).slice(0, -1);
    expect(storedDays(json, last, strip.length, thirty)).toEqual(strip.slice(-29));
    // Two days later: the window starts two days on; the strip holds all but its last two complete days.
    const later = lastDays(NOW + 2 * DAY, 90, ZONE).slice(0, -1);
    expect(storedDays(json, last, strip.length, later)).toEqual(strip.slice(2));
    // A strip reaching past the window (read for an earlier now): only the window's complete days.
    const earlier = lastDays(NOW - 3 * DAY, 90, ZONE).slice(0, -1);
    const longer = dailyUptime({ ...history, now: NOW, days: 93, zone: ZONE }).slice(0, -1);
    expect(storedDays(encodeDays(longer), longer.at(-1)!.day, longer.length, earlier)).toEqual(longer.slice(0, 89));
    expect(longer.slice(0, 89).map((d) => d.day)).toEqual(earlier.map((d) => d.day));
  });

  it("refuses a strip that does not reach back to the window's first day, or cannot be read", () => {
    const short = strip.slice(10);
    expect(storedDays(encodeDays(short), short.at(-1)!.day, short.length, complete)).toBeNull();
    expect(storedDays("{not json", strip.at(-1)!.day, strip.length, complete)).toBeNull();
    expect(storedDays(encodeDays(strip.slice(0, 40)), strip.at(-1)!.day, strip.length, complete)).toBeNull();
  });

  it("decodes a quiet day once for the process: two strips read apart share it, a day with an incident is their own", () => {
    const json = encodeDays(strip);
    const a = storedDays(json, strip.at(-1)!.day, strip.length, complete)!;
    const b = storedDays(json, strip.at(-1)!.day, strip.length, complete)!;
    const quiet = strip.findIndex((d) => d.uptime === 100 && d.incidentIds.length === 0 && d.maintenanceMinutes === 0);
    const busy = strip.findIndex((d) => d.incidentIds.length > 0);
    expect(quiet).toBeGreaterThanOrEqual(0);
    expect(a[quiet]).toBe(b[quiet]);
    expect(a[busy]).not.toBe(b[busy]);
    expect(a[busy]).toEqual(b[busy]);
    // Another component's (created later, with no incidents of its own) quiet full days are the older one's objects.
    const other = dailyUptime({ ...history, incidents: [], serviceCreatedAt: daysAgo(30) + 90 * MIN, now: NOW, days: 90, zone: ZONE }).slice(0, -1);
    const o = storedDays(encodeDays(other), other.at(-1)!.day, other.length, complete)!;
    const both = strip.findLastIndex((d, i) => d.uptime === 100 && d.incidentIds.length === 0 && d.maintenanceMinutes === 0 && d.observedMinutes === o[i].observedMinutes && o[i].maintenanceMinutes === 0);
    expect(both).toBeGreaterThan(80);
    expect(o[both]).toBe(a[both]);
    // Its days before it existed are shared as "no data", not as the older component's days.
    expect(o[0]).not.toBe(a[0]);
    expect(o[0].uptime).toBeNull();
  });
});
