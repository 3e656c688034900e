import { translator, wordOf } from "@/lib/i18n";
import { statusLabel } from "@/lib/status/labels";
import { localeOf, type PageLocale } from "@/lib/time/locale";
import type { ServiceStatus } from "@/lib/status/types";
import { formatDateTime, formatRange, formatTime, pageTimeStyle, type TimeStyle } from "@/lib/time/format";
import { escapeHtml } from "@/lib/text/escape";
import type { EventPayload } from "./payload";

/* What every channel's renderer shares: placeholders for per-subscriber links, status words, headlines, times. */

/** Per-subscriber links are placeholders in the once-rendered messages, swapped in at send time. */
export const MANAGE_PLACEHOLDER = "https://heliograph.invalid/__manage__";
export const UNSUBSCRIBE_PLACEHOLDER = "https://heliograph.invalid/__unsubscribe__";

const NOTIFY_STATUSES = new Set(["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED", "CANCELLED"]);

/**
 * An update's, a maintenance's or (component.update) the component's new status, in words in `locale`
 * (English when omitted: Statuspage-shaped webhook payloads keep their wire words).
 */
export function statusText(s: string, locale?: string): string {
  if (NOTIFY_STATUSES.has(s)) return wordOf(locale, "notify", s) ?? s;
  return wordOf(locale, "update", s) ?? wordOf(locale, "status", s) ?? s;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** The page's locale for Heliograph's own words in a message (an event stored before pages had one: en). */
export const messageLocale = (p: EventPayload): PageLocale => localeOf(p.page.locale);

/** Heliograph's chat and e-mail chrome words in the event's page locale. */
export const messageWords = (p: EventPayload) => translator(messageLocale(p), "notify");

/** The title, with "Maintenance in 2 hours: …" for reminders and "Payouts is now Partial outage" for a component. */
export function headline(p: EventPayload): string {
  const locale = messageLocale(p);
  const t = translator(locale, "notify");
  if (p.kind === "component.update" && p.component) return t("isNow", { name: p.title, status: statusLabel(p.component.newStatus, locale) });
  if (p.kind === "maintenance.reminder" && p.maintenance) return t("reminder", { duration: formatMinutes(p.maintenance.minutesBefore ?? 0, locale), title: p.title });
  return p.title;
}

function formatMinutes(m: number, locale: PageLocale): string {
  const t = translator(locale, "notify");
  if (m % 1440 === 0) return t("days", { count: m / 1440 });
  if (m % 60 === 0) return t("hours", { count: m / 60 });
  return t("minutes", { count: m });
}

/** A component's flip, for the chat channels' short message: what it is now, what it was. */
export function componentFlip(p: EventPayload): { name: string; now: ServiceStatus; was: ServiceStatus; nowText: string; wasText: string } {
  const c = p.component ?? { name: p.title, newStatus: "OPERATIONAL" as const, oldStatus: "OPERATIONAL" as const };
  const locale = messageLocale(p);
  return { name: c.name, now: c.newStatus, was: c.oldStatus, nowText: statusLabel(c.newStatus, locale), wasText: statusLabel(c.oldStatus, locale) };
}

/**
 * The page's zone and language, in which every channel writes its message (an event stored before pages had
 * them reads as UTC and English). Renderers take it as a parameter so translations slot in by locale.
 */
export const messageStyle = (p: EventPayload): TimeStyle => pageTimeStyle(p.page);

/** "25 Nov 2026, 02:00 – 04:00 JST" for maintenance, "24 Nov 2026, 23:05 JST" otherwise: the page's zone, named. */
export function whenText(p: EventPayload, style: TimeStyle = messageStyle(p)): string {
  if (p.maintenance) return formatRange(p.maintenance.startsAt, p.maintenance.endsAt, style);
  return formatDateTime(p.at, style);
}

/** The shortest form for an SMS: the maintenance start, or the time of day of the update ("23:05 GMT+9"). */
export function shortWhenText(p: EventPayload, style: TimeStyle = messageStyle(p)): string {
  return p.maintenance ? formatDateTime(p.maintenance.startsAt, style) : formatTime(p.at, style);
}

const escapeJson = (s: string) => JSON.stringify(s).slice(1, -1);

const PLACEHOLDERS = new RegExp([MANAGE_PLACEHOLDER, UNSUBSCRIBE_PLACEHOLDER].map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"), "g");

/**
 * Swaps the per-subscriber links into a rendered message; `mode` says how the text must escape them.
 * One pass, one copy of the message per subscriber (a replaceAll per link made two).
 */
export function personalize(text: string, links: { manage: string; unsubscribe: string }, mode: "html" | "text" | "json"): string {
  const esc = mode === "html" ? escapeHtml : mode === "json" ? escapeJson : (s: string) => s;
  const manage = esc(links.manage);
  const unsubscribe = esc(links.unsubscribe);
  return text.replace(PLACEHOLDERS, (p) => (p === MANAGE_PLACEHOLDER ? manage : unsubscribe));
}
