import type { ColumnType, Selectable } from "kysely";
import type { IntegrationType } from "@/lib/automation/alert";

/* Row types of migrations 010 and 013, merged into the one Database interface (lib/db/types.ts) from here. */

export interface IntegrationsTable {
  id: string;
  account_id: string;
  name: string;
  type: IntegrationType;
  status_page_id: string | null;
  /** sha256 of the ingest token: looked up and compared, never the token itself */
  token_hash: string;
  masked_token: string;
  /** epoch ms; null: never. A token minted by an expiring API key expires with it (migration 014) */
  token_expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  match_label: string;
  stale_after_minutes: number | null;
  alert_email: string | null;
  last_heard_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** set once when the silence was reported to the operator, cleared when it is heard again */
  stale_since: ColumnType<number | null, number | null | undefined, number | null>;
  /** its default target, an automation_rules row of kind DEFAULT, for alerts nothing else matches */
  default_rule_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

export interface IntegrationEventsTable {
  id: string;
  integration_id: string;
  /** hash of (action, event time, dedup key), claimed in integration_seen_keys; `pending:`, `refused:`, `stale:` rows claim nothing */
  seen_key: string;
  format: string;
  dedup_key: string;
  /** trigger | resolve | heartbeat, or `stale` for the integration's own silence */
  action: string;
  occurred_at: number;
  summary: string;
  /** JSON {tags, componentIds?, checkId?} of the event: a later resolve naming only its dedup key reuses it */
  matched_by: string;
  /** JSON AlertDecision[]; null while the decision is being taken */
  decisions: string | null;
  repeats: ColumnType<number, number | undefined, number>;
  created_at: number;
}

/** Migration 013: an event's claim by its seen key, kept for the replay horizon whether or not it is logged. */
export interface IntegrationSeenKeysTable {
  integration_id: string;
  seen_key: string;
  /** its row in the event log, if it was logged and is still kept */
  event_id: string;
  created_at: number;
  /** null while its decision is being taken */
  decided_at: number | null;
}

declare module "@/lib/db/types" {
  interface Database {
    integrations: IntegrationsTable;
    integration_events: IntegrationEventsTable;
    integration_seen_keys: IntegrationSeenKeysTable;
  }
}

export type Integration = Selectable<IntegrationsTable>;
export type IntegrationEvent = Selectable<IntegrationEventsTable>;
export type SeenKey = Selectable<IntegrationSeenKeysTable>;
