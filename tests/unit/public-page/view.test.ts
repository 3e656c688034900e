import { describe, expect, it } from "vitest";
import type { IncidentView } from "@/lib/incidents/types";
import {
  dayLabel,
  formatDuration,
  formatUptime,
  formatUtc,
  groupIncidentsByDay,
  hasComponentImpacts,
  historyMonths,
  impactHistory,
  impactText,
  incidentImpactStatus,
  onPage,
  parseHistoryPage,
  splitMaintenance,
} from "@/lib/public-page/view";
import type { DayUptime } from "@/lib/uptime";
import { v3Incident } from "../statuspage-compat/snapshot";

const day = (over: Partial<DayUptime>): DayUptime => ({ day: "2026-11-20", uptime: 100, worst: "OPERATIONAL", incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 1440, ...over });

const view = (id: string, startedAt: number, serviceIds: string[] = ["s1"]): IncidentView => ({
  incident: { id, account_id: "a", status_page_id: null, impact_actor_type: null, impact_actor_id: null, humans_since: null, name: `Incident ${id}`, severity: "MAJOR", last_update_status: "RESOLVED", started_at: startedAt, resolved_at: startedAt + 60_000, created_at: startedAt, updated_at: startedAt },
  services: serviceIds.map((s) => ({ id: s, account_id: "a", name: `Service ${s}`, created_at: 0, updated_at: 0 })),
  impacts: [],
  components: serviceIds.map((s) => ({ id: s, name: `Service ${s}`, status: "MAJOR_OUTAGE" as const })),
  updates: [],
});

describe("formatUptime", () => {
  it.each([
    [null, "No data"],
    [100, "100%"],
    [99.999, "99.99%"],
    [99.2, "99.20%"],
    [0, "0.00%"],
  ])("%j → %s", (v, s) => expect(formatUptime(v)).toBe(s));
});

describe("dayLabel", () => {
  const names = new Map([["i1", "API down"], ["i2", "Slow DNS"]]);
  it("says the date, the day's worst status and how long it cost, its uptime and incidents", () => {
    expect(dayLabel(day({}), names)).toBe("20 November 2026: Operational · 100% uptime");
    expect(dayLabel(day({ uptime: 99.2, worst: "MAJOR_OUTAGE", incidentIds: ["i1"], downtimeMinutes: 11.52 }), names)).toBe(
      "20 November 2026: Major outage (12 min downtime) · 99.20% uptime · 1 incident: API down",
    );
    expect(dayLabel(day({ uptime: 98, worst: "PARTIAL_OUTAGE", incidentIds: ["i1", "i2"], downtimeMinutes: 28.8 }), names)).toBe(
      "20 November 2026: Partial outage (29 min downtime) · 98.00% uptime · 2 incidents: API down; Slow DNS",
    );
    expect(dayLabel(day({ worst: "UNDER_MAINTENANCE", maintenanceMinutes: 130 }), names)).toBe("20 November 2026: Under maintenance · 100% uptime · 2 h 10 min maintenance");
  });
  it("marks days without data in the same words as the legend", () => {
    expect(dayLabel(day({ uptime: null, worst: null }), names)).toBe("20 November 2026: No data yet");
  });
});

describe("formatting", () => {
  it("formats UTC times and durations", () => {
    expect(formatUtc(Date.UTC(2026, 10, 20, 14, 5))).toBe("20 Nov 2026, 14:05 UTC");
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(30)).toBe("1 minute");
    expect(formatDuration(95 * 60)).toBe("1 h 35 min");
    expect(formatDuration(3 * 3600)).toBe("3 h");
    expect(formatDuration(50 * 3600)).toBe("2 days 2 h");
  });
});

describe("groupIncidentsByDay", () => {
  it("gives 14 days newest first, quiet days empty", () => {
    const now = Date.UTC(2026, 10, 20, 12);
    const groups = groupIncidentsByDay([view("a", Date.UTC(2026, 10, 20, 9)), view("b", Date.UTC(2026, 10, 18, 9)), view("c", Date.UTC(2026, 10, 18, 11)), view("old", Date.UTC(2026, 9, 1))], now);
    expect(groups).toHaveLength(14);
    expect(groups[0].day).toBe("2026-11-20");
    expect(groups[13].day).toBe("2026-11-07");
    expect(groups[0].incidents.map((v) => v.incident.id)).toEqual(["a"]);
    expect(groups[2].incidents.map((v) => v.incident.id)).toEqual(["c", "b"]);
    expect(groups[1].incidents).toEqual([]);
    expect(groups.flatMap((g) => g.incidents).map((v) => v.incident.id)).not.toContain("old");
  });
});

describe("splitMaintenance", () => {
  it("separates in progress, upcoming and completed", () => {
    const m = (id: number, s: number, e: number) => ({ id, name: `m${id}`, description: null, startsAt: s, endsAt: e, serviceIds: "ALL" as const, showAffectedServices: true });
    const r = splitMaintenance([m(1, 0, 10), m(2, 5, 20), m(3, 30, 40), m(4, 25, 26)], 15);
    expect(r.active.map((x) => x.id)).toEqual([2]);
    expect(r.upcoming.map((x) => x.id)).toEqual([4, 3]);
    expect(r.completed.map((x) => x.id)).toEqual([1]);
  });
});

describe("onPage", () => {
  it("keeps only the services listed on the page", () => {
    expect(onPage(view("a", 0, ["s1", "secret"]), new Set(["s1"])).services.map((s) => s.id)).toEqual(["s1"]);
  });
});

describe("history paging", () => {
  it("walks back three months per page", () => {
    const now = Date.UTC(2026, 0, 15);
    expect(historyMonths(1, now).map((m) => m.key)).toEqual(["2026-01", "2025-12", "2025-11"]);
    expect(historyMonths(2, now).map((m) => m.label)).toEqual(["October 2025", "September 2025", "August 2025"]);
    const [jan] = historyMonths(1, now);
    expect([jan.start, jan.end]).toEqual([Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 1)]);
  });
  it.each([
    [undefined, 1],
    ["1", 1],
    ["12", 12],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["abc", null],
    ["99999", null],
    [["1", "2"], null],
  ])("?page=%j → %j", (raw, n) => expect(parseHistoryPage(raw as string)).toBe(n));
});

describe("labelledBarsHtml", () => {
  it("escapes operator text in labels and allows only known status classes", async () => {
    const { barsHtml, labelledBarsHtml } = await import("@/lib/public-page/bars");
    const days = [
      day({ incidentIds: ["x"], uptime: 90, worst: "MAJOR_OUTAGE" }),
      day({ day: "2026-11-21", worst: "constructor" as never }),
      day({ day: "2026-11-22", worst: 'OPERATIONAL" onmouseover="alert(1)' as never }),
    ];
    const html = labelledBarsHtml(days, new Map([["x", '<img src=x onerror="alert(1)"> & co']]));
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co");
    expect(html).not.toMatch(/<img|onmouseover=|function/);
    expect(html).toMatch(/^<li class=m><span>/);
    expect(html).toMatch(/<li class=n tabindex=0><span>/);
    expect(html.match(/<li /g)).toHaveLength(3);
    expect(barsHtml(days)).toBe("<li class=m></li><li class=n></li><li class=n tabindex=0></li>");
  });
});

describe("what an incident does to components", () => {
  const H = 3_600_000;
  const v3 = v3Incident(
    "v",
    [
      { componentId: "web", status: "DEGRADED_PERFORMANCE", from: 2 * H, to: null },
      { componentId: "api", status: "MAJOR_OUTAGE", from: H, to: 2 * H },
      { componentId: "api", status: "PARTIAL_OUTAGE", from: 2 * H, to: null },
    ],
    [["INVESTIGATING", H]],
  );

  it("a v1 incident is as bad as its severity; a v3 incident as its worst component on the page", () => {
    expect(hasComponentImpacts(view("a", 0))).toBe(false);
    expect(incidentImpactStatus({ ...view("a", 0), incident: { ...view("a", 0).incident, severity: "MEDIUM" } })).toBe("PARTIAL_OUTAGE");
    expect(hasComponentImpacts(v3)).toBe(true);
    expect(v3.components.map(impactText)).toEqual(["API — Partial outage", "WEB — Degraded performance"]);
    expect(incidentImpactStatus(v3)).toBe("PARTIAL_OUTAGE");
    expect(incidentImpactStatus(onPage(v3, new Set(["web"])))).toBe("DEGRADED_PERFORMANCE");
    expect(incidentImpactStatus(onPage(v3, new Set()))).toBe("OPERATIONAL");
  });

  it("impact history: the windows in order of start, named, open ones without an end; only this page's", () => {
    expect(impactHistory(v3).map((w) => [w.name, w.status, w.from, w.to])).toEqual([
      ["API", "MAJOR_OUTAGE", H, 2 * H],
      ["API", "PARTIAL_OUTAGE", 2 * H, null],
      ["WEB", "DEGRADED_PERFORMANCE", 2 * H, null],
    ]);
    expect(impactHistory(onPage(v3, new Set(["web"]))).map((w) => w.name)).toEqual(["WEB"]);
    expect(impactHistory(view("a", 0))).toEqual([]);
  });
});
