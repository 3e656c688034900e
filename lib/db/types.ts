import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { IntegrationType } from "@/lib/integrations/formats/names";
import type { ChannelType } from "@/lib/notifications/channels/names";
import type { PageLocale } from "@/lib/time/locale";

/*
 * Row types, shared by SQLite and PostgreSQL. Conventions that keep one set of queries for both:
 * timestamps are epoch milliseconds (UTC) in integer/bigint columns, booleans are 0/1 integers,
 * lists and objects are JSON text. Serializers turn these into the wire shapes.
 */

export type Bool = 0 | 1;
export type Severity = "CRITICAL" | "MAJOR" | "MEDIUM" | "MINOR";
export type UpdateStatus = "INVESTIGATING" | "IDENTIFIED" | "MONITORING" | "RESOLVED";
export type Theme = "LIGHT" | "DARK" | "AUTO";
export type RepeatUnit = "DAY" | "WEEK" | "MONTH";
/** The channel names come from lib/notifications/channels/names.ts; the column is plain text. */
export type Channel = ChannelType;
export type SubscriberStatus = "PENDING" | "VERIFIED";
export type ComponentType = "SERVICE" | "GROUP";
/** What an impact window can say about a component (OPERATIONAL is the absence of one). */
export type ImpactStatus = "UNDER_MAINTENANCE" | "DEGRADED_PERFORMANCE" | "PARTIAL_OUTAGE" | "MAJOR_OUTAGE";
/** Who wrote an update or changed an impact: an API key, a page's automation, or (later) a console operator. */
export type ActorType = "API_KEY" | "AUTOMATION" | "OPERATOR";
/** 1: cards of account-wide services (the v1 API); 3: the page's own components (the v3 API). */
export type PageVersion = 1 | 3;

export interface AccountsTable {
  id: string;
  name: string;
  /** JSON of the account's default alert settings (the vendor's alertSettings shape); null: the vendor's defaults */
  alert_settings: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** sha256 of the raw key; the raw key is shown once and never stored. */
  key_hash: string;
  masked_key: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** null: never expires */
  expires_at: number | null;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface StatusPagesTable {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  url: string;
  /** the domain the page is served at: proven by its TXT record, or accepted as set when verification is off */
  custom_domain: string | null;
  /** a domain set while verification is on and not proven yet (migration 015); null once proven */
  pending_custom_domain: ColumnType<string | null, string | null | undefined, string | null>;
  /** what the domain's `_heliograph-challenge` TXT record must hold, after `heliograph-verification=` */
  custom_domain_token: ColumnType<string | null, string | null | undefined, string | null>;
  is_private: Bool;
  default_theme: Theme;
  /** JSON `{light, dark}` or null */
  theme_colors: string | null;
  logo: string | null;
  logo_dark: string | null;
  favicon: string | null;
  redirect_to: string | null;
  /** scrypt hash of the page password, or null */
  password_hash: string | null;
  version: ColumnType<PageVersion, PageVersion | undefined, PageVersion>;
  privacy_policy_link: ColumnType<string | null, string | null | undefined, string | null>;
  terms_of_service_link: ColumnType<string | null, string | null | undefined, string | null>;
  footer_text: ColumnType<string | null, string | null | undefined, string | null>;
  google_analytics_tag: ColumnType<string | null, string | null | undefined, string | null>;
  allow_indexing: ColumnType<Bool, Bool | undefined, Bool>;
  /** IANA zone the page's days and printed times follow (default UTC) */
  timezone: ColumnType<string, string | undefined, string>;
  /** locale of Heliograph's own words on the page and in its messages (default en) */
  locale: ColumnType<PageLocale, PageLocale | undefined, PageLocale>;
  created_at: number;
  updated_at: number;
}

export interface StatusPageKeysTable {
  id: string;
  status_page_id: string;
  key_hash: string;
  masked_key: string;
  created_at: number;
  updated_at: number;
  /** epoch ms; null: never. A key minted by an expiring API key expires with it (migration 014) */
  expires_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CardsTable {
  id: string;
  status_page_id: string;
  name: string;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface CardServicesTable {
  card_id: string;
  service_id: string;
  position: number;
}

export interface ServicesTable {
  id: string;
  account_id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface ComponentsTable {
  id: string;
  status_page_id: string;
  type: ComponentType;
  name: string;
  description: string | null;
  display_order: number;
  hidden: Bool;
  /** a GROUP on the same page, or null at the top level */
  parent_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface IncidentImpactsTable {
  id: string;
  incident_id: string;
  component_id: string;
  status: ImpactStatus;
  started_at: number;
  /** null while the window is open */
  ended_at: number | null;
  actor_type: ActorType | null;
  actor_id: string | null;
  created_at: number;
}

export interface SubscriberComponentsTable {
  subscriber_id: string;
  component_id: string;
}

export interface IncidentsTable {
  id: string;
  account_id: string;
  /** the page of a v3 incident; null for a v1 incident, shown on every page whose cards list its services */
  status_page_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** who last changed the impact (v1 severity or services, v3 impact windows) */
  impact_actor_type: ColumnType<ActorType | null, ActorType | null | undefined, ActorType | null>;
  impact_actor_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** when anyone but the automation first wrote to it (created it, posted, changed impacts): humans own it since */
  humans_since: ColumnType<number | null, number | null | undefined, number | null>;
  name: string;
  severity: Severity;
  /** Denormalized from the updates in the same transaction, so "unresolved" is an indexed query. */
  last_update_status: UpdateStatus;
  /** publicIncidentUpdateDate of the first update */
  started_at: number;
  /** publicIncidentUpdateDate of the resolving update, null while open */
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface IncidentServicesTable {
  incident_id: string;
  service_id: string;
}

export interface IncidentUpdatesTable {
  id: string;
  incident_id: string;
  status: UpdateStatus;
  description: string;
  public_incident_update_date: number;
  notify_subscribers: Bool;
  /** null on updates written before release 0.2 */
  actor_type: ColumnType<ActorType | null, ActorType | null | undefined, ActorType | null>;
  actor_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

export interface MaintenanceWindowsTable {
  id: Generated<number>;
  account_id: string;
  name: string;
  description: string | null;
  /** JSON string[] */
  tags: string;
  starts_at: number;
  ends_at: number;
  repeat_interval: number | null;
  repeat_unit: RepeatUnit | null;
  repeat_ends_at: number | null;
  timezone: string | null;
  pause_all_checks: Bool;
  silence_all_alerts: Bool;
  /** JSON string[] */
  silence_alerts_tags: string;
  /** JSON StatusPageVisibility, see lib/maintenance/schema.ts */
  status_page_visibility: string;
  created_at: number;
  updated_at: number;
}

export interface SubscribersTable {
  id: string;
  status_page_id: string;
  channel: Channel;
  /** e-mail address, URL or E.164 number; lower-cased where the channel is case-insensitive */
  target: string;
  status: SubscriberStatus;
  /** JSON string[] of service ids, or null for all services */
  service_ids: string | null;
  /** webhook/Slack URL host, "smtp" for e-mail, "sms" for SMS: the key of the per-destination concurrency limit */
  dest_host: string | null;
  /** webhook signing secret, AES-256-GCM under a key derived from the server secret */
  secret_enc: string | null;
  contact_email: string | null;
  /** bound into manage/unsubscribe links; replaced on unsubscribe and re-subscribe (migration 004) */
  token_nonce: ColumnType<string | null, string, string>;
  /** rotated each time a confirmation is sent: links and codes of older confirmations stop working */
  verify_nonce: string | null;
  verify_sent_at: number | null;
  verify_attempts: ColumnType<number, number | undefined, number>;
  verified_at: number | null;
  failing_since: number | null;
  disabled_at: number | null;
  unsubscribed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SubscriberServicesTable {
  subscriber_id: string;
  service_id: string;
}

export type EventKind = "incident.update" | "component.update" | "maintenance.start" | "maintenance.end" | "maintenance.reminder" | "maintenance.update" | "subscription.verify";

export interface NotificationEventsTable {
  id: string;
  kind: EventKind;
  /** what triggered it: an update id, `write:component`, `windowId:occurrenceStart[:minutes]`, or a subscriber id for confirmations */
  ref: string;
  status_page_id: string;
  /** JSON EventPayload: a snapshot taken when the event was queued, so later edits never change a sent message */
  payload: string;
  /** JSON of the channel messages by channel name, rendered once by the first worker that needs them */
  rendered: string | null;
  created_at: number;
}

export interface NotificationDeliveriesTable {
  id: string;
  subscriber_id: string;
  /** (event, subscriber): the receiver sees it as webhook-id / Idempotency-Key / Message-ID */
  idempotency_key: string;
  event_type: string;
  event_id: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  host: string;
  lease_owner: string | null;
  sent_at: number | null;
  response_code: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  server_settings: ServerSettingsTable;
  status_pages: StatusPagesTable;
  status_page_keys: StatusPageKeysTable;
  cards: CardsTable;
  card_services: CardServicesTable;
  services: ServicesTable;
  incidents: IncidentsTable;
  incident_services: IncidentServicesTable;
  incident_updates: IncidentUpdatesTable;
  maintenance_windows: MaintenanceWindowsTable;
  subscribers: SubscribersTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_events: NotificationEventsTable;
  subscriber_services: SubscriberServicesTable;
  components: ComponentsTable;
  incident_impacts: IncidentImpactsTable;
  subscriber_components: SubscriberComponentsTable;
}

export type Account = Selectable<AccountsTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type StatusPage = Selectable<StatusPagesTable>;
export type StatusPageKey = Selectable<StatusPageKeysTable>;
export type Card = Selectable<CardsTable>;
export type Service = Selectable<ServicesTable>;
export type Component = Selectable<ComponentsTable>;
export type IncidentImpact = Selectable<IncidentImpactsTable>;
export type Incident = Selectable<IncidentsTable>;
export type IncidentUpdate = Selectable<IncidentUpdatesTable>;
export type MaintenanceWindow = Selectable<MaintenanceWindowsTable>;
export type Subscriber = Selectable<SubscribersTable>;
export type NotificationDelivery = Selectable<NotificationDeliveriesTable>;
export type NotificationEvent = Selectable<NotificationEventsTable>;
export type NewStatusPage = Insertable<StatusPagesTable>;
export type StatusPagePatch = Updateable<StatusPagesTable>;

/* Maintenance occurrences and their updates (migration 007). */
export type MaintenanceStatus = "SCHEDULED" | "IN_PROGRESS" | "VERIFYING" | "COMPLETED" | "CANCELLED";

export interface MaintenanceOccurrencesTable {
  id: string;
  window_id: number;
  starts_at: number;
  ends_at: number;
  /** the status of its latest update, SCHEDULED without one */
  status: MaintenanceStatus;
  /** the start the repeat rule gave it; unique per window, so it is materialised at most once */
  original_starts_at: number;
  created_at: number;
  updated_at: number;
}

export interface MaintenanceUpdatesTable {
  id: string;
  occurrence_id: string;
  window_id: number;
  status: MaintenanceStatus;
  description: string;
  notify_subscribers: Bool;
  previous_status: MaintenanceStatus | null;
  previous_starts_at: number | null;
  previous_ends_at: number | null;
  /** JSON {startsAt?, endsAt?} (ISO) when this update moved the occurrence, else null */
  date_adjustments: string | null;
  actor_type: ActorType | null;
  actor_id: string | null;
  created_at: number;
  updated_at: number;
}

// Merged into Database above (declaration merging keeps this addition in one appended block).
export interface Database {
  maintenance_occurrences: MaintenanceOccurrencesTable;
  maintenance_updates: MaintenanceUpdatesTable;
}

export type MaintenanceOccurrence = Selectable<MaintenanceOccurrencesTable>;
export type MaintenanceUpdate = Selectable<MaintenanceUpdatesTable>;

/* Automation rules, per-check triggers and their alert state (migration 009). */
/** DEFAULT: an integration's default target (integrations.default_rule_id), on its v3 page like a RULE */
export type AutomationKind = "RULE" | "CHECK" | "DEFAULT";

export interface AutomationRulesTable {
  id: string;
  account_id: string;
  kind: AutomationKind;
  /** a RULE's v3 page; null for a CHECK */
  status_page_id: string | null;
  /** a CHECK's vendor check id; null for a RULE */
  check_id: string | null;
  /** a CHECK's v1 service; null for a RULE */
  service_id: string | null;
  name: string;
  enabled: Bool;
  first_update: string;
  last_update: string;
  notify_subscribers: Bool;
  cool_down_minutes: number;
  /** opens only once its alert has been firing this many minutes (0: at once) */
  open_after_minutes: ColumnType<number, number | undefined, number>;
  /** JSON string[] */
  tags: string;
  /** the open incident the rule manages (claimed only while null) */
  incident_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the automation last resolved the rule's incident (cool-down) */
  last_resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** a CHECK's incident severity; null: MAJOR (migration 021) */
  severity: ColumnType<Severity | null, Severity | null | undefined, Severity | null>;
  created_at: number;
  updated_at: number;
}

export interface AutomationRuleComponentsTable {
  id: string;
  rule_id: string;
  component_id: string;
  target_impact: ImpactStatus;
  position: number;
}

export interface AutomationAlertsTable {
  rule_id: string;
  dedup_key: string;
  incident_id: string | null;
  firing: Bool;
  /** the payload's time of its latest failure, of its latest recovery */
  fired_at: number | null;
  resolved_at: number | null;
  updated_at: number;
}

// Merged into Database above.
export interface Database {
  automation_rules: AutomationRulesTable;
  automation_rule_components: AutomationRuleComponentsTable;
  automation_alerts: AutomationAlertsTable;
}

export type AutomationRule = Selectable<AutomationRulesTable>;
export type AutomationRuleComponent = Selectable<AutomationRuleComponentsTable>;
export type AutomationAlert = Selectable<AutomationAlertsTable>;

/* Stored uptime strips and the history versions that keep them valid (migration 012, lib/uptime/strips.ts). */
export interface UptimeStripsTable {
  status_page_id: string;
  component_id: string;
  zone: string;
  /** YYYY-MM-DD: the strip holds the days up to and including this one */
  through_day: string;
  day_count: number;
  /** JSON, run-length encoded days (lib/uptime/strips.ts) */
  days: string;
  component_version: number;
  page_version: number;
  computed_at: number;
}

export interface UptimeVersionsTable {
  /** a component's, service's or page's id */
  subject_id: string;
  version: number;
}

// Merged into Database above.
export interface Database {
  uptime_strips: UptimeStripsTable;
  uptime_versions: UptimeVersionsTable;
}

/* Integrations, their event log and seen keys (migrations 010 and 013, lib/integrations). */
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

// Merged into Database above.
export interface Database {
  integrations: IntegrationsTable;
  integration_events: IntegrationEventsTable;
  integration_seen_keys: IntegrationSeenKeysTable;
}

export type Integration = Selectable<IntegrationsTable>;
export type IntegrationEvent = Selectable<IntegrationEventsTable>;
export type SeenKey = Selectable<IntegrationSeenKeysTable>;

/* Monitoring (migrations 017–019): checks and groups, the runners' jobs, results, statuses and heartbeat events. */
export type CheckType = "API" | "URL" | "TCP" | "DNS" | "ICMP" | "HEARTBEAT";
export type AlertState = "PASSING" | "DEGRADED" | "FAILING";
export type HeartbeatState = "FAILING" | "EARLY" | "RECEIVED" | "GRACE" | "LATE";

export interface CheckGroupsTable {
  id: Generated<number>;
  account_id: string;
  name: string;
  activated: Bool;
  muted: Bool;
  /** JSON string[] */
  tags: string;
  /** JSON string[] of public location codes */
  locations: string;
  concurrency: number;
  /** JSON of the rest of the group's CheckGroupV2 wire shape */
  definition: string;
  created_at: number;
  updated_at: number;
}

export interface ChecksTable {
  id: string;
  account_id: string;
  check_type: CheckType;
  name: string;
  activated: Bool;
  muted: Bool;
  /** minutes, from the vendor's set; 0 with frequency_offset 10/20/30 runs every that many seconds */
  frequency: number;
  frequency_offset: number;
  group_id: number | null;
  group_order: number | null;
  /** JSON of the rest of the check's wire shape (request, assertions, alertSettings, retryStrategy, triggerIncident …) */
  definition: string;
  /** the request's URL (API, URL) or host (TCP, ICMP), for apiCheckUrlFilterPattern */
  url: ColumnType<string | null, string | null | undefined, string | null>;
  ping_token: string | null;
  created_by_key_id: string | null;
  /** the scheduler's next slot (epoch ms); null while deactivated */
  next_run_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CheckTagsTable {
  check_id: string;
  account_id: string;
  tag: string;
}

export interface CheckVariablesTable {
  id: string;
  account_id: string;
  check_id: string | null;
  group_id: number | null;
  key: string;
  /** null for a secret */
  value: string | null;
  /** lib/secrets/encryption.ts encryptSecret output, for a secret */
  value_encrypted: string | null;
  locked: Bool;
  secret: Bool;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface CheckJobsTable {
  id: string;
  account_id: string;
  check_id: string;
  location: string;
  sequence_id: string;
  attempt: number;
  scheduled_at: number;
  due_at: number;
  lease_until: number | null;
  lease_owner: string | null;
  version: number;
  created_at: number;
}

export interface CheckResultsTable {
  id: string;
  account_id: string;
  check_id: string;
  check_type: CheckType;
  sequence_id: string;
  attempt: number;
  result_type: "FINAL" | "ATTEMPT";
  run_location: string;
  check_run_id: number;
  started_at: number;
  stopped_at: number;
  response_time: number;
  has_failures: Bool;
  has_errors: Bool;
  is_degraded: Bool | null;
  over_max_response_time: Bool | null;
  /** JSON of the per-type result (apiCheckResult …) */
  detail: string | null;
  created_at: number;
}

export interface CheckStatusesTable {
  check_id: string;
  account_id: string;
  has_failures: Bool;
  has_errors: Bool;
  is_degraded: Bool;
  longest_run: number | null;
  shortest_run: number | null;
  last_run_location: string | null;
  last_check_run_id: number | null;
  last_result_at: number | null;
  alert_state: AlertState;
  alert_state_since: number | null;
  failing_runs: number;
  degraded_runs: number;
  streak_since: number | null;
  created_at: number;
  updated_at: number;
}

export interface HeartbeatEventsTable {
  id: string;
  account_id: string;
  check_id: string;
  state: HeartbeatState;
  at: number;
  source: string | null;
  user_agent: string | null;
}

export interface Database {
  check_groups: CheckGroupsTable;
  checks: ChecksTable;
  check_tags: CheckTagsTable;
  check_variables: CheckVariablesTable;
  check_jobs: CheckJobsTable;
  check_results: CheckResultsTable;
  check_statuses: CheckStatusesTable;
  heartbeat_events: HeartbeatEventsTable;
}

export type CheckGroup = Selectable<CheckGroupsTable>;
export type CheckRow = Selectable<ChecksTable>;
export type CheckVariable = Selectable<CheckVariablesTable>;
export type CheckJob = Selectable<CheckJobsTable>;
export type CheckResultRow = Selectable<CheckResultsTable>;
export type CheckStatusRow = Selectable<CheckStatusesTable>;
export type HeartbeatEvent = Selectable<HeartbeatEventsTable>;
