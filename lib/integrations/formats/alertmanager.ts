import { z } from "zod";
import type { AlertEvent } from "@/lib/automation/alert";
import { clip, Labels, labelsKey, labelTags, parseFormat, Str, timeOf, type FormatOptions } from "./shared";

/** Alertmanager's always-firing alert that proves the pipeline is alive (kube-prometheus names it so). */
export const WATCHDOG = "Watchdog";

export const AlertmanagerAlert = z.looseObject({
  status: z.enum(["firing", "resolved"]),
  labels: Labels,
  annotations: Labels.default({}),
  startsAt: Str.optional(),
  endsAt: Str.optional(),
  fingerprint: Str.max(200).optional(),
  generatorURL: Str.optional(),
});

export const AlertmanagerWebhookPayload = z.looseObject({
  version: Str.optional(),
  groupKey: Str.optional(),
  status: z.enum(["firing", "resolved"]).optional(),
  receiver: Str.optional(),
  alerts: z.array(AlertmanagerAlert).max(1000),
  commonLabels: Labels.optional(),
  externalURL: Str.optional(),
});

type Alert = z.output<typeof AlertmanagerAlert>;

/** One event per alert: a firing alert at its startsAt, a resolved one at its endsAt. */
export function alertEvent(a: Alert, opts: FormatOptions): AlertEvent {
  const firing = a.status === "firing";
  const at = firing ? timeOf(a.startsAt) : (timeOf(a.endsAt) ?? timeOf(a.startsAt));
  return {
    dedupKey: a.fingerprint || labelsKey(a.labels),
    action: a.labels.alertname === WATCHDOG ? "heartbeat" : firing ? "trigger" : "resolve",
    occurredAt: at ?? opts.now,
    summary: clip(a.annotations.summary || a.annotations.title || a.labels.alertname || "alert"),
    tags: labelTags(a.labels, opts.matchLabel),
  };
}

export function parseAlertmanagerWebhook(raw: unknown, opts: FormatOptions): AlertEvent[] {
  return parseFormat(AlertmanagerWebhookPayload, raw, "alertmanager").alerts.map((a) => alertEvent(a, opts));
}
