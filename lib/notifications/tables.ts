import type { ColumnType, Kysely, Selectable, Transaction } from "kysely";
import type { Database, NotificationDelivery, Subscriber } from "@/lib/db/types";

/** Columns and tables added by migration 002; `withNotify(db)` types queries against them. */
export interface SubscriberExtra {
  /** webhook/Slack URL host, "smtp" for e-mail, "sms" for SMS: the key of the per-destination concurrency limit */
  dest_host: string | null;
  /** webhook signing secret, AES-256-GCM under a key derived from the server secret */
  secret_enc: string | null;
  contact_email: string | null;
  /** rotated each time a confirmation is sent: links and codes of older confirmations stop working */
  verify_nonce: string | null;
  verify_sent_at: number | null;
  verify_attempts: ColumnType<number, number | undefined, number>;
  verified_at: number | null;
  failing_since: number | null;
  disabled_at: number | null;
  unsubscribed_at: number | null;
}

export interface DeliveryExtra {
  host: string;
  lease_owner: string | null;
  sent_at: number | null;
  response_code: number | null;
}

export interface NotificationEventsTable {
  id: string;
  kind: EventKind;
  /** what triggered it: an update id, `windowId:occurrenceStart[:minutes]`, or a subscriber id for confirmations */
  ref: string;
  status_page_id: string;
  /** JSON EventPayload: a snapshot taken when the event was queued, so later edits never change a sent message */
  payload: string;
  /** JSON of the channel messages, rendered once by the first worker that needs them */
  rendered: string | null;
  created_at: number;
}

export interface SubscriberServicesTable {
  subscriber_id: string;
  service_id: string;
}

export type EventKind = "incident.update" | "maintenance.start" | "maintenance.end" | "maintenance.reminder" | "subscription.verify";

export type NotifyTables = {
  subscribers: SubscriberExtra;
  notification_deliveries: DeliveryExtra;
  notification_events: NotificationEventsTable;
  subscriber_services: SubscriberServicesTable;
};

export type NotifyDatabase = Database & NotifyTables;
export type NDb = Kysely<NotifyDatabase>;
export type SubscriberRow = Subscriber & Selectable<SubscriberExtra>;
export type DeliveryRow = NotificationDelivery & DeliveryExtra;
export type EventRow = Selectable<NotificationEventsTable>;

/** The same connection (or transaction), typed with the notification columns. */
export function withNotify(db: Kysely<Database>): NDb {
  return db.withTables<NotifyTables>() as unknown as NDb;
}
export type NTrx = Transaction<NotifyDatabase>;
