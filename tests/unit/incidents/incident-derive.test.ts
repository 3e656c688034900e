import { describe, expect, it } from "vitest";
import { deriveFromUpdates, incidentDuration, postedTimeline } from "@/lib/incidents/derive";
import { openIntervalsFromUpdates } from "@/lib/status/intervals";

const u = (id: string, status: "INVESTIGATING" | "IDENTIFIED" | "MONITORING" | "RESOLVED", at: number, created = at) => ({
  id, status, public_incident_update_date: at, created_at: created,
});

describe("incident state from updates", () => {
  it("is open until the latest posted update resolves it", () => {
    expect(deriveFromUpdates([u("a", "INVESTIGATING", 1000)])).toEqual({ last_update_status: "INVESTIGATING", started_at: 1000, resolved_at: null });
    expect(deriveFromUpdates([u("a", "INVESTIGATING", 1000), u("b", "RESOLVED", 61_000)])).toEqual({ last_update_status: "RESOLVED", started_at: 1000, resolved_at: 61_000 });
  });

  it("reopens when a later update is not RESOLVED", () => {
    const r = deriveFromUpdates([u("a", "INVESTIGATING", 1), u("b", "RESOLVED", 2), u("c", "IDENTIFIED", 3)]);
    expect(r.resolved_at).toBeNull();
    expect(r.last_update_status).toBe("IDENTIFIED");
  });

  it("uses posting order, not the public date, to find the latest update", () => {
    const r = deriveFromUpdates([u("a", "INVESTIGATING", 100, 1), u("b", "RESOLVED", 500, 2), u("c", "RESOLVED", 50, 3)]);
    expect(r.started_at).toBe(50);
    expect(r.resolved_at).toBe(50);
  });

  it("agrees with the status timeline when the resolving update is backdated", () => {
    // Opened 10:00, IDENTIFIED posted 10:30, then RESOLVED posted with the time the fix went in (10:15).
    const updates = [u("a", "INVESTIGATING", 600, 1), u("b", "IDENTIFIED", 630, 2), u("c", "RESOLVED", 615, 3)];
    const row = deriveFromUpdates(updates);
    expect(row.resolved_at).toBe(615);
    expect(openIntervalsFromUpdates(postedTimeline(updates))).toEqual([{ from: 600, to: 615 }]);
  });

  it("keeps a reopened incident open even when the reopening update is backdated", () => {
    const updates = [u("a", "INVESTIGATING", 600, 1), u("b", "RESOLVED", 700, 2), u("c", "INVESTIGATING", 650, 3)];
    expect(deriveFromUpdates(updates).resolved_at).toBeNull();
    expect(openIntervalsFromUpdates(postedTimeline(updates))).toEqual([{ from: 600, to: 650 }, { from: 650, to: null }]);
  });

  it("measures duration in seconds, null while open", () => {
    expect(incidentDuration(1000, 61_000)).toBe(60);
    expect(incidentDuration(1000, null)).toBeNull();
  });
});
