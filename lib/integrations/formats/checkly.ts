import { z } from "zod";
import type { AlertEvent } from "@/lib/automation/alert";
import { clip, parseFormat, Str, timeOf, type FormatOptions } from "./shared";

/**
 * The vendor's webhook alert channel, filled in from the template Heliograph publishes (WEBHOOK_TEMPLATE):
 * the vendor renders `{{VARIABLE}}`s as text, so every field may arrive as a string.
 */
export const WEBHOOK_TEMPLATE = `{
  "alertType": "{{ALERT_TYPE}}",
  "checkId": "{{CHECK_ID}}",
  "checkName": "{{CHECK_NAME}}",
  "tags": "{{TAGS}}",
  "groupName": "{{GROUP_NAME}}",
  "startedAt": "{{STARTED_AT}}",
  "checkResultId": "{{CHECK_RESULT_ID}}",
  "resultLink": "{{RESULT_LINK}}",
  "responseTime": "{{RESPONSE_TIME}}",
  "isReminder": "{{IS_REMINDER}}"
}`;

const ALERT_TYPES = ["ALERT_FAILURE", "ALERT_RECOVERY", "ALERT_DEGRADED", "ALERT_DEGRADED_RECOVERY"] as const;

export const ChecklyWebhookPayload = z.looseObject({
  alertType: z.enum(ALERT_TYPES),
  checkId: Str.min(1).max(200),
  checkName: Str.default(""),
  tags: z.union([Str, z.array(Str).max(100)]).default([]),
  groupName: Str.optional(),
  startedAt: z.union([Str, z.number()]).optional(),
  checkResultId: Str.optional(),
  resultLink: Str.optional(),
  responseTime: z.union([Str, z.number()]).optional(),
  isReminder: z.union([z.boolean(), z.enum(["true", "false", ""])]).optional(),
});

/** TAGS renders as `a,b` inside the template's string (or as a JSON array when the user writes it so). */
function tagsOf(tags: string | string[], group: string | undefined): string[] {
  const list = typeof tags === "string" ? tags.replace(/^\[|\]$/g, "").split(",") : tags;
  const all = [...list, ...(group ? [group] : [])].map((t) => t.trim().replace(/^"|"$/g, "")).filter((t) => t !== "");
  return [...new Set(all.map((t) => clip(t, 200)))];
}

export function parseChecklyWebhook(raw: unknown, opts: FormatOptions): AlertEvent[] {
  const p = parseFormat(ChecklyWebhookPayload, raw, "checkly");
  const failing = p.alertType === "ALERT_FAILURE" || p.alertType === "ALERT_DEGRADED";
  const event: AlertEvent = {
    dedupKey: p.checkId,
    action: failing ? "trigger" : "resolve",
    occurredAt: timeOf(p.startedAt) ?? opts.now,
    summary: clip(p.checkName || p.checkId),
    tags: tagsOf(p.tags, p.groupName),
    checkId: p.checkId,
  };
  if (p.alertType === "ALERT_DEGRADED" || p.alertType === "ALERT_DEGRADED_RECOVERY") event.degraded = true;
  if (p.isReminder === true || p.isReminder === "true") event.reminder = true;
  return [event];
}
