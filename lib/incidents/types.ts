import type { ImpactStatus, Incident, IncidentImpact, IncidentUpdate, Service, Severity, UpdateStatus } from "@/lib/db/types";
import type { ServiceStatus } from "@/lib/status";

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

/** A component an incident affects and how badly: now while it lasts, at its worst once it ended. */
export interface AffectedComponent {
  id: string;
  name: string;
  status: ServiceStatus;
}

/**
 * An incident with what it affects and its updates (newest first). Public surfaces read `components`,
 * which means the same for both kinds of incident; `services` (v1) and `impacts` (v3) are the stored truth
 * each API serializes.
 */
export interface IncidentView {
  incident: Incident;
  /** a v1 incident's services; empty for a v3 incident */
  services: Service[];
  /** a v3 incident's impact windows, oldest first; empty for a v1 incident */
  impacts: IncidentImpact[];
  components: AffectedComponent[];
  updates: IncidentUpdate[];
}

/** What a v3 create or PUT says a component's status is now (OPERATIONAL: no open window). */
export interface ComponentImpactInput {
  componentId: string;
  status: ServiceStatus;
}

/** One window of a v3 impact history as the replace operation sends it; times in epoch ms. */
export interface ImpactWindowInput {
  componentId: string;
  status: ImpactStatus;
  startedAt: number;
  /** null keeps the window open (an unresolved incident only) */
  endedAt: number | null;
}

export interface CreateIncidentV3Input {
  name: string;
  componentImpacts: ComponentImpactInput[];
  update: IncidentUpdateInput;
}

export interface IncidentV3Patch {
  name: string;
  /** absent: the impacts stay as they are; present: reconciled (components left out become operational) */
  componentImpacts?: ComponentImpactInput[];
}
