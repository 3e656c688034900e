import { barsHtml } from "@/lib/public-page/bars";
import { formatUptime } from "@/lib/public-page/view";
import type { DayUptime } from "@/lib/uptime";

/**
 * 90 daily bars, oldest first, coloured by the day's worst status; "no data" days are hatched.
 * One tab stop per service (today's bar); arrow keys move between days (UptimeBarsKeys). Each bar
 * is one element with one copy of its label: visually hidden, shown as the tooltip on hover and focus.
 */
export function UptimeBars({ serviceName, days, incidentNames }: { serviceName: string; days: DayUptime[]; incidentNames: ReadonlyMap<string, string> }) {
  return (
    <>
      {/* 90 bars of at least 2px need 358px with 2px gaps, more than a phone leaves them: 1px gaps there. */}
      <ol
        className="bars max-sm:gap-px!"
        aria-label={`${serviceName}: daily uptime over the last ${days.length} days, oldest first. Use the arrow keys to move between days.`}
        dangerouslySetInnerHTML={{ __html: barsHtml(days, incidentNames) }}
      />
      <div className="bars-legend" aria-hidden="true">
        <span>{days.length} days ago</span>
        <span>Today</span>
      </div>
    </>
  );
}

export function UptimeFigure({ value, label }: { value: number | null; label: string }) {
  return (
    <span className="meta">
      {value === null ? "No uptime data yet" : `${formatUptime(value)} uptime`}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
