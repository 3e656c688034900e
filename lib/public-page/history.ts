import "server-only";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { listIncidentsForScopeBetween } from "@/lib/incidents/queries";
import { loadIncidentViews } from "@/lib/incidents/service";
import type { IncidentView } from "@/lib/incidents/types";
import { listWindowsForPage } from "@/lib/maintenance/shown";
import { loadPageStructure } from "@/lib/components/structure";
import { loadPageMaintenance, type PageMaintenance } from "./maintenance";
import { earliestIncidentStart } from "./queries";
import { zoneOf } from "@/lib/time/zone";
import { historyMonths, onPage, type HistoryMonth } from "./view";

export interface HistoryPage {
  months: (HistoryMonth & { incidents: IncidentView[]; maintenance: PageMaintenance[] })[];
  serviceNames: Map<string, string>;
  hasOlder: boolean;
  page: number;
}

/** Incidents and completed maintenance (by state) of three months, newest first; `page` walks backwards in time. */
export async function loadHistory(db: Db, page: StatusPage, pageNumber: number, now = Date.now()): Promise<HistoryPage> {
  const structure = await loadPageStructure(db, page);
  const ids = new Set(structure.components.map((c) => c.id));
  const months = historyMonths(pageNumber, now, undefined, zoneOf(page.timezone));
  const from = months[months.length - 1].start;
  const to = months[0].end;
  const [rows, windows, firstIncident] = await Promise.all([
    listIncidentsForScopeBetween(db, structure.scope, from, to),
    listWindowsForPage(db, page.account_id, page.id),
    earliestIncidentStart(db, structure.scope),
  ]);
  const incidents = (await loadIncidentViews(db, rows)).map((v) => onPage(v, ids));
  // Completed by its state (an operator may complete one early, or keep one open past its end).
  const maintenance = (await loadPageMaintenance(db, windows, from, to, now)).filter((o) => o.status === "COMPLETED");
  const earliest = Math.min(page.created_at, firstIncident ?? Infinity, ...windows.map((w) => w.starts_at));
  return {
    months: months.map((m) => ({
      ...m,
      incidents: incidents.filter((v) => v.incident.started_at >= m.start && v.incident.started_at < m.end),
      maintenance: maintenance.filter((o) => o.startsAt >= m.start && o.startsAt < m.end).sort((a, b) => b.startsAt - a.startsAt),
    })),
    serviceNames: new Map(structure.components.map((c) => [c.id, c.name])),
    hasOlder: from > earliest,
    page: pageNumber,
  };
}
