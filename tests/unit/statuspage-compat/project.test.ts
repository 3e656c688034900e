import { describe, expect, it } from "vitest";
import {
  lastChange,
  maintenanceStatus,
  toSpComponents,
  toSpIncidents,
  toSpMaintenances,
  toSpStatus,
  toSpSummary,
} from "@/lib/statuspage-compat/project";
import { SEVERITY_IMPACT, componentStatus, worstImpact } from "@/lib/statuspage-compat/mapping";
import { summaryFingerprint } from "@/lib/statuspage-compat/fingerprint";
import { SpIncident, SpScheduledMaintenance, SpSummaryResponse } from "@/lib/statuspage-compat/schema";
import type { PageSnapshot } from "@/lib/public-page/load";
import { component, DAY, group, HOUR, incident, MIN, NOW, PAGE_URL, snapshot, standalone, structure, v3Incident } from "./snapshot";

const ctx = { pageUrl: PAGE_URL };
type Maint = PageSnapshot["maintenance"][number];
/** An occurrence with no updates, in the state the clock gives it at `now` (autoStart and autoEnd on). */
const maint = (over: Partial<Maint> = {}, now = NOW): Maint => {
  const m = {
    id: 7,
    name: "Upgrade",
    description: null,
    startsAt: NOW + DAY,
    endsAt: NOW + DAY + HOUR,
    serviceIds: ["db"],
    showAffectedServices: true,
    createdAt: NOW - 3 * DAY,
    updatedAt: NOW - 2 * DAY,
    updates: [],
    timezone: null,
    ...over,
  };
  const status = over.status ?? (now < m.startsAt ? "SCHEDULED" : now < m.endsAt ? "IN_PROGRESS" : "COMPLETED");
  const span = status === "SCHEDULED" ? null : { from: m.startsAt, to: status === "COMPLETED" ? m.endsAt : Math.max(m.endsAt, now + 1) };
  return { key: `${m.id}-${m.startsAt}`, status, span, ...m };
};

describe("severity and status mapping", () => {
  it("maps every severity to an impact; MEDIUM (partial outage) is major", () => {
    expect(SEVERITY_IMPACT).toEqual({ CRITICAL: "critical", MAJOR: "major", MEDIUM: "major", MINOR: "minor" });
    expect(worstImpact(["minor", "critical", "major"])).toBe("critical");
    expect(worstImpact([])).toBe("none");
    expect(componentStatus("PARTIAL_OUTAGE")).toBe("partial_outage");
    expect(componentStatus("UNDER_MAINTENANCE")).toBe("under_maintenance");
  });

  it.each([
    ["OPERATIONAL", [], "none", "All Systems Operational"],
    ["UNDER_MAINTENANCE", [], "none", "Service Under Maintenance"],
    ["DEGRADED_PERFORMANCE", ["MINOR"], "minor", "Partially Degraded Service"],
    ["PARTIAL_OUTAGE", ["MEDIUM", "MINOR"], "major", "Partial System Outage"],
    ["MAJOR_OUTAGE", ["MAJOR"], "major", "Major System Outage"],
    ["MAJOR_OUTAGE", ["CRITICAL", "MINOR"], "critical", "Major System Outage"],
    ["PARTIAL_OUTAGE", [], "major", "Partial System Outage"],
  ] as const)("page %s with open %j → indicator %s", (status, severities, indicator, description) => {
    const incidents = severities.map((s, i) => incident(`i${i}`, s, ["api"], [["INVESTIGATING", NOW - HOUR]]));
    expect(toSpStatus(snapshot({ status, incidents }))).toEqual({ indicator, description });
  });

  it("resolved incidents do not raise the indicator", () => {
    const resolved = incident("r", "CRITICAL", ["api"], [["INVESTIGATING", NOW - 2 * HOUR], ["RESOLVED", NOW - HOUR]]);
    const open = incident("o", "MINOR", ["api"], [["INVESTIGATING", NOW - HOUR]]);
    expect(toSpStatus(snapshot({ status: "DEGRADED_PERFORMANCE", incidents: [resolved, open] })).indicator).toBe("minor");
  });
});

describe("components", () => {
  it("cards are groups listing their services; a shared service appears once, under its first card", () => {
    const comps = toSpComponents(snapshot());
    expect(comps.map((c) => [c.id, c.group, c.group_id, c.position])).toEqual([
      ["c1", true, null, 1],
      ["api", false, "c1", 2],
      ["web", false, "c1", 3],
      ["c2", true, null, 4],
      ["db", false, "c2", 5],
    ]);
    expect(comps.find((c) => c.id === "c2")!.components).toEqual(["db", "web"]);
    expect(comps.find((c) => c.id === "api")!.start_date).toBe(new Date(NOW - 90 * DAY).toISOString().slice(0, 10));
  });
});

describe("components of a v3 page", () => {
  // A group with two services, a service on its own, a second group: the loader already left hidden ones out.
  const v3 = () =>
    snapshot({
      status: "PARTIAL_OUTAGE",
      ...structure([
        group("g1", "Platform", [component("api", "PARTIAL_OUTAGE", { description: "REST and GraphQL" }), component("web")], { description: "Customer-facing" }),
        standalone(component("dns")),
        group("g2", "Empty", []),
      ]),
    });

  it("a group has group: true and its children's ids; children name it as group_id; a top-level component has group_id null", () => {
    const comps = SpSummaryResponse.parse(toSpSummary(v3(), ctx)).components;
    expect(comps.map((c) => [c.id, c.group, c.group_id, c.position, c.components ?? null])).toEqual([
      ["g1", true, null, 1, ["api", "web"]],
      ["api", false, "g1", 2, null],
      ["web", false, "g1", 3, null],
      ["dns", false, null, 4, null],
      ["g2", true, null, 5, []],
    ]);
  });

  it("a group's status is its worst child's; descriptions are carried; only components are showcased", () => {
    const comps = toSpComponents(v3());
    const byId = new Map(comps.map((c) => [c.id, c]));
    expect(byId.get("g1")).toMatchObject({ status: "partial_outage", description: "Customer-facing", showcase: false, start_date: null });
    expect(byId.get("api")).toMatchObject({ status: "partial_outage", description: "REST and GraphQL", showcase: true });
    expect(byId.get("dns")).toMatchObject({ status: "operational", description: null, group: false });
    expect(byId.get("g2")!.status).toBe("operational");
  });

  it("a v3 incident: impact from its worst component, each component listed with its own impact status", () => {
    const open = v3Incident(
      "v",
      [
        { componentId: "api", status: "MAJOR_OUTAGE", from: NOW - 3 * HOUR, to: NOW - 2 * HOUR },
        { componentId: "api", status: "PARTIAL_OUTAGE", from: NOW - 2 * HOUR, to: null },
        { componentId: "web", status: "DEGRADED_PERFORMANCE", from: NOW - 2 * HOUR, to: null },
      ],
      [["INVESTIGATING", NOW - 3 * HOUR]],
    );
    const snap = { ...v3(), incidents: [open] };
    const [inc] = toSpIncidents(snap, ctx);
    SpIncident.parse(inc);
    expect(inc.impact).toBe("major");
    expect(inc.components.map((c) => [c.id, c.status, c.group_id])).toEqual([
      ["api", "partial_outage", "g1"],
      ["web", "degraded_performance", "g1"],
    ]);
    expect(toSpStatus(snap)).toEqual({ indicator: "major", description: "Partial System Outage" });
    const critical = v3Incident("c", [{ componentId: "dns", status: "MAJOR_OUTAGE", from: NOW - HOUR, to: null }], [["INVESTIGATING", NOW - HOUR]]);
    expect(toSpIncidents({ ...snap, status: "MAJOR_OUTAGE", incidents: [critical] }, ctx)[0].impact).toBe("critical");
  });

  it("a v3 incident's ended windows rate it by the worst it was; maintenance alone is impact none", () => {
    const over = v3Incident(
      "o",
      [
        { componentId: "api", status: "DEGRADED_PERFORMANCE", from: NOW - 3 * HOUR, to: NOW - 2 * HOUR },
        { componentId: "api", status: "MAJOR_OUTAGE", from: NOW - 2 * HOUR, to: NOW - HOUR },
      ],
      [["INVESTIGATING", NOW - 3 * HOUR], ["RESOLVED", NOW - HOUR]],
    );
    const [inc] = toSpIncidents({ ...v3(), incidents: [over] }, ctx);
    expect([inc.impact, inc.components.map((c) => c.status)]).toEqual(["critical", ["major_outage"]]);
    const works = v3Incident("m", [{ componentId: "web", status: "UNDER_MAINTENANCE", from: NOW - HOUR, to: null }], [["INVESTIGATING", NOW - HOUR]]);
    expect(toSpIncidents({ ...v3(), incidents: [works] }, ctx)[0].impact).toBe("none");
  });
});

describe("incidents", () => {
  const open = incident("o", "MEDIUM", ["api", "gone"], [["INVESTIGATING", NOW - 3 * HOUR], ["MONITORING", NOW - 2 * HOUR], ["IDENTIFIED", NOW - HOUR]]);
  const done = incident("d", "MINOR", ["db"], [["INVESTIGATING", NOW - 5 * DAY], ["MONITORING", NOW - 5 * DAY + HOUR], ["RESOLVED", NOW - 5 * DAY + 2 * HOUR]]);

  it("projects status, impact, times, updates newest first, shortlink on the page address, and only components on the page", () => {
    const [a, b] = toSpIncidents(snapshot({ incidents: [done, open] }), ctx);
    SpIncident.parse(a);
    expect(a).toMatchObject({ id: "o", status: "identified", impact: "major", resolved_at: null, shortlink: `${PAGE_URL}/incidents/o` });
    expect(a.monitoring_at).toBe(new Date(NOW - 2 * HOUR).toISOString());
    expect(a.incident_updates.map((u) => u.status)).toEqual(["identified", "monitoring", "investigating"]);
    expect(a.incident_updates[0].display_at).toBe(new Date(NOW - HOUR).toISOString());
    expect(a.components.map((c) => [c.id, c.status])).toEqual([["api", "partial_outage"]]);
    expect(b).toMatchObject({ id: "d", status: "resolved", impact: "minor", resolved_at: new Date(NOW - 5 * DAY + 2 * HOUR).toISOString() });
  });

  it("keeps the 50 newest, and only unresolved ones when asked", () => {
    const many = Array.from({ length: 60 }, (_, i) => incident(`n${i}`, "MINOR", ["api"], [["INVESTIGATING", NOW - i * HOUR], ["RESOLVED", NOW - i * HOUR + MIN]]));
    const list = toSpIncidents(snapshot({ incidents: [...many, open] }), ctx);
    expect(list).toHaveLength(50);
    expect(list[0].id).toBe("n0");
    expect(toSpIncidents(snapshot({ incidents: [...many, open] }), ctx, { unresolvedOnly: true }).map((i) => i.id)).toEqual(["o"]);
  });
});

describe("scheduled maintenances", () => {
  it("status is the occurrence's state in Statuspage's words", () => {
    expect((["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED"] as const).map((status) => maintenanceStatus({ status }))).toEqual(["scheduled", "in_progress", "verifying", "completed"]);
  });

  it("phases become updates; occurrences of one window get distinct ids; affected services follow showAffectedServices", () => {
    const snap = snapshot({
      maintenance: [
        maint({ startsAt: NOW - 2 * DAY, endsAt: NOW - 2 * DAY + HOUR }),
        maint({ startsAt: NOW - HOUR, endsAt: NOW + HOUR, serviceIds: "ALL" }),
        maint({ startsAt: NOW + DAY, endsAt: NOW + DAY + HOUR, showAffectedServices: false, description: "Planned" }),
      ],
    });
    const all = toSpMaintenances(snap, ctx, "all");
    all.forEach((m) => SpScheduledMaintenance.parse(m));
    expect(all.map((m) => m.status)).toEqual(["scheduled", "in_progress", "completed"]);
    expect(new Set(all.map((m) => m.id)).size).toBe(3);
    expect(all[2].incident_updates.map((u) => u.status)).toEqual(["completed", "in_progress", "scheduled"]);
    expect(all[2].resolved_at).toBe(new Date(NOW - 2 * DAY + HOUR).toISOString());
    expect(all[1].components.map((c) => c.id)).toEqual(["api", "web", "db"]);
    expect(all[0].components).toEqual([]);
    expect(all[0].incident_updates[0].body).toBe("Planned");
    expect(toSpMaintenances(snap, ctx, "upcoming").map((m) => m.status)).toEqual(["scheduled"]);
    expect(toSpMaintenances(snap, ctx, "active").map((m) => m.status)).toEqual(["in_progress"]);
    expect(toSpMaintenances(snap, ctx, "summary").map((m) => m.status)).toEqual(["in_progress", "scheduled"]);
  });
});

describe("summary, page time and fingerprint", () => {
  it("validates against the strict summary schema", () => {
    const snap = snapshot({ status: "MAJOR_OUTAGE", incidents: [incident("o", "CRITICAL", ["api"], [["INVESTIGATING", NOW - HOUR]])], maintenance: [maint()] });
    const s = SpSummaryResponse.parse(toSpSummary(snap, ctx));
    expect(s.page).toEqual({ id: "p1", name: "Example", url: PAGE_URL, time_zone: "Etc/UTC", updated_at: new Date(NOW - HOUR).toISOString() });
    expect(() => SpSummaryResponse.parse({ ...s, extra: 1 })).toThrow();
  });

  it("page updated_at moves when something visible changes, including a maintenance starting, and not otherwise", () => {
    const m = (now: number) => maint({ startsAt: NOW + HOUR, endsAt: NOW + 2 * HOUR }, now);
    const before = lastChange(snapshot({ maintenance: [m(NOW)] }));
    expect(lastChange(snapshot({ maintenance: [m(NOW + 30 * 60_000)], generatedAt: NOW + 30 * 60_000 }))).toBe(before);
    expect(lastChange(snapshot({ maintenance: [m(NOW + 90 * 60_000)], generatedAt: NOW + 90 * 60_000 }))).toBe(NOW + HOUR);
  });

  it("the fingerprint ignores page.updated_at and links, and changes with status, incidents or maintenance", () => {
    const base = toSpSummary(snapshot(), ctx);
    const fp = summaryFingerprint(base);
    expect(summaryFingerprint({ ...base, page: { ...base.page, updated_at: new Date(0).toISOString(), url: "https://other.example" } } as typeof base)).toBe(fp);
    expect(summaryFingerprint(toSpSummary(snapshot(), { pageUrl: "http://localhost" }))).toBe(fp);
    const withIncident = toSpSummary(snapshot({ status: "MAJOR_OUTAGE", incidents: [incident("o", "MAJOR", ["api"], [["INVESTIGATING", NOW - HOUR]])] }), ctx);
    expect(summaryFingerprint(withIncident)).not.toBe(fp);
    const withMaint = toSpSummary(snapshot({ maintenance: [maint()] }), ctx);
    expect(summaryFingerprint(withMaint)).not.toBe(fp);
    const updated = toSpSummary(snapshot({ status: "MAJOR_OUTAGE", incidents: [incident("o", "MAJOR", ["api"], [["INVESTIGATING", NOW - HOUR], ["IDENTIFIED", NOW - 5 * MIN]])] }), ctx);
    expect(summaryFingerprint(updated)).not.toBe(summaryFingerprint(withIncident));
  });
});
