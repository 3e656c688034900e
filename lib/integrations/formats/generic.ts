import { z } from "zod";
import type { AlertEvent } from "@/lib/automation/alert";
import { clip, keyOr, parseFormat, parseItems, Str, timeOf, type FormatOptions, type RefusedAs } from "./shared";

/** What an alert may ask for; maintenance is declared, never alerted. */
const ALERT_IMPACTS = ["DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE"] as const;

/** Heliograph's own JSON: one event, or `{events: [...]}` for several. */
export const GenericAlertEvent = z.strictObject({
  dedupKey: Str.min(1).max(255),
  action: z.enum(["trigger", "resolve", "heartbeat"]),
  summary: Str.max(1000).default(""),
  occurredAt: z.union([Str, z.number()]).optional(),
  targetImpact: z.enum(ALERT_IMPACTS).optional(),
  components: z.array(z.uuid()).max(100).optional(),
  tags: z.array(Str.min(1).max(200)).max(100).optional(),
});

export const GenericAlertPayload = z.union([GenericAlertEvent, z.strictObject({ events: z.array(GenericAlertEvent).min(1).max(1000) })]);

/** A list's events are read one by one (parseItems), so one bad event refuses only itself. */
const GenericEventList = z.strictObject({ events: z.array(z.unknown()).min(1).max(1000) });

const refusedEvent: RefusedAs = (raw, i) => {
  const e = (raw ?? {}) as { dedupKey?: unknown; action?: unknown };
  return { dedupKey: keyOr(e.dedupKey, `events.${i}`), action: e.action === "resolve" || e.action === "heartbeat" ? e.action : "trigger" };
};

function eventOf(e: z.output<typeof GenericAlertEvent>, opts: FormatOptions): AlertEvent {
  const event: AlertEvent = { dedupKey: e.dedupKey, action: e.action, occurredAt: timeOf(e.occurredAt) ?? opts.now, summary: clip(e.summary || e.dedupKey), tags: e.tags ?? [] };
  if (e.components) event.componentIds = e.components.map((c) => c.toLowerCase());
  if (e.targetImpact) event.targetImpact = e.targetImpact;
  return event;
}

export function parseGenericEvents(raw: unknown, opts: FormatOptions): AlertEvent[] {
  if (raw === null || typeof raw !== "object" || !("events" in raw)) return [eventOf(parseFormat(GenericAlertEvent, raw, "generic"), opts)];
  const { events } = parseFormat(GenericEventList, raw, "generic");
  return parseItems(GenericAlertEvent, events, "events", "generic", (e) => eventOf(e, opts), refusedEvent, opts.now);
}
