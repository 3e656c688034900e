import type { IncidentSpan, MaintenanceSpan } from "../../../lib/status";
import type { DayUptime } from "../../../lib/uptime";

export const MIN = 60_000;
export const H = 60 * MIN;
export const DAY = 24 * H;
/** Midnight UTC of "today" in these tests; `NOW` is noon, so today has 720 observed minutes. */
export const TODAY = Date.UTC(2025, 0, 10);
export const NOW = TODAY + 12 * H;
/** Midnight UTC of the day `n` days before today. */
export const daysAgo = (n: number): number => TODAY - n * DAY;
export const LONG_AGO = daysAgo(365);

export const incident = (over: Partial<IncidentSpan> = {}): IncidentSpan => ({
  id: "inc",
  severity: "MAJOR",
  serviceIds: ["api"],
  startedAt: daysAgo(1),
  resolvedAt: null,
  ...over,
});

export const maintenanceWindow = (over: Partial<MaintenanceSpan> = {}): MaintenanceSpan => ({
  id: 1,
  serviceIds: ["api"],
  startsAt: daysAgo(1),
  endsAt: daysAgo(1) + H,
  ...over,
});

export function dayOf(days: DayUptime[], day: string): DayUptime {
  const found = days.find((d) => d.day === day);
  if (!found) throw new Error(`no entry for ${day}`);
  return found;
}
