import { z } from "zod";
import type { AlertEvent } from "@/lib/automation/alert";
import { clip, keyOr, Labels, labelsKey, labelTags, parseFormat, parseItems, Str, timeOf, type FormatOptions, type RefusedAs } from "./shared";

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

/** Alerts are read one by one (parseItems), so one bad label refuses one alert, not its group. */
export const UnreadAlerts = z.array(z.unknown()).max(1000);
const Envelope = AlertmanagerWebhookPayload.extend({ alerts: UnreadAlerts });

const refusedAlert: RefusedAs = (raw, i) => {
  const a = (raw ?? {}) as { status?: unknown; fingerprint?: unknown };
  return { dedupKey: keyOr(a.fingerprint, `alerts.${i}`), action: a.status === "resolved" ? "resolve" : "trigger" };
};

export function alertEvents(alerts: readonly unknown[], format: string, opts: FormatOptions): AlertEvent[] {
  return parseItems(AlertmanagerAlert, alerts, "alerts", format, (a) => alertEvent(a, opts), refusedAlert, opts.now);
}

export function parseAlertmanagerWebhook(raw: unknown, opts: FormatOptions): AlertEvent[] {
  return alertEvents(parseFormat(Envelope, raw, "alertmanager").alerts, "alertmanager", opts);
}
