import type { IncidentView } from "@/lib/incidents/types";
import { severityLabel, updateStatusLabel } from "@/lib/public-page/view";
import { severityToStatus } from "@/lib/status";
import { LocalTime } from "@/components/time/local-time";
import { Markdown } from "@/components/markdown/markdown";

export function SeverityPill({ incident }: { incident: IncidentView["incident"] }) {
  return <span className={`pill s-${severityToStatus(incident.severity)}`}>{severityLabel(incident.severity)} severity</span>;
}

export function AffectedServices({ view }: { view: IncidentView }) {
  if (view.services.length === 0) return null;
  return <p className="meta">Affected: {view.services.map((s) => s.name).join(", ")}</p>;
}

/** An unresolved incident on the page: name, severity, affected services and its latest update. */
export function ActiveIncident({ view, base }: { view: IncidentView; base: string }) {
  const latest = view.updates[0];
  const status = severityToStatus(view.incident.severity);
  return (
    <article className={`panel incident-active s-${status}`} aria-labelledby={`incident-${view.incident.id}`} data-incident={view.incident.id}>
      <header>
        <h3 id={`incident-${view.incident.id}`}>
          <a href={`${base}/incidents/${view.incident.id}`}>{view.incident.name}</a>
          <SeverityPill incident={view.incident} />
        </h3>
        <AffectedServices view={view} />
      </header>
      {latest && (
        <div>
          <span className="update-status">{updateStatusLabel(latest.status)}</span>
          <span className="meta">
            <LocalTime ms={latest.public_incident_update_date} />
          </span>
          <Markdown text={latest.description} />
        </div>
      )}
    </article>
  );
}

/** One line for an incident in a list (past days, history). */
export function IncidentLine({ view, base }: { view: IncidentView; base: string }) {
  const latest = view.updates[0];
  const resolved = view.incident.last_update_status === "RESOLVED";
  return (
    <div data-incident={view.incident.id}>
      <a href={`${base}/incidents/${view.incident.id}`}>{view.incident.name}</a>
      <SeverityPill incident={view.incident} />
      <p className="meta" style={{ margin: 0 }}>
        {resolved ? "Resolved" : `Ongoing · ${latest ? updateStatusLabel(latest.status) : ""}`} · started <LocalTime ms={view.incident.started_at} />
        {view.services.length > 0 && <> · {view.services.map((s) => s.name).join(", ")}</>}
      </p>
    </div>
  );
}

/** Every update, newest first, with its status, time and rendered description. */
export function IncidentTimeline({ view }: { view: IncidentView }) {
  return (
    <ol className="timeline" aria-label="Updates, newest first">
      {view.updates.map((u) => (
        <li key={u.id} data-update={u.id}>
          <h3 style={{ margin: 0, fontSize: "1rem" }}>
            <span className="update-status">{updateStatusLabel(u.status)}</span>
          </h3>
          <p className="meta" style={{ margin: "0 0 .25rem" }}>
            <LocalTime ms={u.public_incident_update_date} />
          </p>
          <Markdown text={u.description} />
        </li>
      ))}
    </ol>
  );
}
