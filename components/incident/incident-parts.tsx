import { Fragment } from "react";
import type { IncidentView } from "@/lib/incidents/types";
import { hasComponentImpacts, impactHistory, impactText, incidentImpactStatus, severityLabel, updateStatusLabel } from "@/lib/public-page/view";
import { severityToStatus, statusLabel } from "@/lib/status";
import { LocalTime } from "@/components/time/local-time";
import { Markdown } from "@/components/markdown/markdown";
import { StatusText } from "@/components/status/status-text";

export function SeverityPill({ incident }: { incident: IncidentView["incident"] }) {
  return <span className={`pill s-${severityToStatus(incident.severity)}`}>{severityLabel(incident.severity)} severity</span>;
}

/** How bad: a v1 incident's severity; a v3 incident (no severity) its worst impact on this page. */
export function IncidentPill({ view }: { view: IncidentView }) {
  if (!hasComponentImpacts(view)) return <SeverityPill incident={view.incident} />;
  if (view.components.length === 0) return null;
  const status = incidentImpactStatus(view);
  return <span className={`pill s-${status}`}>{statusLabel(status)}</span>;
}

/** "Affected: API — Partial outage, Website — Degraded performance" (this page's components only). */
export function AffectedComponents({ view }: { view: IncidentView }) {
  if (view.components.length === 0) return null;
  return (
    <p className="meta break-words" data-affected>
      Affected:{" "}
      {view.components.map((c, i) => (
        <Fragment key={c.id}>
          {i > 0 && ", "}
          <span data-component={c.id} data-status={c.status}>
            {impactText(c)}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/** An unresolved incident on the page: name, how bad, affected components and its latest update. */
export function ActiveIncident({ view, base }: { view: IncidentView; base: string }) {
  const latest = view.updates[0];
  const status = incidentImpactStatus(view);
  return (
    <article className={`panel incident-active s-${status}`} aria-labelledby={`incident-${view.incident.id}`} data-incident={view.incident.id}>
      <header>
        <h3 id={`incident-${view.incident.id}`}>
          <a href={`${base}/incidents/${view.incident.id}`}>{view.incident.name}</a>
          <IncidentPill view={view} />
        </h3>
        <AffectedComponents view={view} />
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
      <IncidentPill view={view} />
      <p className="meta break-words" style={{ margin: 0 }}>
        {resolved ? "Resolved" : `Ongoing · ${latest ? updateStatusLabel(latest.status) : ""}`} · started <LocalTime ms={view.incident.started_at} />
        {view.components.length > 0 && <> · {view.components.map(impactText).join(", ")}</>}
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

/** Each affected component with its status in words and icon (the incident page). */
export function AffectedList({ view }: { view: IncidentView }) {
  if (view.components.length === 0) return <>—</>;
  return (
    <ul className="m-0 list-none p-0">
      {view.components.map((c) => (
        <li key={c.id} data-component={c.id} className="break-words">
          {c.name} — <StatusText status={c.status} />
        </li>
      ))}
    </ul>
  );
}

/** A v3 incident's impact windows in order: which component, how badly, from when to when. */
export function ImpactHistory({ view }: { view: IncidentView }) {
  const stretches = impactHistory(view);
  if (stretches.length === 0) return null;
  return (
    <section aria-labelledby="impact-history">
      <h2 id="impact-history" className="section-title">
        Impact over time
      </h2>
      <ol className="panel list-none" aria-label="Impact windows, oldest first">
        {stretches.map((w) => (
          <li key={w.id} data-impact={w.id} data-component={w.componentId} className="border-t border-(--hg-border) py-2 first:border-t-0 first:pt-0 last:pb-0">
            <span className="break-words font-semibold">{w.name}</span> — <StatusText status={w.status} />
            <span className="meta block">
              <LocalTime ms={w.from} /> – {w.to === null ? "ongoing" : <LocalTime ms={w.to} />}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
