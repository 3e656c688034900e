/** The public page's own day and month groupings follow the page's zone. */
import { describe, expect, it } from "vitest";
import type { IncidentView } from "../../../lib/incidents/types";
import { groupIncidentsByDay, historyMonths } from "../../../lib/public-page/view";

const view = (id: string, startedAt: number) => ({ incident: { id, started_at: startedAt } }) as unknown as IncidentView;

describe("past incidents by day", () => {
  const NOW = Date.UTC(2026, 10, 24, 20); // 25 Nov 05:00 in Tokyo
  const late = view("late", Date.UTC(2026, 10, 23, 16)); // 24 Nov 01:00 in Tokyo, 23 Nov in UTC

  it("starts at the zone's today and files an incident under the zone's day", () => {
    const tokyo = groupIncidentsByDay([late], NOW, 3, "Asia/Tokyo");
    expect(tokyo.map((d) => d.day)).toEqual(["2026-11-25", "2026-11-24", "2026-11-23"]);
    expect(tokyo[1].incidents.map((v) => v.incident.id)).toEqual(["late"]);
    const utc = groupIncidentsByDay([late], NOW, 3);
    expect(utc.map((d) => d.day)).toEqual(["2026-11-24", "2026-11-23", "2026-11-22"]);
    expect(utc[1].incidents.map((v) => v.incident.id)).toEqual(["late"]);
  });
});

describe("history months", () => {
  it("are the zone's months: 31 Dec 20:00 UTC is already January in Tokyo", () => {
    const now = Date.UTC(2026, 11, 31, 20);
    expect(historyMonths(1, now, 2, "Asia/Tokyo").map((m) => [m.key, m.label, m.start])).toEqual([
      ["2027-01", "January 2027", Date.UTC(2026, 11, 31, 15)],
      ["2026-12", "December 2026", Date.UTC(2026, 10, 30, 15)],
    ]);
    expect(historyMonths(2, now, 2).map((m) => m.key)).toEqual(["2026-10", "2026-09"]);
  });
});
