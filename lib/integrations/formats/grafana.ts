import { z } from "zod";
import type { AlertEvent } from "@/lib/automation/alert";
import { AlertmanagerAlert, alertEvents, UnreadAlerts } from "./alertmanager";
import { parseFormat, Str, type FormatOptions } from "./shared";

/** Grafana's webhook contact point: the Alertmanager shape plus `title`, `message` and per-alert extras. */
export const GrafanaWebhookPayload = z.looseObject({
  receiver: Str.optional(),
  status: z.enum(["firing", "resolved"]).optional(),
  orgId: z.number().optional(),
  alerts: z.array(AlertmanagerAlert).max(1000),
  title: Str.optional(),
  message: Str.optional(),
});

const Envelope = GrafanaWebhookPayload.extend({ alerts: UnreadAlerts });

export function parseGrafanaWebhook(raw: unknown, opts: FormatOptions): AlertEvent[] {
  return alertEvents(parseFormat(Envelope, raw, "grafana").alerts, "grafana", opts);
}
