import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServiceCard } from "@/components/service-card/service-card";
import { cardBodies, cardMemoSize } from "@/lib/static-pages/card-memo";
import type { ComponentSnapshot, EntrySnapshot } from "@/lib/public-page/load";
import type { DayUptime } from "@/lib/uptime";
import type { PageLocale } from "@/lib/time/locale";

const day = (i: number, over: Partial<DayUptime> = {}): DayUptime => ({
  day: `2026-08-${String(i + 1).padStart(2, "0")}`,
  uptime: 100,
  worst: "OPERATIONAL",
  incidentIds: [],
  downtimeMinutes: 0,
  maintenanceMinutes: 0,
  observedMinutes: 1440,
  ...over,
});
const days = (n = 30) => Array.from({ length: n }, (_, i) => day(i));
const child = (id: string, over: Partial<ComponentSnapshot> = {}): ComponentSnapshot => ({ id, name: `Service ${id}`, description: null, status: "OPERATIONAL", uptime: 99.95, days: days(), createdAt: 0, updatedAt: 0, ...over });
const group = (over: Partial<EntrySnapshot> = {}): EntrySnapshot => ({
  ...child("g"),
  name: "Region <1>",
  kind: "group",
  children: [child("a"), child("b", { description: "Payments & refunds" })],
  ...over,
});
const hrefAt = (base: string) => (id: string) => `${base}/components/${encodeURIComponent(id)}/bars`;

/** The card as the page writes it, from the memo and without it: they must be the same markup. */
function bothWays(entry: EntrySnapshot, locale: PageLocale = "en", base = "/acme") {
  const barsHref = hrefAt(base);
  const [html] = cardBodies([entry], locale, barsHref);
  return { memo: renderToString(<ServiceCard entry={entry} barsHref={barsHref} locale={locale} html={html.toString("utf8")} />), fresh: renderToString(<ServiceCard entry={entry} barsHref={barsHref} locale={locale} />) };
}

describe("card memo (lib/static-pages/card-memo.tsx)", () => {
  it("writes the same card as rendering it, for a group and a lone component", () => {
    for (const entry of [group(), { ...child("solo"), kind: "component" as const, children: [] }]) {
      const { memo, fresh } = bothWays(entry);
      expect(memo).toBe(fresh);
      expect(memo).toContain(entry.kind === "group" ? "Region &lt;1&gt;" : "Service solo");
    }
  });

  it("keeps an unchanged card, including one whose uptime moved below the figure's precision", () => {
    const first = group({ uptime: 99.9512 });
    bothWays(first);
    const before = cardMemoSize().entries;
    // A new snapshot of the same card (new objects, as every read makes), its uptime a little further on.
    const again = group({ uptime: 99.9513, days: days().map((d) => ({ ...d })) });
    const { memo, fresh } = bothWays(again);
    expect(memo).toBe(fresh);
    expect(cardMemoSize().entries).toBe(before);
  });

  it("draws the card afresh when anything it shows changes", () => {
    const base = group();
    const changes: [string, EntrySnapshot, PageLocale?, string?][] = [
      ["a child's name", group({ children: [child("a", { name: "Renamed <b>" }), child("b")] })],
      ["a child's status", group({ children: [child("a", { status: "MAJOR_OUTAGE" }), child("b")] })],
      ["a child's description", group({ children: [child("a", { description: "New words" }), child("b")] })],
      ["the group's uptime figure", group({ uptime: 98.5 })],
      ["a day of a child's bars", group({ children: [child("a", { days: days().map((d, i) => (i === 3 ? { ...d, worst: "PARTIAL_OUTAGE", incidentIds: ["x"] } : d)) }), child("b")] })],
      ["a child not yet observed a full day", group({ children: [child("a", { days: days().map((d) => ({ ...d, observedMinutes: 10 })) }), child("b")] })],
      ["the number of days", group({ children: [child("a", { days: days(29) }), child("b")] })],
      ["the children's order", group({ children: [child("b"), child("a")] })],
      ["the language", base, "de"],
      ["the page's address", base, "en", "/other"],
    ];
    const reference = bothWays(base).memo;
    for (const [what, entry, locale, at] of changes) {
      const before = cardMemoSize().entries;
      const { memo, fresh } = bothWays(entry, locale, at);
      expect(memo, what).toBe(fresh);
      expect(memo, what).not.toBe(reference);
      expect(cardMemoSize().entries, what).toBe(before + 1);
    }
  });

  it("stays within its bound, however many cards it has seen", () => {
    const long = Array.from({ length: 200 }, (_, i) => child(`c${i}`, { name: `Component ${i} ${"x".repeat(200)}` }));
    for (let i = 0; i < 30; i++) cardBodies([group({ id: `g${i}`, children: long })], "en", hrefAt("/bulk"));
    expect(cardMemoSize().bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(cardMemoSize().entries).toBeLessThan(30);
  });
});
