import { describe, expect, it } from "vitest";
import { serviceStatusAt, severityToStatus, statusRank, worstStatus } from "../../../lib/status";
import type { IncidentSpan, MaintenanceSpan, ServiceStatus } from "../../../lib/status";

const H = 3_600_000;
const T0 = Date.UTC(2025, 0, 10);

const incident = (over: Partial<IncidentSpan> = {}): IncidentSpan => ({
  id: "inc-1",
  severity: "MAJOR",
  serviceIds: ["api"],
  startedAt: T0,
  resolvedAt: null,
  ...over,
});

const window = (over: Partial<MaintenanceSpan> = {}): MaintenanceSpan => ({
  id: 1,
  serviceIds: ["api"],
  startsAt: T0,
  endsAt: T0 + 2 * H,
  ...over,
});

describe("severityToStatus", () => {
  it.each([
    ["CRITICAL", "MAJOR_OUTAGE"],
    ["MAJOR", "MAJOR_OUTAGE"],
    ["MEDIUM", "PARTIAL_OUTAGE"],
    ["MINOR", "DEGRADED_PERFORMANCE"],
  ] as const)("maps %s to %s", (sev, status) => {
    expect(severityToStatus(sev)).toBe(status);
  });
});

describe("statusRank", () => {
  it("orders MAJOR > PARTIAL > DEGRADED > MAINTENANCE > OPERATIONAL", () => {
    const ordered: ServiceStatus[] = [
      "OPERATIONAL",
      "UNDER_MAINTENANCE",
      "DEGRADED_PERFORMANCE",
      "PARTIAL_OUTAGE",
      "MAJOR_OUTAGE",
    ];
    expect(ordered.map(statusRank)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("worstStatus", () => {
  it("returns OPERATIONAL for no statuses", () => {
    expect(worstStatus([])).toBe("OPERATIONAL");
  });

  it("picks the worst regardless of order", () => {
    expect(worstStatus(["OPERATIONAL", "MAJOR_OUTAGE", "PARTIAL_OUTAGE"])).toBe("MAJOR_OUTAGE");
    expect(worstStatus(["PARTIAL_OUTAGE", "DEGRADED_PERFORMANCE", "OPERATIONAL"])).toBe("PARTIAL_OUTAGE");
    expect(worstStatus(["UNDER_MAINTENANCE", "DEGRADED_PERFORMANCE"])).toBe("DEGRADED_PERFORMANCE");
    expect(worstStatus(["OPERATIONAL", "UNDER_MAINTENANCE"])).toBe("UNDER_MAINTENANCE");
    expect(worstStatus(["OPERATIONAL", "OPERATIONAL"])).toBe("OPERATIONAL");
  });
});

describe("serviceStatusAt", () => {
  it("is OPERATIONAL with nothing going on", () => {
    expect(serviceStatusAt("api", [], [], T0)).toBe("OPERATIONAL");
  });

  it.each([
    ["CRITICAL", "MAJOR_OUTAGE"],
    ["MAJOR", "MAJOR_OUTAGE"],
    ["MEDIUM", "PARTIAL_OUTAGE"],
    ["MINOR", "DEGRADED_PERFORMANCE"],
  ] as const)("an unresolved %s incident gives %s", (severity, status) => {
    expect(serviceStatusAt("api", [incident({ severity })], [], T0 + H)).toBe(status);
  });

  it("ignores incidents on other services", () => {
    expect(serviceStatusAt("web", [incident()], [], T0 + H)).toBe("OPERATIONAL");
  });

  it("ignores resolved incidents and incidents not yet started", () => {
    const resolved = incident({ resolvedAt: T0 + H });
    expect(serviceStatusAt("api", [resolved], [], T0 + 2 * H)).toBe("OPERATIONAL");
    expect(serviceStatusAt("api", [resolved], [], T0 + H)).toBe("OPERATIONAL"); // resolvedAt is exclusive
    expect(serviceStatusAt("api", [resolved], [], T0)).toBe("MAJOR_OUTAGE"); // startedAt is inclusive
    expect(serviceStatusAt("api", [incident({ startedAt: T0 + H })], [], T0)).toBe("OPERATIONAL");
  });

  it("takes the worst of several open incidents", () => {
    const incidents = [
      incident({ id: "a", severity: "MINOR" }),
      incident({ id: "b", severity: "MEDIUM" }),
      incident({ id: "c", severity: "MAJOR", serviceIds: ["web"] }),
    ];
    expect(serviceStatusAt("api", incidents, [], T0 + H)).toBe("PARTIAL_OUTAGE");
    expect(serviceStatusAt("web", incidents, [], T0 + H)).toBe("MAJOR_OUTAGE");
  });

  it("uses openIntervals of a reopened incident instead of startedAt/resolvedAt", () => {
    const reopened = incident({
      resolvedAt: null,
      openIntervals: [
        { from: T0, to: T0 + H },
        { from: T0 + 3 * H, to: null },
      ],
    });
    expect(serviceStatusAt("api", [reopened], [], T0 + 30 * 60_000)).toBe("MAJOR_OUTAGE");
    expect(serviceStatusAt("api", [reopened], [], T0 + 2 * H)).toBe("OPERATIONAL");
    expect(serviceStatusAt("api", [reopened], [], T0 + 4 * H)).toBe("MAJOR_OUTAGE");
  });

  describe("maintenance", () => {
    const m = window({ startsAt: T0 + H, endsAt: T0 + 3 * H });

    it("is UNDER_MAINTENANCE while a covering window is in progress", () => {
      expect(serviceStatusAt("api", [], [m], T0 + 2 * H)).toBe("UNDER_MAINTENANCE");
      expect(serviceStatusAt("api", [], [m], T0 + H)).toBe("UNDER_MAINTENANCE");
    });

    it("is OPERATIONAL before a future window and after an ended one", () => {
      expect(serviceStatusAt("api", [], [m], T0)).toBe("OPERATIONAL");
      expect(serviceStatusAt("api", [], [m], T0 + 3 * H)).toBe("OPERATIONAL");
      expect(serviceStatusAt("api", [], [m], T0 + 5 * H)).toBe("OPERATIONAL");
    });

    it("covers every service when serviceIds is ALL, and only listed ones otherwise", () => {
      expect(serviceStatusAt("web", [], [m], T0 + 2 * H)).toBe("OPERATIONAL");
      expect(serviceStatusAt("web", [], [window({ serviceIds: "ALL" })], T0 + H)).toBe("UNDER_MAINTENANCE");
    });

    it("is outranked by any unresolved incident, even a MINOR one", () => {
      for (const [severity, status] of [
        ["MAJOR", "MAJOR_OUTAGE"],
        ["MEDIUM", "PARTIAL_OUTAGE"],
        ["MINOR", "DEGRADED_PERFORMANCE"],
      ] as const) {
        expect(serviceStatusAt("api", [incident({ severity })], [m], T0 + 2 * H)).toBe(status);
      }
    });

    it("applies again once the overlapping incident is resolved", () => {
      const inc = incident({ resolvedAt: T0 + 2 * H });
      expect(serviceStatusAt("api", [inc], [m], T0 + 90 * 60_000)).toBe("MAJOR_OUTAGE");
      expect(serviceStatusAt("api", [inc], [m], T0 + 150 * 60_000)).toBe("UNDER_MAINTENANCE");
    });
  });
});
