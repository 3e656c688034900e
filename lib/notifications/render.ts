import { statusLabel } from "@/lib/status/labels";
import type { ServiceStatus } from "@/lib/status/types";
import type { EventPayload } from "./payload";

/* What every channel's renderer shares: placeholders for per-subscriber links, status words, headlines, times. */

/** Per-subscriber links are placeholders in the once-rendered messages, swapped in at send time. */
export const MANAGE_PLACEHOLDER = "https://heliograph.invalid/__manage__";
export const UNSUBSCRIBE_PLACEHOLDER = "https://heliograph.invalid/__unsubscribe__";

const STATUS_LABELS: Record<string, string> = {
  INVESTIGATING: "Investigating",
  IDENTIFIED: "Identified",
  MONITORING: "Monitoring",
  RESOLVED: "Resolved",
  SCHEDULED: "Scheduled maintenance",
  IN_PROGRESS: "Maintenance in progress",
  COMPLETED: "Maintenance completed",
  // a component.update's status is the component's new one
  OPERATIONAL: statusLabel("OPERATIONAL"),
  DEGRADED_PERFORMANCE: statusLabel("DEGRADED_PERFORMANCE"),
  PARTIAL_OUTAGE: statusLabel("PARTIAL_OUTAGE"),
  MAJOR_OUTAGE: statusLabel("MAJOR_OUTAGE"),
  UNDER_MAINTENANCE: statusLabel("UNDER_MAINTENANCE"),
};
export const statusText = (s: string) => STATUS_LABELS[s] ?? s;

export const iso = (ms: number) => new Date(ms).toISOString();

/** The title, with "Maintenance in 2 hours: …" for reminders and "Payouts is now Partial outage" for a component. */
export function headline(p: EventPayload): string {
  if (p.kind === "component.update" && p.component) return `${p.title} is now ${statusLabel(p.component.newStatus)}`;
  if (p.kind === "maintenance.reminder" && p.maintenance) return `Maintenance in ${formatMinutes(p.maintenance.minutesBefore ?? 0)}: ${p.title}`;
  return p.title;
}

function formatMinutes(m: number): string {
  if (m % 1440 === 0) return `${m / 1440} day${m === 1440 ? "" : "s"}`;
  if (m % 60 === 0) return `${m / 60} hour${m === 60 ? "" : "s"}`;
  return `${m} minutes`;
}

/** A component's flip, for the chat channels' short message: what it is now, what it was. */
export function componentFlip(p: EventPayload): { name: string; now: ServiceStatus; was: ServiceStatus; nowText: string; wasText: string } {
  const c = p.component ?? { name: p.title, newStatus: "OPERATIONAL" as const, oldStatus: "OPERATIONAL" as const };
  return { name: c.name, now: c.newStatus, was: c.oldStatus, nowText: statusLabel(c.newStatus), wasText: statusLabel(c.oldStatus) };
}

export function whenText(p: EventPayload): string {
  if (p.maintenance) return `${iso(p.maintenance.startsAt).replace("T", " ").slice(0, 16)} – ${iso(p.maintenance.endsAt).replace("T", " ").slice(0, 16)} UTC`;
  return `${iso(p.at).replace("T", " ").slice(0, 16)} UTC`;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeJson = (s: string) => JSON.stringify(s).slice(1, -1);

/** Swaps the per-subscriber links into a rendered message; `mode` says how the text must escape them. */
export function personalize(text: string, links: { manage: string; unsubscribe: string }, mode: "html" | "text" | "json"): string {
  const esc = mode === "html" ? escapeHtml : mode === "json" ? escapeJson : (s: string) => s;
  return text.replaceAll(MANAGE_PLACEHOLDER, esc(links.manage)).replaceAll(UNSUBSCRIBE_PLACEHOLDER, esc(links.unsubscribe));
}
