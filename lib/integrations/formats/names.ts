/**
 * The monitoring formats an integration speaks, one adapter each (./index.ts). A leaf: the database's row type,
 * the zod enum and the alert contract (lib/automation/alert.ts) read the names here.
 */
export const INTEGRATION_TYPES = ["checkly", "alertmanager", "grafana", "pagerduty", "generic"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
