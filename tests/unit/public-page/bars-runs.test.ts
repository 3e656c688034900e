/**
 * Runs of quiet days in the uptime bars (lib/public-page/bars.ts): consecutive days with nothing to say but their
 * status are one element as wide as those days, never across a period edge or into today; a day with an incident,
 * downtime or maintenance stays its own element with its full tooltip (in the bars' route's labelled copy).
 */
import { describe, expect, it } from "vitest";
import { BAR_CLASS, barsHtml, barsKey, labelledBarsHtml } from "@/lib/public-page/bars";
import type { DayUptime } from "@/lib/uptime";

const dayKey = (i: number) => new Date(Date.UTC(2026, 7, 28) + i * 86_400_000).toISOString().slice(0, 10);
const up = (i: number): DayUptime => ({ day: dayKey(i), uptime: 100, worst: "OPERATIONAL", incidentIds: [], downtimeMinutes: 0, maintenanceMinutes: 0, observedMinutes: 1440 });
const none = (i: number): DayUptime => ({ ...up(i), uptime: null, worst: null, observedMinutes: 0 });
const bad = (i: number): DayUptime => ({ ...up(i), uptime: 97.5, worst: "MAJOR_OUTAGE", incidentIds: ["x"], downtimeMinutes: 36 });

const STATUS_OF: Record<string, string> = Object.fromEntries(Object.entries(BAR_CLASS).map(([status, c]) => [c, status]));

/** Each element's status, days (`--n`, 1 when absent), period edge, period and tooltip (labelled copy). */
function elements(html: string) {
  return [...html.matchAll(/<li class="?(\w)( [ab]")?( style=--n:(\d+))?( data-p=(\d+))?( data-h)?( tabindex=0)?><span>([^<]*)<\/span><\/li>/g)].map((m) => ({
    status: STATUS_OF[m[1]],
    edge: m[2]?.slice(1, 2) ?? null,
    n: Number(m[4] ?? 1),
    p: m[6] ?? null,
    older: m[7] !== undefined,
    tab: m[8] !== undefined,
    tip: m[9],
  }));
}

/** The page's bare copy: no labels, so only status, days, edge and the tab stop. */
function bare(html: string) {
  return [...html.matchAll(/<li class="?(\w)( [ab]")?( style=--n:(\d+))?( tabindex=0)?><\/li>/g)].map((m) => ({ status: STATUS_OF[m[1]], edge: m[2]?.slice(1, 2) ?? null, n: Number(m[4] ?? 1), tab: m[5] !== undefined }));
}

describe("uptime bar runs", () => {
  it("cover every day once, in order, and stop at the 30- and 60-day edges and before today", () => {
    const days = Array.from({ length: 90 }, (_, i) => (i < 10 ? none(i) : i === 50 ? bad(i) : up(i)));
    const html = labelledBarsHtml(days, new Map([["x", "DB <down>"]]));
    const els = elements(html);
    expect(els.reduce((n, e) => n + e.n, 0)).toBe(90);
    expect(html.match(/<li /g)).toHaveLength(els.length);
    // 10 no-data days; up to the 60-day edge (ages 79..60); up to the incident; the incident; to the 30-day edge; to today; today.
    expect(els.map((e) => [e.status, e.n, e.p])).toEqual([
      ["NO_DATA", 10, "90"],
      ["OPERATIONAL", 20, "90"],
      ["OPERATIONAL", 20, "60"],
      ["MAJOR_OUTAGE", 1, "60"],
      ["OPERATIONAL", 9, "60"],
      ["OPERATIONAL", 29, null],
      ["OPERATIONAL", 1, null],
    ]);
    expect(els.filter((e) => e.tab)).toHaveLength(1);
    expect(els.at(-1)!.tab).toBe(true);
    // The first element of the last 60 days is `a`, of the last 30 `b`: a narrow card hides what comes before.
    expect(els.map((e) => e.edge)).toEqual([null, null, "a", null, null, "b", null]);
  });

  it("are the same elements on the page, bare: no label, no tooltip direction", () => {
    const days = Array.from({ length: 90 }, (_, i) => (i < 10 ? none(i) : i === 50 ? bad(i) : up(i)));
    const html = barsHtml(days);
    const els = bare(html);
    expect(html.match(/<li /g)).toHaveLength(els.length);
    expect(html).not.toMatch(/<span|data-p|data-h/);
    expect(els).toEqual(elements(labelledBarsHtml(days, new Map())).map(({ status, edge, n, tab }) => ({ status, edge, n, tab })));
  });

  it("mark no edge that has nothing before it", () => {
    expect(bare(barsHtml(Array.from({ length: 60 }, (_, i) => up(i)))).map((e) => [e.edge, e.n])).toEqual([
      [null, 30],
      ["b", 29],
      [null, 1],
    ]);
    expect(bare(barsHtml(Array.from({ length: 30 }, (_, i) => up(i)))).map((e) => [e.edge, e.n])).toEqual([
      [null, 29],
      [null, 1],
    ]);
  });

  it("name the range of days they stand for, and the incident day keeps its full tooltip, escaped", () => {
    const days = Array.from({ length: 90 }, (_, i) => (i < 10 ? none(i) : i === 50 ? bad(i) : up(i)));
    const els = elements(labelledBarsHtml(days, new Map([["x", "DB <down>"]])));
    expect(els[0].tip).toMatch(/^28 August\s–\s6 September 2026: No data yet$/);
    expect(els[1].tip).toMatch(/^7\s–\s26 September 2026: Operational · 100% uptime · no incidents$/);
    expect(els[3].tip).toBe("17 October 2026: Major outage (36 min downtime) · 97.50% uptime · 1 incident: DB &lt;down&gt;");
    expect(els.at(-1)!.tip).toBe("25 November 2026: Operational · 100% uptime");
    expect(elements(labelledBarsHtml(days, new Map(), "de"))[1].tip).toMatch(/^7\.–26\. September 2026: Betriebsbereit · 100\s% Verfügbarkeit · keine Störungen$/);
    expect(elements(labelledBarsHtml(days, new Map(), "ja"))[1].tip).toMatch(/^2026年9月7日～2026年9月26日: /);
  });

  it("mark the elements in the older half of each view, whose tooltips open to the right", () => {
    const days = Array.from({ length: 90 }, (_, i) => (i % 2 ? bad(i) : up(i)));
    const els = elements(labelledBarsHtml(days, new Map()));
    expect(els).toHaveLength(90);
    const age = (k: number) => 89 - k;
    for (const [k, e] of els.entries()) {
      expect(e.p).toBe(age(k) >= 60 ? "90" : age(k) >= 30 ? "60" : null);
      expect(e.older).toBe((age(k) >= 15 && age(k) < 30) || (age(k) >= 45 && age(k) < 60));
    }
  });

  it("a day with downtime or maintenance but no incident is not folded into a run", () => {
    const days = [up(0), up(1), { ...up(2), maintenanceMinutes: 30, worst: "UNDER_MAINTENANCE" as const }, up(3), up(4)];
    expect(elements(labelledBarsHtml(days, new Map())).map((e) => e.n)).toEqual([2, 1, 1, 1]);
  });

  it("barsKey tells two lists apart whenever their bars differ (the card memo keys on it)", () => {
    // Seeded variations of one list: each day quiet or not, in one of the statuses, with or without data.
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const kinds = [up, none, bad, (i: number) => ({ ...up(i), incidentIds: ["y"] }), (i: number) => ({ ...up(i), worst: "DEGRADED_PERFORMANCE" as const }), (i: number) => ({ ...up(i), downtimeMinutes: 3 })];
    const lists = Array.from({ length: 1000 }, () => Array.from({ length: 5 }, (_, i) => kinds[rnd(kinds.length)](i)));
    const byKey = new Map<string, string>();
    for (const days of lists) {
      const key = barsKey(days);
      const html = barsHtml(days);
      expect(byKey.get(key) ?? html).toBe(html);
      byKey.set(key, html);
    }
    // Enough lists sharing keys that a key missing a day's quietness or colour would have met two bars. (It may
    // tell apart lists with the same bars, e.g. today quiet or not: a memo miss, not a wrong card.)
    expect(byKey.size).toBeGreaterThan(100);
    expect(byKey.size).toBeLessThan(lists.length);
  });
});
