/**
 * The uptime bars' kept tooltips (lib/public-page/bars.ts) and each component's own incidents
 * (lib/public-page/load.ts spansByComponent): the same text as made afresh, and a renamed incident is
 * never shown by its old name.
 */
import { describe, expect, it } from "vitest";
import { dayLabelIn } from "@/lib/i18n/day-label";
import { labelledBarsHtml } from "@/lib/public-page/bars";
import { escapeHtml } from "@/lib/text/escape";
import { spansByComponent } from "@/lib/public-page/load";
import type { IncidentSpan } from "@/lib/status";
import type { DayUptime } from "@/lib/uptime";

const day = (over: Partial<DayUptime> = {}): DayUptime => ({ day: "2026-11-20", uptime: 100, worst: "OPERATIONAL", incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 1440, ...over });

describe("kept bar tooltips", () => {
  it("are the tooltip made afresh, in each locale, for each day's facts", () => {
    const names = new Map([["i1", "DB <failover>"]]);
    const days = [day(), day({ day: "2026-11-21", uptime: 97.5, worst: "MAJOR_OUTAGE", incidentIds: ["i1"], downtimeMinutes: 36 }), day({ uptime: null, worst: null })];
    for (const locale of ["en", "de", "ja"] as const) {
      for (let round = 0; round < 2; round++) {
        const html = labelledBarsHtml(days, names, locale);
        for (const d of days) expect(html).toContain(`<span>${escapeHtml(dayLabelIn(d, names, locale))}</span>`);
      }
    }
  });

  it("follow an incident's new name", () => {
    const d = day({ incidentIds: ["i2"], worst: "PARTIAL_OUTAGE", uptime: 99 });
    expect(labelledBarsHtml([d], new Map([["i2", "Old name"]]))).toContain("Old name");
    const renamed = labelledBarsHtml([d], new Map([["i2", "New name"]]));
    expect(renamed).toContain("New name");
    expect(renamed).not.toContain("Old name");
  });
});

describe("spansByComponent", () => {
  const span = (id: string, serviceIds: string[], impacts?: { componentId: string }[]): IncidentSpan =>
    ({ id, severity: "MAJOR", serviceIds, startedAt: 0, resolvedAt: null, impacts: impacts?.map((w) => ({ ...w, status: "MAJOR_OUTAGE", from: 0, to: null })) }) as IncidentSpan;

  it("gives each component the incidents naming it, by service or by impact, in order, once", () => {
    const a = span("a", ["c1", "c2"]);
    const b = span("b", ["c2"], [{ componentId: "c3" }, { componentId: "c3" }]);
    const c = span("c", ["c1"]);
    const by = spansByComponent([a, b, c]);
    expect(by.get("c1")?.map((s) => s.id)).toEqual(["a", "c"]);
    expect(by.get("c2")?.map((s) => s.id)).toEqual(["a", "b"]);
    expect(by.get("c3")?.map((s) => s.id)).toEqual(["b"]);
    expect(by.get("c4")).toBeUndefined();
  });
});
