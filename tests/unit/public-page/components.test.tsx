import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusBanner } from "@/components/status/status-banner";
import { ServiceCard } from "@/components/service-card/service-card";
import { UnlockForm } from "@/components/access/unlock-form";
import { Markdown } from "@/components/markdown/markdown";
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
  ] as [ServiceStatus, string][])("%s says %j in words, with an icon and the time in UTC", (status, words) => {
    const html = renderToStaticMarkup(<StatusBanner status={status} generatedAt={at} />);
    expect(html).toContain(`>${words}</h2>`);
    expect(html).toContain(`data-status="${status}"`);
    expect(html).toMatch(/<svg class="status-icon[^"]*"[^>]*aria-hidden="true"/);
    expect(html).toContain('<time dateTime="2026-11-20T14:05:00.000Z" title="20 Nov 2026, 14:05 UTC">20 Nov 2026, 14:05 UTC</time>');
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
  const card = {
    id: "c1",
    name: "Core <platform>",
    status: "MAJOR_OUTAGE" as const,
    uptime: 99.97,
    createdAt: 0,
    updatedAt: 0,
    services: [{ id: "s1", name: "API", status: "MAJOR_OUTAGE" as const, uptime: 99.97, days, createdAt: 0, updatedAt: 0 }],
  };
  const html = renderToStaticMarkup(<ServiceCard card={card} incidentNames={new Map([["inc", "API errors"]])} />);

  it("escapes names and shows status in words next to the icon", () => {
    expect(html).toContain("Core &lt;platform&gt;");
    expect(html).toContain("Major outage");
    expect(html).toContain("99.97% uptime");
  });
  it("renders 90 labelled bars with one tab stop, no-data days marked differently", () => {
    expect(html.match(/<li class="bar /g)).toHaveLength(90);
    expect(html.match(/tabindex="0"/gi)).toHaveLength(1);
    expect(html.match(/class="bar s-NO_DATA"/g)).toHaveLength(10);
    expect(html).toContain(': no data</span>');
    expect(html).toMatch(/<span class="tip">[^<]*: 97.50% uptime, 1 incident: API errors<\/span>/);
    expect(html).toContain('aria-label="API: daily uptime over the last 90 days');
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
