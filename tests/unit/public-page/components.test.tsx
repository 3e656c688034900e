import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusBanner } from "@/components/status/status-banner";
import { ServiceCard } from "@/components/service-card/service-card";
import { BarsLegend, barPeriodVars } from "@/components/uptime-bars/uptime-bars";
import { UnlockForm } from "@/components/access/unlock-form";
import { Markdown } from "@/components/markdown/markdown";
import { AffectedComponents, AffectedList, ImpactHistory, IncidentPill } from "@/components/incident/incident-parts";
import { incident, v3Incident } from "../statuspage-compat/snapshot";
import type { EntrySnapshot } from "@/lib/public-page/load";
import type { ServiceStatus } from "@/lib/status";
import type { DayUptime } from "@/lib/uptime";

const at = Date.UTC(2026, 10, 20, 14, 5);

describe("StatusBanner", () => {
  it.each([
    ["OPERATIONAL", "All systems operational"],
    ["DEGRADED_PERFORMANCE", "Degraded performance"],
    ["PARTIAL_OUTAGE", "Partial outage"],
    ["MAJOR_OUTAGE", "Major outage"],
    ["UNDER_MAINTENANCE", "Under maintenance"],
  ] as [ServiceStatus, string][])("%s says %j in words, with an icon, in the status colour", (status, words) => {
    const html = renderToStaticMarkup(<StatusBanner status={status} />);
    expect(html).toContain(`>${words}</h2>`);
    expect(html).toContain(`data-status="${status}"`);
    // the whole banner takes the status colour, its text the card colour
    expect(html).toMatch(new RegExp(`<section class="banner s-${status} [^"]*bg-status[^"]*text-card`));
    expect(html).toMatch(/<svg class="status-icon[^"]*"[^>]*aria-hidden="true"/);
  });

  it("during an outage names the affected components and links to each open incident", () => {
    const html = renderToStaticMarkup(
      <StatusBanner
        status="MAJOR_OUTAGE"
        base="/acme"
        affected={[{ id: "api", name: "API <v2>", status: "MAJOR_OUTAGE" }, { id: "web", name: "Website", status: "DEGRADED_PERFORMANCE" }]}
        incidents={[{ id: "i1", name: "Errors & timeouts", state: "Investigating" }]}
      />,
    );
    expect(html).toContain('<strong>API &lt;v2&gt;</strong> — Major outage');
    expect(html).toContain(", <strong>Website</strong> — Degraded performance");
    expect(html).toMatch(/<a href="\/acme\/incidents\/i1"[^>]*>Errors &amp; timeouts<\/a> · Investigating/);
  });

  it("says nothing more when all is well", () => {
    const html = renderToStaticMarkup(<StatusBanner status="OPERATIONAL" />);
    expect(html).not.toContain("Affected");
    expect(html).not.toContain("<a ");
  });
});

describe("ServiceCard", () => {
  const days: DayUptime[] = Array.from({ length: 90 }, (_, i) => ({
    day: `2026-08-${String((i % 28) + 1).padStart(2, "0")}`.replace(/08-(\d+)$/, (_m, d) => `${i < 28 ? "08" : i < 56 ? "09" : "10"}-${d}`),
    uptime: i < 10 ? null : i === 50 ? 97.5 : 100,
    worst: i < 10 ? null : i === 50 ? "MAJOR_OUTAGE" : "OPERATIONAL",
    incidentIds: i === 50 ? ["inc"] : [],
    downtimeMinutes: 0,
    maintenanceMinutes: 0,
    observedMinutes: i < 10 ? 0 : 1440,
  }));
  const card: EntrySnapshot = {
    id: "c1",
    name: "Core <platform>",
    description: null,
    kind: "group",
    status: "MAJOR_OUTAGE",
    uptime: 99.97,
    days,
    createdAt: 0,
    updatedAt: 0,
    children: [{ id: "s1", name: "API", description: "Public REST API <v2>", status: "MAJOR_OUTAGE", uptime: 99.97, days, createdAt: 0, updatedAt: 0 }],
  };
  const barsHref = (id: string) => `/acme/components/${id}/bars`;
  const html = renderToStaticMarkup(<ServiceCard entry={card} barsHref={barsHref} />);

  it("escapes names and shows status in words next to the icon", () => {
    expect(html).toContain("Core &lt;platform&gt;");
    expect(html).toContain("Major outage");
    expect(html).toContain("99.97% uptime");
  });
  // Quiet days in a row are one element `--n` days wide (tests/unit/public-page/bars-runs.test.ts).
  const daysShown = (markup: string) => [...markup.matchAll(/<li class=(?:\w|"\w [ab]")( style=--n:(\d+))?[ >]/g)].reduce((n, m) => n + Number(m[2] ?? 1), 0);
  it("renders 90 days of bars with one tab stop, no-data days marked differently, their labels at the bars' route", () => {
    expect(daysShown(html)).toBe(90);
    expect(html.match(/tabindex=0/gi)).toHaveLength(1);
    expect(html).toMatch(/<li class=n style=--n:10><\/li>/);
    expect(html).toMatch(/<li class=m><\/li>/);
    // What each day was comes on demand (lib/public-page/component-bars.ts): the page carries no label.
    expect(html).not.toMatch(/<li[^>]*><span>/);
    expect(html).toContain('data-src="/acme/components/s1/bars"');
    expect(html).toContain('aria-label="API: daily status over the last 90 days, oldest first." aria-describedby="bars-keys"');
    // How to move between days is said once, in the legend, for every list.
    expect(renderToStaticMarkup(<BarsLegend />)).toContain('<p id="bars-keys" class="sr-only">Use the arrow keys to move between days.</p>');
  });
  it("states the period and its first day for each width the bars take, with Today at the end, written once for all rows", () => {
    expect(html.match(/<div class="periods" aria-hidden="true"><\/div>/g)).toHaveLength(1);
    expect(barPeriodVars(days)).toEqual({
      "--bars-today": '"Today"',
      "--bars-p30": '"Last 30 days · 5 October 2026"',
      "--bars-p60": '"Last 60 days · 3 September 2026"',
      "--bars-p90": '"Last 90 days · 1 August 2026"',
    });
    expect(barPeriodVars(days.slice(-45), "de")["--bars-p60"]).toBe('"Letzte 45 Tage · 18. September 2026"');
    // As the page writes them (components/pages/home-page.tsx): one attribute, the quotes escaped by React.
    expect(renderToStaticMarkup(<section style={barPeriodVars(days)} />)).toContain('--bars-p90:&quot;Last 90 days · 1 August 2026&quot;');
    expect(html).toContain("99.97% uptime · 90 days");
  });
  it("a group is a disclosure, open by default, its summary carrying name, worst status and uptime, and nothing focusable", () => {
    expect(html).toMatch(/<details open="" class="group" data-group="c1">\s*<summary class="card-head[^"]*">/);
    const summary = html.match(/<summary[^>]*>(.*?)<\/summary>/)![1];
    expect(summary).toContain("Core &lt;platform&gt;");
    expect(summary).toContain("Major outage");
    expect(summary).toContain("99.97% uptime · 90 days");
    expect(summary).not.toMatch(/<(a|button|input|select|textarea)\b|tabindex/i);
    expect(html.indexOf("</summary>")).toBeLessThan(html.indexOf('<ol class="bars'));
  });
  it("says 'No data yet' instead of a percentage for a component observed for less than a day", () => {
    const young = days.map((d, i) => (i < 89 ? { ...d, uptime: null, worst: null, incidentIds: [], observedMinutes: 0 } : { ...d, uptime: 50, worst: "MAJOR_OUTAGE" as const, observedMinutes: 120 }));
    const one = renderToStaticMarkup(<ServiceCard entry={{ ...card.children[0], uptime: 50, days: young, kind: "component", children: [] }} barsHref={barsHref} />);
    expect(one).toContain("No data yet");
    expect(one).not.toContain("50.00% uptime ·");
    expect(one).toContain("observed for less than a day");
  });
  it("shows a component's description as text under its name", () => {
    expect(html).toContain("Public REST API &lt;v2&gt;</p>");
    expect(html.indexOf(">API</h4>")).toBeLessThan(html.indexOf("Public REST API"));
  });
  it("a component outside any group is a card of its own, with a level-3 heading and no disclosure", () => {
    const one = renderToStaticMarkup(<ServiceCard entry={{ ...card.children[0], kind: "component", children: [] }} barsHref={barsHref} />);
    expect(one).not.toContain("<details");
    expect(one).toContain('data-kind="component"');
    expect(one).toMatch(/<h3 id="card-s1"[^>]*>API<\/h3>/);
    expect(daysShown(one)).toBe(90);
  });
});

describe("UnlockForm", () => {
  it("posts to the page's access route and says when the key was wrong", () => {
    const html = renderToStaticMarkup(<UnlockForm pageName="Internal" base="/internal" next="/history" denied />);
    expect(html).toContain('action="/internal/access"');
    expect(html).toContain('name="next" value="/history"');
    expect(html).toContain('role="alert"');
    expect(renderToStaticMarkup(<UnlockForm pageName="Internal" base="" next="" denied={false} />)).not.toContain('role="alert"');
  });
});

describe("Markdown", () => {
  it("renders sanitized HTML", () => {
    const html = renderToStaticMarkup(<Markdown text={"**hi** <script>alert(1)</script>"} />);
    expect(html.startsWith('<div class="md"><p><strong>hi</strong>')).toBe(true);
    expect(html).not.toContain("<script");
  });
});

describe("incident parts", () => {
  const H = 3_600_000;
  const v3 = v3Incident(
    "v",
    [
      { componentId: "api", status: "MAJOR_OUTAGE", from: at, to: at + H },
      { componentId: "api", status: "PARTIAL_OUTAGE", from: at + H, to: null },
    ],
    [["INVESTIGATING", at]],
    "Errors <b>",
  );
  const v1 = incident("o", "MEDIUM", ["api", "web"], [["INVESTIGATING", at]]);

  it("name each affected component with its status in words", () => {
    expect(renderToStaticMarkup(<AffectedComponents view={v1} />)).toContain("Affected: <span data-component=\"api\" data-status=\"PARTIAL_OUTAGE\">API — Partial outage</span>");
    const list = renderToStaticMarkup(<AffectedList view={v3} />);
    expect(list).toMatch(/<li data-component="api"[^>]*>API — <span class="status-text s-PARTIAL_OUTAGE/);
    expect(renderToStaticMarkup(<AffectedComponents view={{ ...v1, components: [] }} />)).toBe("");
  });

  it("a v1 incident's severity reads in the page's one vocabulary; a v3 incident says its worst impact", () => {
    expect(renderToStaticMarkup(<IncidentPill view={v1} />)).toBe('<span class="pill s-PARTIAL_OUTAGE">Partial outage</span>');
    expect(renderToStaticMarkup(<IncidentPill view={v3} />)).toBe('<span class="pill s-PARTIAL_OUTAGE">Partial outage</span>');
  });

  it("a v3 incident lists its impact windows in order, the open one ongoing; a v1 incident has none", () => {
    const html = renderToStaticMarkup(<ImpactHistory view={v3} />);
    const rows = html.match(/<li data-impact=[^]*?<\/li>/g)!;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Major outage");
    expect(rows[0]).toContain("20 Nov 2026, 14:05 UTC</time> – <time");
    expect(rows[1]).toContain("Partial outage");
    expect(rows[1]).toMatch(/20 Nov 2026, 15:05 UTC<\/time> – ongoing/);
    expect(renderToStaticMarkup(<ImpactHistory view={v1} />)).toBe("");
  });
});
