import type { AlertEvent } from "@/lib/automation/alert";
import { INTEGRATION_TYPES, type IntegrationType } from "./names";
import { parseAlertmanagerWebhook } from "./alertmanager";
import { parseChecklyWebhook, WEBHOOK_TEMPLATE } from "./checkly";
import { parseGenericEvents } from "./generic";
import { parseGrafanaWebhook } from "./grafana";
import { parsePagerDutyEvent } from "./pagerduty";
import type { FormatOptions } from "./shared";

export type { FormatOptions };

/**
 * The one registry of alert formats: every integration type, how its body becomes events, and what its
 * sender needs to know. The type list itself is in ./names.ts (INTEGRATION_TYPES); the Record type keeps both in step.
 */
export interface Format {
  /** raw JSON → events; throws ValidationError when the body is not this format */
  parse(raw: unknown, opts: FormatOptions): AlertEvent[];
  /** the body carries the ingest token (PagerDuty's `routing_key`) */
  tokenInBody?: (raw: unknown) => string | null;
  /** the sender signs the raw body with a secret Heliograph gives it (the vendor's `x-checkly-signature`) */
  signatureHeader?: string;
  /** a ready body template for senders that make the user write one */
  bodyTemplate?: string;
}

export const FORMATS: Readonly<Record<IntegrationType, Format>> = {
  checkly: { parse: parseChecklyWebhook, signatureHeader: "x-checkly-signature", bodyTemplate: WEBHOOK_TEMPLATE },
  alertmanager: { parse: parseAlertmanagerWebhook },
  grafana: { parse: parseGrafanaWebhook },
  pagerduty: {
    parse: parsePagerDutyEvent,
    tokenInBody: (raw) => {
      const key = (raw as { routing_key?: unknown } | null)?.routing_key;
      return typeof key === "string" ? key : null;
    },
  },
  generic: { parse: parseGenericEvents },
};

export { INTEGRATION_TYPES };
