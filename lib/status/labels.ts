import { translator, wordOf, type LocaleInput } from "@/lib/i18n";
import { severityToStatus } from "./severity";
import type { ServiceStatus, Severity, UpdateStatus } from "./types";

/**
 * The one vocabulary a visitor reads: every word for a state, on every surface, comes from here (lib/i18n/messages,
 * `status` and `update`). A v1 severity is named by the status it puts its services in (MEDIUM reads "Partial outage"),
 * so a state has one name everywhere. Wire formats with their own words (Statuspage JSON) are exempt.
 */
type Locale = LocaleInput;

export function statusLabel(s: ServiceStatus, locale?: Locale): string {
  return wordOf(locale, "status", s) as string;
}

/** A status or the absence of data (uptime bars, legends). */
export function statusOrNoDataLabel(s: ServiceStatus | "NO_DATA", locale?: Locale): string {
  return s === "NO_DATA" ? translator(locale, "status")("noData") : statusLabel(s, locale);
}

export function pageBannerText(s: ServiceStatus, locale?: Locale): string {
  return s === "OPERATIONAL" ? translator(locale, "status")("allOperational") : statusLabel(s, locale);
}

/** A v1 incident's severity in the page's one vocabulary: the status it puts its services in. */
export function severityLabel(s: Severity, locale?: Locale): string {
  return statusLabel(severityToStatus(s), locale);
}

export function updateStatusLabel(s: UpdateStatus, locale?: Locale): string {
  return wordOf(locale, "update", s) as string;
}

/** "Resolved", or "Ongoing · Monitoring" while an incident is open. */
export function incidentStateLabel(last: UpdateStatus, locale?: Locale): string {
  return last === "RESOLVED" ? updateStatusLabel(last, locale) : translator(locale, "status")("ongoing", { status: updateStatusLabel(last, locale) });
}
