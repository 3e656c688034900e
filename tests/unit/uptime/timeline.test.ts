import { describe, expect, it } from "vitest";
import { downtimeTenths, serviceTimeline } from "../../../lib/uptime";
import { incident, maintenanceWindow } from "./helpers";

const run = (incidents = [incident()], maintenance = [maintenanceWindow()], from = 0, to = 1000) =>
  serviceTimeline("api", incidents, maintenance, from, to);

describe("downtimeTenths", () => {
  it("weights major fully, partial at 30 %, the rest not at all", () => {
    expect(downtimeTenths("MAJOR_OUTAGE")).toBe(10);
    expect(downtimeTenths("PARTIAL_OUTAGE")).toBe(3);
    expect(downtimeTenths("DEGRADED_PERFORMANCE")).toBe(0);
    expect(downtimeTenths("UNDER_MAINTENANCE")).toBe(0);
    expect(downtimeTenths("OPERATIONAL")).toBe(0);
  });
});

describe("serviceTimeline", () => {
  it("is empty with nothing going on", () => {
    expect(run([], [])).toEqual([]);
  });

  it("layers overlapping spans so the worst status holds at each instant", () => {
    const segments = run(
      [
        incident({ id: "minor", severity: "MINOR", startedAt: 100, resolvedAt: 400 }),
        incident({ id: "major", severity: "MAJOR", startedAt: 200, resolvedAt: 300 }),
        incident({ id: "medium", severity: "MEDIUM", startedAt: 250, resolvedAt: 350 }),
      ],
      [maintenanceWindow({ startsAt: 50, endsAt: 500 })],
    );
    expect(segments).toEqual([
      { from: 50, to: 100, status: "UNDER_MAINTENANCE" },
      { from: 100, to: 200, status: "DEGRADED_PERFORMANCE" },
      { from: 200, to: 300, status: "MAJOR_OUTAGE" },
      { from: 300, to: 350, status: "PARTIAL_OUTAGE" },
      { from: 350, to: 400, status: "DEGRADED_PERFORMANCE" },
      { from: 400, to: 500, status: "UNDER_MAINTENANCE" },
    ]);
  });

  it("merges back-to-back spans with the same status and keeps gaps operational", () => {
    const segments = run(
      [
        incident({ id: "a", startedAt: 100, resolvedAt: 200 }),
        incident({ id: "b", severity: "CRITICAL", startedAt: 200, resolvedAt: 300 }),
        incident({ id: "c", startedAt: 400, resolvedAt: 450 }),
      ],
      [],
    );
    expect(segments).toEqual([
      { from: 100, to: 300, status: "MAJOR_OUTAGE" },
      { from: 400, to: 450, status: "MAJOR_OUTAGE" },
    ]);
  });

  it("clips to the window and runs unresolved incidents to its end", () => {
    expect(run([incident({ startedAt: -100, resolvedAt: null })], [], 0, 1000)).toEqual([
      { from: 0, to: 1000, status: "MAJOR_OUTAGE" },
    ]);
    expect(run([incident({ startedAt: 2000, resolvedAt: null })], [], 0, 1000)).toEqual([]);
  });

  it("skips empty and inverted intervals", () => {
    expect(run([incident({ startedAt: 100, resolvedAt: 100 }), incident({ startedAt: 300, resolvedAt: 200 })], [])).toEqual([]);
  });
});
