import "server-only";
import { NotFoundError } from "@/lib/errors";
import { isUuid } from "@/lib/db/ids";
import { incidentSpan, maintenanceSpans, type ComponentSnapshot, type EntrySnapshot, type PageSnapshot } from "@/lib/public-page/load";
import { meanUptime, uptimeOverWindow } from "@/lib/uptime";
import { DAY_MS } from "@/lib/time/units";
import { UPTIME_WINDOWS, isUptimeWindow, type UptimeWindow } from "@/lib/badges/values";

/**
 * A component shown on this page (v1: a service on one of its cards; a group or card counts too); any
 * other id (another page's, another account's, a hidden component, malformed) is 404.
 */
export function componentOnPage(snap: PageSnapshot, componentId: string): ComponentSnapshot | EntrySnapshot {
  if (!isUuid(componentId)) throw new NotFoundError("Component not found on this status page");
  const found = snap.components.find((c) => c.id === componentId) ?? snap.entries.find((e) => e.kind === "group" && e.id === componentId);
  if (!found) throw new NotFoundError("Component not found on this status page");
  return found;
}

/** The route parameter: /components/<componentId>/… is the documented name, /services/<serviceId>/… the v1 one. */
export const componentParam = (params: Record<string, string>) => params.componentId ?? params.serviceId ?? "";

export function uptimeWindowOf(raw: string): UptimeWindow {
  if (!isUptimeWindow(raw)) throw new NotFoundError("Unknown uptime window: use 24h, 7d, 30d or 90d");
  return raw;
}

/**
 * Minute-exact uptime of a component over the last 24 h / 7 / 30 / 90 days, from the snapshot's history;
 * a group's is the mean of its components', as on the page.
 */
export function componentUptime(snap: PageSnapshot, component: ComponentSnapshot | EntrySnapshot, window: UptimeWindow): number | null {
  const incidents = snap.incidents.map(incidentSpan);
  const maintenance = maintenanceSpans(snap.maintenance);
  const from = snap.generatedAt - UPTIME_WINDOWS[window] * DAY_MS;
  const one = (c: ComponentSnapshot) => uptimeOverWindow({ serviceId: c.id, serviceCreatedAt: c.createdAt, incidents, maintenance, from, to: snap.generatedAt });
  return "kind" in component && component.kind === "group" ? meanUptime(component.children.map(one)) : one(component);
}
