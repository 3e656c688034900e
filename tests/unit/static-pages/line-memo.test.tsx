import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IncidentLine } from "@/components/incident/incident-parts";
import { PageTimeProvider } from "@/components/time/page-time";
import type { IncidentView } from "@/lib/incidents/types";
import { incidentLine, lineMemoSize, type LineContext } from "@/lib/static-pages/line-memo";
import { DAY, HOUR, NOW, incident, v3Incident } from "../statuspage-compat/snapshot";

const ctx = (over: Partial<LineContext> = {}): LineContext => ({ base: "/acme", locale: "en", lang: null, time: { zone: "UTC", locale: "en" }, ...over });
const resolved = (id: string, name?: string) => incident(id, "MAJOR", ["api", "web"], [["INVESTIGATING", NOW - 2 * DAY], ["RESOLVED", NOW - 2 * DAY + HOUR]], name);

/** The line as the page writes it, from the memo and drawn by React in the page's time context: the same markup. */
function bothWays(view: IncidentView, c = ctx()) {
  const memo = incidentLine(view, c).toString("utf8");
  const fresh = renderToString(
    <PageTimeProvider {...c.time}>
      <IncidentLine view={view} base={c.base} locale={c.locale} lang={c.lang} />
    </PageTimeProvider>,
  );
  return { memo, fresh };
}

describe("past incidents' line memo (lib/static-pages/line-memo.tsx)", () => {
  it("writes the same line as drawing it, for a v1 and a v3 incident, operator text escaped", () => {
    const v3 = v3Incident("i-v3", [{ componentId: "api", status: "PARTIAL_OUTAGE", from: NOW - DAY, to: NOW - DAY + HOUR }], [["INVESTIGATING", NOW - DAY], ["RESOLVED", NOW - DAY + HOUR]]);
    for (const view of [resolved("i-v1", "Checkout <script>"), v3]) {
      const { memo, fresh } = bothWays(view);
      expect(memo).toBe(fresh);
      expect(memo).toContain(`/acme/incidents/${view.incident.id}`);
    }
    expect(bothWays(resolved("i-v1b", "Checkout <script>")).memo).toContain("Checkout &lt;script&gt;");
  });

  it("keeps a line whose incident is unchanged, whatever else its view carries", () => {
    const first = resolved("i-keep");
    bothWays(first);
    const before = lineMemoSize().entries;
    // A new read of the same incident (new objects), with an edited update text: the line does not show updates.
    const again = resolved("i-keep");
    again.updates = again.updates.map((u) => ({ ...u, description: "Reworded" }));
    const { memo, fresh } = bothWays(again);
    expect(memo).toBe(fresh);
    expect(lineMemoSize().entries).toBe(before);
  });

  it("draws the line afresh when anything it shows changes", () => {
    const base = resolved("i-change");
    const with_ = (f: (v: IncidentView) => void) => {
      const v = resolved("i-change");
      f(v);
      return v;
    };
    const changes: [string, IncidentView, LineContext?][] = [
      ["the name", with_((v) => (v.incident.name = "Renamed"))],
      ["the severity", with_((v) => (v.incident.severity = "MINOR"))],
      ["the state", with_((v) => (v.incident.last_update_status = "MONITORING"))],
      ["the start", with_((v) => (v.incident.started_at -= HOUR))],
      ["a component's name", with_((v) => (v.components = [{ ...v.components[0], name: "Gateway" }, v.components[1]]))],
      ["a component's status", with_((v) => (v.components = [{ ...v.components[0], status: "DEGRADED_PERFORMANCE" }, v.components[1]]))],
      ["the components", with_((v) => (v.components = v.components.slice(1)))],
      ["the language", base, ctx({ locale: "de", time: { zone: "UTC", locale: "de" } })],
      ["the visitor's ?lang", base, ctx({ lang: "fr" })],
      ["the page's address", base, ctx({ base: "/other" })],
      ["the page's zone", base, ctx({ time: { zone: "Asia/Tokyo", locale: "en" } })],
    ];
    const reference = bothWays(base).memo;
    for (const [what, view, c] of changes) {
      const before = lineMemoSize().entries;
      const { memo, fresh } = bothWays(view, c);
      expect(memo, what).toBe(fresh);
      expect(memo, what).not.toBe(reference);
      expect(lineMemoSize().entries, what).toBe(before + 1);
    }
  });

  it("stays within its bound, however many lines it has seen", () => {
    for (let i = 0; i < 3000; i++) incidentLine(resolved(`bulk-${i}`, `Incident ${i} ${"x".repeat(400)}`), ctx());
    expect(lineMemoSize().bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(lineMemoSize().entries).toBeLessThan(3000);
  });
});
