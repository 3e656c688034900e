/** Hand-built page snapshots for the pure projections (Statuspage JSON, feeds). */
import type { ComponentSnapshot, EntrySnapshot, PageSnapshot } from "@/lib/public-page/load";
import type { IncidentView } from "@/lib/incidents/types";
import type { Severity, StatusPage, UpdateStatus } from "@/lib/db/types";
import type { ImpactStatus } from "@/lib/db/types";
import { affectedComponents } from "@/lib/incidents/derive";
import { severityToStatus, worstStatus } from "@/lib/status";

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
  pending_custom_domain: null,
  custom_domain_token: null,
  is_private: 0,
  default_theme: "AUTO",
  theme_colors: null,
  logo: null,
  logo_dark: null,
  favicon: null,
  redirect_to: null,
  password_hash: null,
  version: 1,
  privacy_policy_link: null,
  terms_of_service_link: null,
  footer_text: null,
  google_analytics_tag: null,
  allow_indexing: 1,
  timezone: "UTC",
  locale: "en",
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
    actor_type: null,
    actor_id: null,
    created_at: at,
    updated_at: at,
  }));
  const last = chronological.at(-1)!;
  return {
    incident: {
      id,
      account_id: "a1",
      status_page_id: null,
      impact_actor_type: null,
      impact_actor_id: null,
      humans_since: null,
      name,
      severity,
      last_update_status: last.status,
      started_at: chronological[0].public_incident_update_date,
      resolved_at: last.status === "RESOLVED" ? last.public_incident_update_date : null,
      created_at: chronological[0].created_at,
      updated_at: last.created_at,
    },
    services: serviceIds.map((s) => ({ id: s, account_id: "a1", name: s.toUpperCase(), created_at: NOW - 90 * DAY, updated_at: NOW - 90 * DAY })),
    impacts: [],
    components: serviceIds.map((s) => ({ id: s, name: s.toUpperCase(), status: severityToStatus(severity) })),
    updates: [...chronological].reverse(),
  };
}

export interface Window {
  componentId: string;
  status: ImpactStatus;
  from: number;
  to: number | null;
}

/**
 * A v3 incident of page p1: no severity of its own (the column holds a placeholder nobody reads), impact
 * windows per component; `components` derived as loadIncidentViews derives them (names: id upper-cased).
 */
export function v3Incident(id: string, windows: Window[], updates: [UpdateStatus, number][], name = `Incident ${id}`): IncidentView {
  const base = incident(id, "MINOR", [], updates, name);
  const impacts = windows.map((w, i) => ({
    id: `${id}-w${i}`,
    incident_id: id,
    component_id: w.componentId,
    status: w.status,
    started_at: w.from,
    ended_at: w.to,
    actor_type: null,
    actor_id: null,
    created_at: w.from,
  }));
  return {
    ...base,
    incident: { ...base.incident, status_page_id: "p1" },
    impacts,
    components: affectedComponents(base.incident, [], impacts.map((w) => ({ ...w, component_name: w.component_id.toUpperCase() }))),
  };
}

type Status = PageSnapshot["status"];

/** A component (v1: a service) as the snapshot carries it. */
export const component = (id: string, status: Status = "OPERATIONAL", over: Partial<ComponentSnapshot> = {}): ComponentSnapshot => ({
  id,
  name: id.toUpperCase(),
  description: null,
  status,
  uptime: 100,
  days: [],
  createdAt: NOW - 90 * DAY,
  updatedAt: NOW - 80 * DAY,
  ...over,
});

/** A group (v1: a card) over its children: worst status, mean uptime, as the loader derives them. */
export function group(id: string, name: string, children: ComponentSnapshot[], over: Partial<EntrySnapshot> = {}): EntrySnapshot {
  const uptimes = children.map((c) => c.uptime).filter((u): u is number => u !== null);
  return {
    id,
    name,
    description: null,
    kind: "group",
    status: worstStatus(children.map((c) => c.status)),
    uptime: uptimes.length ? uptimes.reduce((a, b) => a + b, 0) / uptimes.length : null,
    days: [],
    createdAt: NOW - 90 * DAY,
    updatedAt: NOW - 70 * DAY,
    children,
    ...over,
  };
}

/** A component outside any group. */
export const standalone = (c: ComponentSnapshot): EntrySnapshot => ({ ...c, kind: "component", children: [] });

/** Entries and the components they show, each once, in display order (what loadPageSnapshot builds). */
export function structure(entries: EntrySnapshot[]): Pick<PageSnapshot, "entries" | "components"> {
  const seen = new Set<string>();
  const components = entries.flatMap((e) => (e.kind === "group" ? e.children : [e])).filter((c) => !seen.has(c.id) && (seen.add(c.id), true));
  return { entries, components };
}

/** The v1 page of these tests: cards Core (api, web) and Data (db, web), web listed on both. */
export function snapshot(over: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    page: page(),
    status: "OPERATIONAL",
    ...structure([group("c1", "Core", [component("api"), component("web")]), group("c2", "Data", [component("db"), component("web")])]),
    incidents: [],
    maintenance: [],
    generatedAt: NOW,
    ...over,
  };
}
