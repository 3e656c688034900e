import "server-only";
import type { Db } from "@/lib/db";
import type { EventKind, MaintenanceWindow, Severity, UpdateStatus } from "@/lib/db/types";
import { env } from "@/lib/env";
import { pageAddress } from "@/lib/tenancy/address";
import { findIncidentWithUpdates, findPageHead, servicesOnPage } from "./queries";

/** What a message says, frozen when the event is queued: a later edit of the update never changes a sent message. */
export interface EventPayload {
  kind: EventKind;
  page: { id: string; name: string; address: string };
  title: string;
  /** INVESTIGATING…RESOLVED for incidents; SCHEDULED, IN_PROGRESS, COMPLETED for maintenance */
  status: string;
  body: string;
  at: number;
  services: { id: string; name: string }[];
  incident?: {
    id: string;
    severity: Severity;
    createdAt: number;
    updatedAt: number;
    resolvedAt: number | null;
    updates: { id: string; status: UpdateStatus; description: string; displayAt: number; createdAt: number; updatedAt: number }[];
  };
  maintenance?: { id: number; startsAt: number; endsAt: number; minutesBefore?: number };
}

async function pageInfo(db: Db, pageId: string) {
  const page = await findPageHead(db, pageId);
  return page ? { id: page.id, name: page.name, address: pageAddress(page, env.HELIOGRAPH_PUBLIC_URL) } : null;
}

export async function snapshotIncidentUpdate(db: Db, pageId: string, e: { incidentId: string; updateId: string; serviceIds: string[] }): Promise<EventPayload | null> {
  const [page, found, services] = await Promise.all([pageInfo(db, pageId), findIncidentWithUpdates(db, e.incidentId, 20), servicesOnPage(db, pageId, e.serviceIds)]);
  const update = found?.updates.find((u) => u.id === e.updateId);
  if (!page || !found || !update) return null;
  const { incident, updates } = found;
  return {
    kind: "incident.update",
    page,
    title: incident.name,
    status: update.status,
    body: update.description,
    at: update.public_incident_update_date,
    services,
    incident: {
      id: incident.id,
      severity: incident.severity,
      createdAt: incident.created_at,
      updatedAt: incident.updated_at,
      resolvedAt: incident.resolved_at,
      updates: updates.map((u) => ({ id: u.id, status: u.status, description: u.description, displayAt: u.public_incident_update_date, createdAt: u.created_at, updatedAt: u.updated_at })),
    },
  };
}

export async function snapshotMaintenance(
  db: Db,
  pageId: string,
  w: Pick<MaintenanceWindow, "id" | "name" | "description">,
  kind: "maintenance.start" | "maintenance.end" | "maintenance.reminder",
  occurrence: { startsAt: number; endsAt: number },
  serviceIds: readonly string[] | null,
  minutesBefore?: number,
): Promise<EventPayload | null> {
  const [page, services] = await Promise.all([pageInfo(db, pageId), servicesOnPage(db, pageId, serviceIds)]);
  if (!page) return null;
  const status = kind === "maintenance.start" ? "IN_PROGRESS" : kind === "maintenance.end" ? "COMPLETED" : "SCHEDULED";
  return {
    kind,
    page,
    title: w.name,
    status,
    body: w.description ?? "",
    at: kind === "maintenance.end" ? occurrence.endsAt : kind === "maintenance.start" ? occurrence.startsAt : Date.now(),
    services,
    maintenance: { id: w.id, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt, minutesBefore },
  };
}
