import type { RepeatUnit } from "@/lib/db/types";

export interface StatusPageVisibility {
  enabled: boolean;
  severity: string | null;
  affectAllServices: boolean;
  serviceIds: string[];
  /** v3 components (a group covers its children) under maintenance, beside v1 serviceIds */
  componentIds: string[];
  statusPageIds: string[];
  showAffectedServices: boolean;
  notifyOnStart: boolean;
  notifyOnEnd: boolean;
  reminderMinutesBefore: number[];
  autoStart: boolean;
  autoEnd: boolean;
  suppressAutoIncidents: boolean;
}

export const DEFAULT_VISIBILITY: StatusPageVisibility = {
  enabled: false,
  severity: null,
  affectAllServices: false,
  serviceIds: [],
  componentIds: [],
  statusPageIds: [],
  showAffectedServices: true,
  notifyOnStart: false,
  notifyOnEnd: false,
  reminderMinutesBefore: [],
  autoStart: true,
  autoEnd: true,
  suppressAutoIncidents: false,
};

/** A window as the verbs accept it (times in epoch ms); PUT passes only the fields that change. */
export interface MaintenanceWindowInput {
  name: string;
  description?: string | null;
  tags?: string[];
  startsAt: number;
  endsAt: number;
  repeatInterval?: number | null;
  repeatUnit: RepeatUnit | null;
  repeatEndsAt?: number | null;
  timezone?: string | null;
  pauseAllChecks?: boolean;
  silenceAllAlerts?: boolean;
  silenceAlertsTags?: string[];
  statusPageVisibility?: Partial<StatusPageVisibility>;
}

export interface MaintenanceFilter {
  startsAt?: Partial<Record<"gt" | "gte" | "lt" | "lte", number>>;
  endsAt?: Partial<Record<"gt" | "gte" | "lt" | "lte", number>>;
}
