/**
 * Uptime and status from v3 impact windows: per component, per UTC day, overlapping windows counted once
 * at the worst, major outage minutes fully, partial at 30 %, degraded and maintenance not at all.
 */
import { describe, expect, it } from "vitest";
import { serviceStatusAt, type ImpactWindow, type IncidentSpan } from "../../../lib/status";
import { dailyUptime, groupDays, overallUptime } from "../../../lib/uptime";
import { H, LONG_AGO, MIN, NOW, TODAY, dayOf, daysAgo } from "./helpers";

const YESTERDAY = "2025-01-09";
const w = (componentId: string, status: ImpactWindow["status"], from: number, to: number | null): ImpactWindow => ({ componentId, status, from, to });

/** A v3 incident: what it did is its windows, whatever its severity column says. */
const v3 = (id: string, impacts: ImpactWindow[], resolvedAt: number | null = null): IncidentSpan => ({
  id,
  severity: "MINOR",
  serviceIds: [...new Set(impacts.map((i) => i.componentId))],
  startedAt: Math.min(...impacts.map((i) => i.from)),
  resolvedAt,
  impacts,
});

const days = (componentId: string, incidents: IncidentSpan[], createdAt = LONG_AGO) => dailyUptime({ serviceId: componentId, serviceCreatedAt: createdAt, incidents, maintenance: [], now: NOW });

describe("uptime from impact windows", () => {
  it("splits a window open across midnight between the two days", () => {
    // 23:00 two days ago until 01:00 yesterday: 60 major minutes on each day.
    const inc = v3("a", [w("api", "MAJOR_OUTAGE", daysAgo(1) - H, daysAgo(1) + H)], daysAgo(1) + H);
    const d = days("api", [inc]);
    expect(dayOf(d, "2025-01-08")).toMatchObject({ downtimeMinutes: 60, worst: "MAJOR_OUTAGE", incidentIds: ["a"] });
    expect(dayOf(d, YESTERDAY)).toMatchObject({ downtimeMinutes: 60, worst: "MAJOR_OUTAGE", incidentIds: ["a"] });
    expect(dayOf(d, YESTERDAY).uptime).toBeCloseTo((100 * (1440 - 60)) / 1440, 10);
  });

  it("counts a still-open window up to now, and the component is in that status now", () => {
    const inc = v3("open", [w("api", "PARTIAL_OUTAGE", TODAY + 2 * H, null)]);
    const today = dayOf(days("api", [inc]), "2025-01-10");
    // 10 h of partial outage at 30 % = 180 weighted minutes of the 720 observed today.
    expect(today).toMatchObject({ downtimeMinutes: 180, observedMinutes: 720, worst: "PARTIAL_OUTAGE" });
    expect(serviceStatusAt("api", [inc], [], NOW)).toBe("PARTIAL_OUTAGE");
  });

  it("weighs each stretch of an impact that changes mid-incident by its own status", () => {
    // Degraded for an hour (not downtime), then a partial outage for 2 h (36 min), then a major outage for 30 min.
    const start = daysAgo(1) + 8 * H;
    const inc = v3(
      "b",
      [w("api", "DEGRADED_PERFORMANCE", start, start + H), w("api", "PARTIAL_OUTAGE", start + H, start + 3 * H), w("api", "MAJOR_OUTAGE", start + 3 * H, start + 3 * H + 30 * MIN)],
      start + 3 * H + 30 * MIN,
    );
    expect(dayOf(days("api", [inc]), YESTERDAY)).toMatchObject({ downtimeMinutes: 36 + 30, worst: "MAJOR_OUTAGE" });
    expect(serviceStatusAt("api", [inc], [], start + 30 * MIN)).toBe("DEGRADED_PERFORMANCE");
    expect(serviceStatusAt("api", [inc], [], start + 2 * H)).toBe("PARTIAL_OUTAGE");
    expect(serviceStatusAt("api", [inc], [], start + 4 * H)).toBe("OPERATIONAL");
  });

  it("follows the windows as they are now when the history was replaced after the fact", () => {
    const start = daysAgo(1) + 8 * H;
    const before = v3("c", [w("api", "MAJOR_OUTAGE", start, start + 2 * H)], start + 2 * H);
    // The operator later corrected it: only 30 minutes of partial outage.
    const after = { ...before, impacts: [w("api", "PARTIAL_OUTAGE", start, start + 30 * MIN)] };
    expect(dayOf(days("api", [before]), YESTERDAY).downtimeMinutes).toBe(120);
    expect(dayOf(days("api", [after]), YESTERDAY).downtimeMinutes).toBe(9);
  });

  it("counts overlapping windows of two incidents on one component once, at the worst", () => {
    const start = daysAgo(1) + 8 * H;
    const one = v3("d1", [w("api", "PARTIAL_OUTAGE", start, start + 2 * H)], start + 2 * H);
    const two = v3("d2", [w("api", "MAJOR_OUTAGE", start + H, start + 90 * MIN)], start + 90 * MIN);
    // 60 partial (18) + 30 major (30) + 30 partial (9).
    const y = dayOf(days("api", [one, two]), YESTERDAY);
    expect(y.downtimeMinutes).toBe(57);
    expect(y.incidentIds.sort()).toEqual(["d1", "d2"]);
  });

  it("leaves other components of the same incident alone", () => {
    const start = daysAgo(1) + 8 * H;
    const inc = v3("e", [w("api", "MAJOR_OUTAGE", start, start + H), w("web", "DEGRADED_PERFORMANCE", start, start + H)], start + H);
    expect(dayOf(days("api", [inc]), YESTERDAY).downtimeMinutes).toBe(60);
    expect(dayOf(days("web", [inc]), YESTERDAY)).toMatchObject({ downtimeMinutes: 0, worst: "DEGRADED_PERFORMANCE", uptime: 100 });
    expect(dayOf(days("db", [inc]), YESTERDAY)).toMatchObject({ downtimeMinutes: 0, worst: "OPERATIONAL", incidentIds: [] });
  });

  it("shows no data before a component created mid-period, and counts its creation day from its creation", () => {
    const created = daysAgo(1) + 12 * H;
    const inc = v3("f", [w("new", "MAJOR_OUTAGE", daysAgo(1) + 6 * H, daysAgo(1) + 18 * H)], daysAgo(1) + 18 * H);
    const d = days("new", [inc], created);
    expect(dayOf(d, "2025-01-08")).toMatchObject({ uptime: null, worst: null });
    // Only the 6 h after creation are observed and down.
    expect(dayOf(d, YESTERDAY)).toMatchObject({ observedMinutes: 720, downtimeMinutes: 360, uptime: 50 });
  });

  it("gives a group the worst of its components per day and the mean of their uptimes", () => {
    const start = daysAgo(1) + 8 * H;
    const inc = v3("g", [w("api", "MAJOR_OUTAGE", start, start + 144 * MIN), w("web", "DEGRADED_PERFORMANCE", start, start + H)], start + 144 * MIN);
    const api = days("api", [inc]);
    const web = days("web", [inc]);
    const young = days("young", [], daysAgo(0) + H); // exists only since today: no data yesterday
    const group = groupDays([api, web, young]);
    const y = dayOf(group, YESTERDAY);
    expect(y.worst).toBe("MAJOR_OUTAGE");
    expect(y.uptime).toBeCloseTo((90 + 100) / 2, 10);
    expect(y.incidentIds).toEqual(["g"]);
    expect(dayOf(group, "2025-01-10").uptime).toBe(100);
    expect(overallUptime(group)).not.toBeNull();
    expect(groupDays([])).toEqual([]);
  });
});
