import { z } from "zod";
import type { AlertEvent } from "@/lib/automation/alert";
import { clip, labelsKey, parseFormat, Str, timeOf, type FormatOptions } from "./shared";

/** PagerDuty Events API v2, which many tools can send to any URL; the routing key is the ingest token. */
export const PagerDutyEvent = z.looseObject({
  routing_key: Str.max(200),
  event_action: z.enum(["trigger", "acknowledge", "resolve"]),
  dedup_key: Str.min(1).max(255).optional(),
  payload: z
    .looseObject({
      summary: Str.max(1024),
      source: Str.max(1000),
      severity: z.enum(["critical", "error", "warning", "info"]),
      timestamp: Str.optional(),
      component: Str.max(200).optional(),
      group: Str.max(200).optional(),
      class: Str.max(200).optional(),
    })
    .optional(),
});

export function parsePagerDutyEvent(raw: unknown, opts: FormatOptions): AlertEvent[] {
  const e = parseFormat(
    PagerDutyEvent.refine((v) => v.event_action !== "trigger" || v.payload !== undefined, { message: "a trigger needs a payload", path: ["payload"] }).refine(
      (v) => v.event_action === "trigger" || v.dedup_key !== undefined,
      { message: "acknowledge and resolve need a dedup_key", path: ["dedup_key"] },
    ),
    raw,
    "pagerduty",
  );
  const p = e.payload;
  const named = { component: p?.component, group: p?.group, class: p?.class };
  const tags = Object.entries(named).flatMap(([k, v]) => (v ? [`${k}=${v}`, ...(k === opts.matchLabel || k === "component" ? [v] : [])] : []));
  const event: AlertEvent = {
    dedupKey: e.dedup_key ?? labelsKey({ summary: p?.summary ?? "", source: p?.source ?? "" }),
    // An acknowledgement changes nothing on a status page: it is said, not acted on.
    action: e.event_action === "resolve" ? "resolve" : "trigger",
    occurredAt: timeOf(p?.timestamp) ?? opts.now,
    summary: clip(p?.summary ?? e.dedup_key ?? "alert"),
    tags: [...new Set(tags)],
  };
  if (e.event_action === "acknowledge") event.reminder = true;
  if (p && (p.severity === "warning" || p.severity === "info")) event.degraded = true;
  return [event];
}
