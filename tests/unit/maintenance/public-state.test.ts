/**
 * How the public side reads an occurrence (lib/public-page/maintenance.ts): its state from lib/maintenance/state.ts,
 * when it really was under maintenance (the span status and uptime use), what it covers, and cancelled ones gone.
 */
import { describe, expect, it } from "vitest";
import type { MaintenanceOccurrence, MaintenanceStatus, MaintenanceUpdate } from "@/lib/db/types";
import { overlayOccurrences, type ShownWindow } from "@/lib/maintenance/shown";
import { DEFAULT_VISIBILITY, type StatusPageVisibility } from "@/lib/maintenance/types";
import { coverage, maintenanceSpansOf, toPageMaintenance } from "@/lib/public-page/maintenance";

const HOUR = 3_600_000;
const T = Date.UTC(2026, 5, 1, 10);

const win = (visibility: Partial<StatusPageVisibility> = {}, over: Partial<ShownWindow> = {}): ShownWindow => ({
  id: 1, account_id: "a", name: "Upgrade", description: null, tags: "[]",
  starts_at: T, ends_at: T + 2 * HOUR, repeat_interval: null, repeat_unit: null, repeat_ends_at: null, timezone: null,
  pause_all_checks: 0, silence_all_alerts: 0, silence_alerts_tags: "[]", status_page_visibility: "{}", created_at: T - 100 * HOUR, updated_at: T - 50 * HOUR,
  visibility: { ...DEFAULT_VISIBILITY, enabled: true, serviceIds: ["s1"], ...visibility },
  ...over,
});
const row = (status: MaintenanceStatus, over: Partial<MaintenanceOccurrence> = {}): MaintenanceOccurrence => ({
  id: "00000000-0000-4000-8000-000000000001", window_id: 1, starts_at: T, ends_at: T + 2 * HOUR, status, original_starts_at: T, created_at: T - HOUR, updated_at: T - HOUR, ...over,
});
const update = (status: MaintenanceStatus, at: number): MaintenanceUpdate => ({
  id: `u-${status}-${at}`, occurrence_id: row("SCHEDULED").id, window_id: 1, status, description: status, notify_subscribers: 0, previous_status: null,
  previous_starts_at: null, previous_ends_at: null, date_adjustments: null, actor_type: null, actor_id: null, created_at: at, updated_at: at,
});

function shown(w: ShownWindow, rows: MaintenanceOccurrence[], updates: MaintenanceUpdate[], now: number) {
  return toPageMaintenance(overlayOccurrences([w], rows, T - 24 * HOUR, T + 24 * HOUR), updates, new Map([["g1", ["c1", "c2"]]]), now);
}

describe("an occurrence on the public side", () => {
  it("follows the clock with autoStart and autoEnd; its span is its planned times", () => {
    expect(shown(win(), [], [], T - 1).map((m) => [m.status, m.span, m.key])).toEqual([["SCHEDULED", null, `1-${T}`]]);
    expect(shown(win(), [], [], T + HOUR).map((m) => [m.status, m.span])).toEqual([["IN_PROGRESS", { from: T, to: T + 2 * HOUR }]]);
    expect(shown(win(), [], [], T + 3 * HOUR).map((m) => [m.status, m.span])).toEqual([["COMPLETED", { from: T, to: T + 2 * HOUR }]]);
  });

  it("without autoStart waits for the operator, and is under maintenance from the update that starts it", () => {
    const w = win({ autoStart: false, autoEnd: false });
    expect(shown(w, [row("SCHEDULED")], [], T + HOUR).map((m) => [m.status, m.span])).toEqual([["SCHEDULED", null]]);
    const started = [update("IN_PROGRESS", T + HOUR)];
    const late = shown(w, [row("IN_PROGRESS")], started, T + 5 * HOUR);
    // Still open past its end (autoEnd off): the span reaches past now, so status derivation sees it.
    expect(late.map((m) => [m.status, m.span])).toEqual([["IN_PROGRESS", { from: T + HOUR, to: T + 5 * HOUR + 1 }]]);
    expect(maintenanceSpansOf(late)).toEqual([{ id: 1, serviceIds: ["s1"], startsAt: T + HOUR, endsAt: T + 5 * HOUR + 1 }]);
  });

  it("an operator's early start and early completion bound the span; an update newest first", () => {
    const updates = [update("IN_PROGRESS", T - HOUR / 2), update("COMPLETED", T + HOUR / 2)];
    const [m] = shown(win(), [row("COMPLETED")], updates, T + HOUR);
    expect([m.status, m.span, m.key]).toEqual(["COMPLETED", { from: T - HOUR / 2, to: T + HOUR / 2 }, row("SCHEDULED").id]);
    expect(m.updates.map((u) => u.status)).toEqual(["COMPLETED", "IN_PROGRESS"]);
  });

  it("a skipped occurrence is gone; a moved row shows at its new times and the rule's start is not shown twice", () => {
    expect(shown(win(), [row("CANCELLED")], [], T + HOUR)).toEqual([]);
    const moved = row("SCHEDULED", { starts_at: T + 5 * HOUR, ends_at: T + 6 * HOUR });
    expect(shown(win(), [moved], [], T + HOUR).map((m) => [m.startsAt, m.status])).toEqual([[T + 5 * HOUR, "SCHEDULED"]]);
  });

  it("covers services, components and a named group's components, or everything", () => {
    expect(coverage(win({ serviceIds: ["s1"], componentIds: ["g1", "c9"] }), new Map([["g1", ["c1", "c2"]]]))).toEqual(["s1", "g1", "c1", "c2", "c9"]);
    expect(coverage(win({ affectAllServices: true, componentIds: ["g1"] }), new Map())).toBe("ALL");
  });
});
