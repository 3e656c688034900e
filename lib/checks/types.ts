import type { CheckRow } from "@/lib/db/types";
import type { RunnableCheck } from "@/lib/runners/types";

/** Every check type the vendor's enums name (§0.6), and the ones Heliograph runs. */
export const ALL_CHECK_TYPES = ["AGENTIC", "API", "BROWSER", "HEARTBEAT", "ICMP", "MULTI_STEP", "TCP", "PLAYWRIGHT", "TRACEROUTE", "URL", "DNS", "SSL", "GRPC"] as const;
export const RUN_CHECK_TYPES = ["API", "URL", "TCP", "DNS", "ICMP", "HEARTBEAT"] as const;

export type RetryStrategy = {
  type: "FIXED" | "LINEAR" | "EXPONENTIAL" | "SINGLE_RETRY";
  baseBackoffSeconds: number;
  maxRetries: number;
  maxDurationSeconds: number;
  sameRegion: boolean;
  onlyOn: "NETWORK_ERROR"[] | null;
};

export interface AlertSettings {
  escalationType: "RUN_BASED" | "TIME_BASED";
  runBasedEscalation: { failedRunThreshold: number };
  timeBasedEscalation: { minutesFailingThreshold: number };
  reminders: { amount: number; interval: number };
  parallelRunFailureThreshold: { enabled: boolean; percentage: number };
}

export interface TriggerIncident {
  serviceId: string;
  severity: "CRITICAL" | "MAJOR" | "MEDIUM" | "MINOR";
  name: string;
  description: string;
  notifySubscribers: boolean;
}

export interface HeartbeatSettings {
  period: number;
  periodUnit: "seconds" | "minutes" | "hours" | "days";
  grace: number;
  graceUnit: "seconds" | "minutes" | "hours" | "days";
}

/**
 * A check as the engine runs it: its group's settings applied where the group sets them, the account's alert settings
 * where it uses the global ones, and its variables substituted into what the runner gets. Made by lib/checks/effective.ts;
 * read by the scheduler (locations, retries), the runner (runnable) and alerting (alert settings, trigger, tags).
 */
export interface EffectiveCheck {
  row: CheckRow;
  checkType: CheckRow["check_type"];
  name: string;
  activated: boolean;
  muted: boolean;
  tags: string[];
  /** public location codes to run in (never empty: the server's own location when the check and group name none) */
  locations: string[];
  privateLocations: string[];
  runParallel: boolean;
  /** null: no retries (doubleCheck true without a strategy becomes one immediate SINGLE_RETRY, as the vendor's) */
  retryStrategy: RetryStrategy | null;
  alertSettings: AlertSettings;
  triggerIncident: TriggerIncident | null;
  /** what lib/runners runs; null for HEARTBEAT (pinged, not run) */
  runnable: RunnableCheck | null;
  heartbeat: HeartbeatSettings | null;
  groupId: number | null;
}
