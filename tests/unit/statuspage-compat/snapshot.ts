/** Hand-built page snapshots for the pure projections (Statuspage JSON, feeds). */
import type { PageSnapshot } from "@/lib/public-page/load";
import type { IncidentView } from "@/lib/incidents/types";
import type { Severity, StatusPage, UpdateStatus } from "@/lib/db/types";

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
export const PAGE_URL = "https://status.example.com";

export const page = (over: Partial<StatusPage> = {}): StatusPage => ({
  id: "p1",
  account_id: "a1",
  name: "Example",
  description: null,
  url: "example",
  custom_domain: "status.example.com",
  is_private: 0,
  default_theme: "AUTO",
  theme_colors: null,
  logo: null,
  logo_dark: null,
  favicon: null,
  redirect_to: null,
  password_hash: null,
  created_at: NOW - 100 * DAY,
  updated_at: NOW - 50 * DAY,
  ...over,
});

export function incident(id: string, severity: Severity, serviceIds: string[], updates: [UpdateStatus, number][], name = `Incident ${id}`): IncidentView {
  const chronological = updates.map(([status, at], i) => ({
    id: `${id}-u${i}`,
    incident_id: id,
    status,
    description: `Update ${i} of ${id}`,
    public_incident_update_date: at,
    notify_subscribers: 0 as const,
    created_at: at,
    updated_at: at,
  }));
  const last = chronological.at(-1)!;
  return {
    incident: {
      id,
      account_id: "a1",
      name,
      severity,
      last_update_status: last.status,
      started_at: chronological[0].public_incident_update_date,
      resolved_at: last.status === "RESOLVED" ? last.public_incident_update_date : null,
      created_at: chronological[0].created_at,
      updated_at: last.created_at,
    },
    services: serviceIds.map((s) => ({ id: s, account_id: "a1", name: s.toUpperCase(), created_at: NOW - 90 * DAY, updated_at: NOW - 90 * DAY })),
    updates: [...chronological].reverse(),
  };
}

const service = (id: string, status: PageSnapshot["status"] = "OPERATIONAL") => ({
  id,
  name: id.toUpperCase(),
  status,
  uptime: 100,
  days: [],
  createdAt: NOW - 90 * DAY,
  updatedAt: NOW - 80 * DAY,
});

export function snapshot(over: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    page: page(),
    status: "OPERATIONAL",
    cards: [
      { id: "c1", name: "Core", status: "OPERATIONAL", uptime: 100, createdAt: NOW - 90 * DAY, updatedAt: NOW - 70 * DAY, services: [service("api"), service("web")] },
      { id: "c2", name: "Data", status: "OPERATIONAL", uptime: 100, createdAt: NOW - 90 * DAY, updatedAt: NOW - 70 * DAY, services: [service("db"), service("web")] },
    ],
    incidents: [],
    maintenance: [],
    generatedAt: NOW,
    ...over,
  };
}
