/** Delivery states. RETRYING rows failed at least once and wait for their next attempt. */
export const DELIVERY = {
  QUEUED: "QUEUED",
  RETRYING: "RETRYING",
  SENT: "SENT",
  DEAD: "DEAD",
  /** the subscriber left (unsubscribed, disabled, deleted) before the message went out */
  CANCELLED: "CANCELLED",
} as const;
export type DeliveryStatus = (typeof DELIVERY)[keyof typeof DELIVERY];
export const PENDING_STATUSES: DeliveryStatus[] = [DELIVERY.QUEUED, DELIVERY.RETRYING];

export const VERIFY_EVENT = "subscription.verify";
