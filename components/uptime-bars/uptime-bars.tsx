import { dayLabel, formatUptime } from "@/lib/public-page/view";
import type { DayUptime } from "@/lib/uptime";

/**
 * 90 daily bars, oldest first, coloured by the day's worst status; "no data" days are hatched.
 * One tab stop per service (today's bar); arrow keys move between days (UptimeBarsKeys). The page
 * carries 900 of these, so each bar is kept to one element and one copy of its label.
 */
export function UptimeBars({ serviceName, days, incidentNames }: { serviceName: string; days: DayUptime[]; incidentNames: ReadonlyMap<string, string> }) {
  const last = days.length - 1;
  return (
    <>
      <ol className="bars" aria-label={`${serviceName}: daily uptime over the last ${days.length} days, oldest first. Use the arrow keys to move between days.`}>
        {days.map((d, i) => (
          // One copy of the label: visually hidden for screen readers, shown as the tooltip on hover and focus.
          <li key={d.day} className={`bar s-${d.worst ?? "NO_DATA"}`} tabIndex={i === last ? 0 : undefined}>
            <span className="tip">{dayLabel(d, incidentNames)}</span>
          </li>
        ))}
      </ol>
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
