import type { Incident, IncidentUpdate, Service, Severity, UpdateStatus } from "@/lib/db/types";

export interface IncidentUpdateInput {
  description: string;
  status?: UpdateStatus;
  /** epoch ms; default now */
  publicIncidentUpdateDate?: number;
  notifySubscribers?: boolean;
}

export interface CreateIncidentInput {
  name: string;
  severity: Severity;
  serviceIds: string[];
  update: IncidentUpdateInput;
}

export interface IncidentPatch {
  name?: string;
  severity?: Severity;
  serviceIds?: string[];
}

/** An incident with its services and its updates (newest first). */
export interface IncidentView {
  incident: Incident;
  services: Service[];
  updates: IncidentUpdate[];
}
