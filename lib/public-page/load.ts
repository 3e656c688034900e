import "server-only";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { listIncidentsForServices } from "@/lib/incidents/queries";
import { loadIncidentViews } from "@/lib/incidents/service";
import { listWindowsForPage } from "@/lib/maintenance/service";
import { maintenanceOccurrences, type PageMaintenance } from "./maintenance";
import { loadCards } from "@/lib/status-pages/service";
import { serviceStatusAt, worstStatus, type IncidentSpan, type MaintenanceSpan, type ServiceStatus } from "@/lib/status";
import { openIntervalsFromUpdates } from "@/lib/status/intervals";
import { dailyUptime, meanUptime, overallUptime, type DayUptime } from "@/lib/uptime";
import type { IncidentView } from "@/lib/incidents/types";
import type { CardWithServices } from "@/lib/status-pages/types";
import { postedTimeline } from "@/lib/incidents/derive";

const DAY = 86_400_000;

export interface ServiceSnapshot {
  id: string;
  name: string;
  status: ServiceStatus;
  uptime: number | null;
  days: DayUptime[];
  createdAt: number;
  updatedAt: number;
}

export interface PageSnapshot {
  page: StatusPage;
  status: ServiceStatus;
  cards: { id: string; name: string; status: ServiceStatus; uptime: number | null; services: ServiceSnapshot[]; createdAt: number; updatedAt: number }[];
  /** unresolved incidents and those resolved in the last 90 days, newest first */
  incidents: IncidentView[];
  maintenance: PageMaintenance[];
  generatedAt: number;
}

export function incidentSpan(v: IncidentView): IncidentSpan {
  return {
    id: v.incident.id,
    severity: v.incident.severity,
    serviceIds: v.services.map((s) => s.id),
    startedAt: v.incident.started_at,
    resolvedAt: v.incident.resolved_at,
    // The same timeline the incident row was derived from (times never decrease, so the sort keeps its order).
    openIntervals: openIntervalsFromUpdates(postedTimeline(v.updates)),
  };
}

/**
 * Everything a status page shows, read in a handful of queries and derived with the pure status and
 * uptime functions. The public page, its JSON, badges and feeds all start from this snapshot.
 */
export async function loadPageSnapshot(db: Db, page: StatusPage, now = Date.now()): Promise<PageSnapshot> {
  const cards: CardWithServices[] = await loadCards(db, page.id);
  const serviceIds = [...new Set(cards.flatMap((c) => c.services.map((s) => s.id)))];
  const [incidentRows, windows] = await Promise.all([
    listIncidentsForServices(db, serviceIds, now - 91 * DAY),
    listWindowsForPage(db, page.account_id, page.id),
  ]);
  const incidents = await loadIncidentViews(db, incidentRows);
  const spans = incidents.map(incidentSpan);
  const maintenance = maintenanceOccurrences(windows, now - 91 * DAY, now + 60 * DAY);
  const maintenanceSpans: MaintenanceSpan[] = maintenance.map((m) => ({ id: m.id, serviceIds: m.serviceIds, startsAt: m.startsAt, endsAt: m.endsAt }));

  const cardSnapshots = cards.map((card) => {
    const services = card.services.map((s) => {
      const days = dailyUptime({ serviceId: s.id, serviceCreatedAt: s.created_at, incidents: spans, maintenance: maintenanceSpans, now });
      return { id: s.id, name: s.name, status: serviceStatusAt(s.id, spans, maintenanceSpans, now), uptime: overallUptime(days), days, createdAt: s.created_at, updatedAt: s.updated_at };
    });
    return { id: card.id, name: card.name, status: worstStatus(services.map((s) => s.status)), uptime: meanUptime(services.map((s) => s.uptime)), services, createdAt: card.created_at, updatedAt: card.updated_at };
  });

  return {
    page,
    status: worstStatus(cardSnapshots.map((c) => c.status)),
    cards: cardSnapshots,
    incidents,
    maintenance,
    generatedAt: now,
  };
}
