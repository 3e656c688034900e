import "server-only";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { lastMonths } from "@/lib/time/days";
import { zoneOf } from "@/lib/time/zone";
import { daysSpanned, monthlyUptime, type MonthUptime } from "@/lib/uptime";
import { loadPageSnapshot } from "./load";

export const UPTIME_HISTORY_MONTHS = 12;

export interface UptimeHistoryComponent {
  id: string;
  name: string;
  kind: "group" | "component";
  /** oldest first */
  months: MonthUptime[];
  /** a group's components, each with its own months */
  children: UptimeHistoryComponent[];
}

export interface UptimeHistory {
  zone: string;
  components: UptimeHistoryComponent[];
  incidentNames: Map<string, string>;
  generatedAt: number;
}

/**
 * Each component's last 12 months in the page's zone: the same snapshot and daily uptime as the bars,
 * over the days since the first of the oldest month, split into calendar months. Months before anything on
 * the page existed are left out (the current month always stays).
 */
export async function loadUptimeHistory(db: Db, page: StatusPage, now = Date.now(), count = UPTIME_HISTORY_MONTHS): Promise<UptimeHistory> {
  const zone = zoneOf(page.timezone);
  const months = lastMonths(now, count, zone);
  const snap = await loadPageSnapshot(db, page, now, { days: daysSpanned(months, now) });
  const firstObserved = Math.min(...snap.components.map((c) => c.createdAt));
  const shown = months.filter((m, i) => i === 0 || m.end > firstObserved);
  const entry = (e: (typeof snap.entries)[number] | (typeof snap.components)[number], kind: "group" | "component", children: UptimeHistoryComponent[] = []): UptimeHistoryComponent => ({
    id: e.id,
    name: e.name,
    kind,
    months: monthlyUptime(e.days, shown),
    children,
  });
  return {
    zone,
    components: snap.entries.map((e) => (e.kind === "group" ? entry(e, "group", e.children.map((c) => entry(c, "component"))) : entry(e, "component"))),
    incidentNames: new Map(snap.incidents.map((v) => [v.incident.id, v.incident.name])),
    generatedAt: now,
  };
}
