import { ForbiddenError } from "@/lib/errors";

/**
 * This server's real limits. The verbs enforce them and `GET /v1/accounts/me/entitlements` states the
 * same numbers, so a client can read what it is allowed before it hits a limit.
 */
export const LIMITS = {
  STATUS_PAGES: 100,
  SERVICES: 1000,
  CARDS_PER_STATUS_PAGE: 25,
  SERVICES_PER_CARD: 100,
  KEYS_PER_STATUS_PAGE: 25,
  MAINTENANCE_WINDOWS: 1000,
  SUBSCRIBERS_PER_STATUS_PAGE: 100_000,
  SUBSCRIPTIONS_PER_BULK_REQUEST: 100,
  COMPONENTS_PER_STATUS_PAGE: 1000,
} as const;

export type LimitKey = keyof typeof LIMITS;

interface Entitlement {
  key: string;
  name: string;
  description: string;
  type: "METERED" | "FLAG";
  enabled: boolean;
  quantity?: number;
}

const METERED: Record<LimitKey, { name: string; description: string }> = {
  STATUS_PAGES: { name: "Status pages", description: "Status pages per account" },
  SERVICES: { name: "Services", description: "Services per account" },
  CARDS_PER_STATUS_PAGE: { name: "Cards per status page", description: "Cards on one status page" },
  SERVICES_PER_CARD: { name: "Services per card", description: "Services listed on one card" },
  KEYS_PER_STATUS_PAGE: { name: "Keys per status page", description: "Access keys of one private status page" },
  MAINTENANCE_WINDOWS: { name: "Maintenance windows", description: "Maintenance windows per account" },
  SUBSCRIBERS_PER_STATUS_PAGE: { name: "Subscribers per status page", description: "Email, webhook, Slack and SMS subscribers of one status page" },
  SUBSCRIPTIONS_PER_BULK_REQUEST: { name: "Subscriptions per bulk request", description: "Subscriptions in one bulk create request" },
  COMPONENTS_PER_STATUS_PAGE: { name: "Components per status page", description: "Components (services and groups) of one v3 status page" },
};

const FLAGS: Omit<Entitlement, "type" | "enabled">[] = [
  { key: "STATUS_PAGE_CUSTOM_DOMAINS", name: "Custom domains", description: "Serve a status page on its own host name" },
  { key: "STATUS_PAGE_PRIVATE", name: "Private status pages", description: "Pages opened with a key or a password" },
  { key: "STATUS_PAGE_SUBSCRIPTIONS", name: "Subscriptions", description: "Email, webhook, Slack and SMS notifications of incident updates" },
  { key: "STATUS_PAGE_THEMES", name: "Theme colours", description: "Light and dark theme colours, logo and favicon" },
];

export function entitlements(): Entitlement[] {
  const metered = (Object.keys(LIMITS) as LimitKey[]).map((key) => ({ key, ...METERED[key], type: "METERED" as const, enabled: true, quantity: LIMITS[key] }));
  return [...metered, ...FLAGS.map((f) => ({ ...f, type: "FLAG" as const, enabled: true }))];
}

/** Throws 403 when adding `adding` more would pass the limit. */
export function assertWithinLimit(key: LimitKey, current: number, adding = 1, attributes: Record<string, unknown> = {}): void {
  if (current + adding > LIMITS[key]) {
    throw new ForbiddenError(`${METERED[key].description} are limited to ${LIMITS[key]} on this server`, { entitlement: key, quantity: LIMITS[key], ...attributes });
  }
}
