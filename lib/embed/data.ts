import "server-only";
import { NotFoundError } from "@/lib/errors";
import { isUuid } from "@/lib/db/ids";
import { incidentSpan, type PageSnapshot, type ServiceSnapshot } from "@/lib/public-page/load";
import { uptimeOverWindow, DAY_MS } from "@/lib/uptime";
import { UPTIME_WINDOWS, isUptimeWindow, type UptimeWindow } from "@/lib/badges/values";
import type { MaintenanceSpan } from "@/lib/status";

/** A service shown on this page; any other id (another page's, another account's, malformed) is 404. */
export function serviceOnPage(snap: PageSnapshot, serviceId: string): ServiceSnapshot {
  const found = isUuid(serviceId) ? snap.cards.flatMap((c) => c.services).find((s) => s.id === serviceId) : undefined;
  if (!found) throw new NotFoundError("Service not found on this status page");
  return found;
}

export function uptimeWindowOf(raw: string): UptimeWindow {
  if (!isUptimeWindow(raw)) throw new NotFoundError("Unknown uptime window: use 24h, 7d, 30d or 90d");
  return raw;
}

/** Minute-exact uptime of a service over the last 24 h / 7 / 30 / 90 days, from the snapshot's history. */
export function serviceUptime(snap: PageSnapshot, service: ServiceSnapshot, window: UptimeWindow): number | null {
  const maintenance: MaintenanceSpan[] = snap.maintenance.map((m) => ({ id: m.id, serviceIds: m.serviceIds, startsAt: m.startsAt, endsAt: m.endsAt }));
  return uptimeOverWindow({
    serviceId: service.id,
    serviceCreatedAt: service.createdAt,
    incidents: snap.incidents.map(incidentSpan),
    maintenance,
    from: snap.generatedAt - UPTIME_WINDOWS[window] * DAY_MS,
    to: snap.generatedAt,
  });
}
