import { describe, expect, it } from "vitest";
import { dayLabelIn } from "@/lib/i18n/day-label";
import { formatUptimeIn } from "@/lib/i18n";
import { dayLabel, formatUptime } from "@/lib/public-page/view";
import type { DayUptime } from "@/lib/uptime";

const day = (over: Partial<DayUptime>): DayUptime => ({ day: "2026-11-24", uptime: 100, worst: "OPERATIONAL", incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 1440, ...over });
const names = new Map([["a", "DB <slow>"], ["b", "Queue"], ["c", "C"], ["d", "D"]]);
const DAYS: DayUptime[] = [
  day({}),
  day({ uptime: null, worst: null }),
  day({ uptime: 99.95, worst: "PARTIAL_OUTAGE", incidentIds: ["a"], downtimeMinutes: 0.4 }),
  day({ uptime: 91.66, worst: "MAJOR_OUTAGE", incidentIds: ["a", "b", "c", "d"], downtimeMinutes: 130, maintenanceMinutes: 60 }),
  day({ uptime: 99.999, worst: "UNDER_MAINTENANCE", maintenanceMinutes: 45 }),
];

describe("uptime bars' tooltips in the page's language", () => {
  it.each(DAYS.map((d, i) => [i, d] as const))("English is the wording lib/public-page/view.ts writes (%i)", (_i, d) => {
    expect(dayLabelIn(d, names, "en")).toBe(dayLabel(d, names));
  });

  it("German: date, status, durations, plurals and the decimal comma", () => {
    // The date is lib/time/format.ts formatDayKey's in the locale; the rest is this module's.
    expect(dayLabelIn(DAYS[3], names, "de")).toMatch(/^24\.? November 2026: Schwerer Ausfall \(2 Std\. 10 Min\. Ausfallzeit\) · 91,66\s% Verfügbarkeit · 4 Störungen: DB <slow>; Queue; C … · 1 Std\. Wartung$/);
    expect(dayLabelIn(DAYS[2], names, "de")).toContain("1 Störung: DB <slow>");
    expect(dayLabelIn(DAYS[1], names, "ja")).toMatch(/まだデータがありません$/);
  });

  it("an uptime is never rounded up to 100 in any locale", () => {
    for (const v of [0, 12.3456, 99.95, 99.999, 100]) expect(formatUptimeIn(v, "en")).toBe(formatUptime(v));
    expect(formatUptimeIn(99.999, "fr")).toMatch(/^99,99\s%$/);
    expect(formatUptimeIn(99.999, "ja")).toBe("99.99%");
  });
});

describe("incident durations in the page's language", () => {
  it("English is lib/public-page/view.ts formatDuration's wording", async () => {
    const { formatDurationIn } = await import("@/lib/i18n/day-label");
    const { formatDuration } = await import("@/lib/public-page/view");
    for (const s of [null, 20, 60, 61 * 60, 3 * 3600, 3 * 3600 + 300, 50 * 3600, 72 * 3600 + 600]) expect(formatDurationIn(s, "en")).toBe(formatDuration(s));
    expect(formatDurationIn(60, "de")).toBe("1 Minute");
    expect(formatDurationIn(50 * 3600, "ja")).toBe("2日2時間");
  });
});
