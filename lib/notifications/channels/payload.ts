import type { EventKind, Severity, UpdateStatus } from "@/lib/db/types";
import type { ServiceStatus } from "@/lib/status/types";

/** What a message says, frozen when the event is queued: a later edit of the update never changes a sent message. */
export interface EventPayload {
  kind: EventKind;
  /** the page's zone and locale as the event happened (absent in events stored before pages had them: UTC, en) */
  page: { id: string; name: string; address: string; timezone?: string; locale?: string };
  title: string;
  /** INVESTIGATING…RESOLVED for incidents; SCHEDULED…CANCELLED for maintenance; the new status for a component */
  status: string;
  body: string;
  at: number;
  /** the components (v1: services) named, with what an incident does to each (absent for maintenance) */
  services: { id: string; name: string; status?: ServiceStatus }[];
  incident?: {
    id: string;
    severity: Severity;
    createdAt: number;
    updatedAt: number;
    resolvedAt: number | null;
    updates: { id: string; status: UpdateStatus; description: string; displayAt: number; createdAt: number; updatedAt: number }[];
  };
  /** a maintenance occurrence (its window's id); `updateId` for an operator's update */
  maintenance?: { id: number; startsAt: number; endsAt: number; minutesBefore?: number; occurrenceId?: string; updateId?: string };
  /** component.update: one component's derived status on the page changed; the page's status after it */
  component?: {
    id: string;
    name: string;
    createdAt: number;
    oldStatus: ServiceStatus;
    newStatus: ServiceStatus;
    /** the change's own id (Statuspage's component_update.id) */
    updateId: string;
    pageStatus: ServiceStatus;
    /** Statuspage's page status indicator: none, minor, major, critical */
    pageIndicator: string;
  };
}
