import { formatDate, formatDateTime, type TimeStyle } from "@/lib/time/format";

/**
 * LocalTime (components/time/local-time.tsx) without React: the server wrote every time in the page's zone,
 * naming it; the visitor reads them in their own zone, again named, and keeps the page's time on hover (title).
 */
export function localizeTimes(scope: ParentNode, page: TimeStyle, zone = Intl.DateTimeFormat().resolvedOptions().timeZone): void {
  if (!zone || zone === page.zone) return;
  const visitor = { zone, locale: page.locale };
  for (const el of scope.querySelectorAll<HTMLTimeElement>("time[data-local]")) {
    const ms = Date.parse(el.dateTime);
    if (Number.isNaN(ms)) continue;
    el.textContent = el.dataset.local === "date" ? formatDate(ms, visitor) : formatDateTime(ms, visitor);
  }
}
