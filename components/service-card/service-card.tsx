import type { ComponentSnapshot, EntrySnapshot } from "@/lib/public-page/load";
import { StatusText } from "@/components/status/status-text";
import { UptimeBars, UptimeFigure } from "@/components/uptime-bars/uptime-bars";

type IncidentNames = ReadonlyMap<string, string>;

function Description({ text, className = "mt-1 mb-0" }: { text: string | null; className?: string }) {
  if (!text) return null;
  return <p className={`meta break-words ${className}`}>{text}</p>;
}

/** One component (v1: a service): name, description, status now, 90-day uptime and its daily bars. */
function ComponentRow({ component: c, incidentNames, headingId, level }: { component: ComponentSnapshot; incidentNames: IncidentNames; headingId?: string; level: 3 | 4 }) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <>
      <div className="service-row">
        <Heading id={headingId} className="service-name min-w-0 break-words">
          {c.name}
        </Heading>
        <span>
          <StatusText status={c.status} /> · <UptimeFigure value={c.uptime} label={`for ${c.name} over 90 days`} />
        </span>
      </div>
      <Description text={c.description} />
      <UptimeBars serviceName={c.name} days={c.days} incidentNames={incidentNames} />
    </>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-4 flex-none text-(--hg-muted) transition-transform group-open:rotate-90 motion-reduce:transition-none">
      <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A top-level entry of the page. A group (v1: a card) is a native disclosure, open by default: its summary
 * carries the name, worst status and mean uptime, so it reads and toggles without JavaScript and with the
 * keyboard. A component outside any group is a card of its own.
 */
export function ServiceCard({ entry, incidentNames }: { entry: EntrySnapshot; incidentNames: IncidentNames }) {
  const headingId = `card-${entry.id}`;
  if (entry.kind === "component") {
    return (
      <section className="card" aria-labelledby={headingId} data-component={entry.id} data-kind="component">
        <ul className="services">
          <li className="service" data-service={entry.id}>
            <ComponentRow component={entry} incidentNames={incidentNames} headingId={headingId} level={3} />
          </li>
        </ul>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby={headingId} data-card={entry.id} data-component={entry.id} data-kind="group">
      <details open className="group" data-group={entry.id}>
        {/* The summary's own border would double the card's while the group is closed. */}
        <summary className="card-head cursor-pointer list-none [&::-webkit-details-marker]:hidden [details:not([open])>&]:border-b-0!">
          <h3 id={headingId} className="flex min-w-0 items-center gap-2 break-words">
            <Chevron />
            <span className="min-w-0">{entry.name}</span>
          </h3>
          <span>
            <StatusText status={entry.status} /> · <UptimeFigure value={entry.uptime} label={`for ${entry.name} over 90 days`} />
          </span>
        </summary>
        <Description text={entry.description} className="m-0 border-b border-(--hg-border) px-5 py-2" />
        {entry.children.length === 0 ? (
          <p className="muted m-0 px-5 py-3">No services in this group yet.</p>
        ) : (
          <ul className="services">
            {entry.children.map((c) => (
              <li key={c.id} className="service" data-service={c.id} data-component={c.id}>
                <ComponentRow component={c} incidentNames={incidentNames} level={4} />
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
