import { dayLabel, formatUptime } from "@/lib/public-page/view";
import type { DayUptime } from "@/lib/uptime";

/**
 * 90 daily bars, oldest first, coloured by the day's worst status; "no data" days are hatched.
 * One tab stop per service (today's bar); arrow keys move between days (UptimeBarsKeys), and each
 * bar carries its label for screen readers plus a CSS tooltip on hover and focus.
 */
export function UptimeBars({ serviceName, days, incidentNames }: { serviceName: string; days: DayUptime[]; incidentNames: ReadonlyMap<string, string> }) {
  const last = days.length - 1;
  return (
    <>
      <ol className="bars" aria-label={`${serviceName}: daily uptime over the last ${days.length} days, oldest first. Use the arrow keys to move between days.`}>
        {days.map((d, i) => {
          const label = dayLabel(d, incidentNames);
          return (
            <li key={d.day} className={`bar s-${d.worst ?? "NO_DATA"}`} tabIndex={i === last ? 0 : -1} data-tip={label} data-day={d.day} data-uptime={d.uptime ?? ""}>
              <span className="sr-only">{label}</span>
            </li>
          );
        })}
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
