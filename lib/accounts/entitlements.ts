import { env } from "@/lib/env";
import { PaymentRequiredError } from "@/lib/errors";

/**
 * This server's limits, the one registry of them. The verbs enforce them (lib/accounts/limits.ts for what an
 * account owns) and `GET /v1/accounts/me/entitlements` states the same numbers, so a client can read what it
 * is allowed before it hits a limit. Per-account ones come from HELIOGRAPH_LIMIT_* (README, Configuration).
 */
export const LIMITS = {
  STATUS_PAGES: env.HELIOGRAPH_LIMIT_STATUS_PAGES,
  SERVICES: env.HELIOGRAPH_LIMIT_SERVICES,
  MAINTENANCE_WINDOWS: env.HELIOGRAPH_LIMIT_MAINTENANCE_WINDOWS,
  API_KEYS: env.HELIOGRAPH_LIMIT_API_KEYS,
  INTEGRATIONS: env.HELIOGRAPH_LIMIT_INTEGRATIONS,
  AUTOMATION_RULES: env.HELIOGRAPH_LIMIT_AUTOMATION_RULES,
  CHECKS: env.HELIOGRAPH_LIMIT_CHECKS,
  CHECK_GROUPS: env.HELIOGRAPH_LIMIT_CHECK_GROUPS,
  CHECK_VARIABLES: env.HELIOGRAPH_LIMIT_CHECK_VARIABLES,
  CARDS_PER_STATUS_PAGE: 25,
  SERVICES_PER_CARD: 100,
  KEYS_PER_STATUS_PAGE: 25,
  SUBSCRIBERS_PER_STATUS_PAGE: 100_000,
  SUBSCRIPTIONS_PER_BULK_REQUEST: 100,
  COMPONENTS_PER_STATUS_PAGE: 1000,
  VERIFICATION_EMAILS_PER_HOUR: env.HELIOGRAPH_LIMIT_VERIFICATION_EMAILS_PER_HOUR,
  ALERT_EMAILS_PER_HOUR: env.HELIOGRAPH_LIMIT_ALERT_EMAILS_PER_HOUR,
} as const;

export type LimitKey = keyof typeof LIMITS;

/** What an account owns, counted under its lock when one more is created, and reported with its usage. */
export const ACCOUNT_LIMITS = ["STATUS_PAGES", "SERVICES", "MAINTENANCE_WINDOWS", "API_KEYS", "INTEGRATIONS", "AUTOMATION_RULES", "CHECKS", "CHECK_GROUPS", "CHECK_VARIABLES"] as const satisfies readonly LimitKey[];
export type AccountLimitKey = (typeof ACCOUNT_LIMITS)[number];

/** The vendor's entitlement item; `usage` (what the account has now) is Heliograph's extension. */
export interface Entitlement {
  key: string;
  name: string;
  description: string;
  type: "metered" | "flag";
  enabled: boolean;
  quantity?: number;
  usage?: number;
}

const METERED: Record<LimitKey, { name: string; description: string }> = {
  STATUS_PAGES: { name: "Status pages", description: "Status pages per account" },
  SERVICES: { name: "Services", description: "Services per account" },
  MAINTENANCE_WINDOWS: { name: "Maintenance windows", description: "Maintenance windows per account" },
  API_KEYS: { name: "API keys", description: "Active (neither revoked nor expired) API keys per account" },
  INTEGRATIONS: { name: "Integrations", description: "Alert integrations per account" },
  AUTOMATION_RULES: { name: "Automation rules", description: "Automation rules per account, over all its status pages" },
  CHECKS: { name: "Checks", description: "Checks and monitors per account" },
  CHECK_GROUPS: { name: "Check groups", description: "Check groups per account" },
  CHECK_VARIABLES: { name: "Check variables", description: "Environment variables of checks and check groups per account" },
  CARDS_PER_STATUS_PAGE: { name: "Cards per status page", description: "Cards on one status page" },
  SERVICES_PER_CARD: { name: "Services per card", description: "Services listed on one card" },
  KEYS_PER_STATUS_PAGE: { name: "Keys per status page", description: "Access keys of one private status page" },
  SUBSCRIBERS_PER_STATUS_PAGE: { name: "Subscribers per status page", description: "Email, webhook, Slack and SMS subscribers of one status page" },
  SUBSCRIPTIONS_PER_BULK_REQUEST: { name: "Subscriptions per bulk request", description: "Subscriptions in one bulk create request" },
  COMPONENTS_PER_STATUS_PAGE: { name: "Components per status page", description: "Components (services and groups) of one v3 status page" },
  VERIFICATION_EMAILS_PER_HOUR: { name: "Confirmation e-mails per hour", description: "Subscription confirmation e-mails one account's sign-ups may queue per hour" },
  ALERT_EMAILS_PER_HOUR: { name: "Notification e-mails per hour", description: "Incident and maintenance e-mails sent for one account per hour" },
};

const FLAGS: Omit<Entitlement, "type" | "enabled">[] = [
  { key: "STATUS_PAGE_CUSTOM_DOMAINS", name: "Custom domains", description: "Serve a status page on its own host name" },
  { key: "STATUS_PAGE_PRIVATE", name: "Private status pages", description: "Pages opened with a key or a password" },
  { key: "STATUS_PAGE_SUBSCRIPTIONS", name: "Subscriptions", description: "Email, webhook, Slack and SMS notifications of incident updates" },
  { key: "STATUS_PAGE_THEMES", name: "Theme colours", description: "Light and dark theme colours, logo and favicon" },
];

let overrides: Partial<Record<LimitKey, number>> = {};

/** The limit in force: the configured one, or what a test set with configureLimits. */
export function limitOf(key: LimitKey): number {
  return overrides[key] ?? LIMITS[key];
}

/** Tests set small limits (operators set HELIOGRAPH_LIMIT_*, read once); no argument restores the configured ones. */
export function configureLimits(next: Partial<Record<LimitKey, number>> = {}): void {
  overrides = next;
}

/** Every entitlement, with the account's usage where it was counted. */
export function entitlements(usage: Partial<Record<LimitKey, number>> = {}): Entitlement[] {
  const metered = (Object.keys(LIMITS) as LimitKey[]).map((key) => ({
    key,
    ...METERED[key],
    type: "metered" as const,
    enabled: true,
    quantity: limitOf(key),
    ...(usage[key] === undefined ? {} : { usage: usage[key] }),
  }));
  return [...metered, ...FLAGS.map((f) => ({ ...f, type: "flag" as const, enabled: true }))];
}

/** Throws 402 (the vendor's answer over a plan limit) when adding `adding` more would pass the limit. */
export function assertWithinLimit(key: LimitKey, current: number, adding = 1, attributes: Record<string, unknown> = {}): void {
  const quantity = limitOf(key);
  if (current + adding > quantity) {
    throw new PaymentRequiredError(`${METERED[key].description} are limited to ${quantity} on this server`, { entitlement: key, quantity, usage: current, ...attributes });
  }
}
