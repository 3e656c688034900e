import { Fragment } from "react";
import type { IncidentView } from "@/lib/incidents/types";
import { hasComponentImpacts, impactHistory, incidentImpactStatus } from "@/lib/public-page/view";
import { severityToStatus } from "@/lib/status";
import { incidentStateLabel, severityLabel, statusLabel, updateStatusLabel } from "@/lib/status/labels";
import { LocalTime } from "@/components/time/local-time";
import { Markdown } from "@/components/markdown/markdown";
import { StatusText } from "@/components/status/status-text";
import { translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";
import { withLang } from "@/lib/i18n/links";

/* Every word of the incident parts: lib/i18n messages, namespace `incident`. Every part takes the page's
 * locale (or the visitor's ?lang) and defaults to English. */
type L = { locale?: PageLocale };
/** the visitor's ?lang= that in-page links keep (lib/i18n/links.ts), null when it is the page's own */
type Lang = { lang?: PageLocale | null };

/** "API — Partial outage": the operator's name as written, the status in the locale. */
const impactIn = (c: Pick<IncidentView["components"][number], "name" | "status">, locale: PageLocale) => `${c.name} — ${statusLabel(c.status, locale)}`;

/** How bad, in the page's one vocabulary: a v1 severity reads as the status it causes ("Partial outage"). */
export function SeverityPill({ incident, locale = "en" }: { incident: IncidentView["incident"] } & L) {
  return <span className={`pill s-${severityToStatus(incident.severity)}`}>{severityLabel(incident.severity, locale)}</span>;
}

/** How bad: a v1 incident's severity; a v3 incident (no severity) its worst impact on this page. Never inside a heading. */
export function IncidentPill({ view, locale = "en" }: { view: IncidentView } & L) {
  if (!hasComponentImpacts(view)) return <SeverityPill incident={view.incident} locale={locale} />;
  if (view.components.length === 0) return null;
  const status = incidentImpactStatus(view);
  return <span className={`pill s-${status}`}>{statusLabel(status, locale)}</span>;
}

/** "Affected: API — Partial outage, Website — Degraded performance" (this page's components only). */
export function AffectedComponents({ view, locale = "en" }: { view: IncidentView } & L) {
  const t = translator(locale, "incident");
  if (view.components.length === 0) return null;
  return (
    <p className="meta mt-1 mb-0 break-words" data-affected>
      {t("affected")}{" "}
      {view.components.map((c, i) => (
        <Fragment key={c.id}>
          {i > 0 && ", "}
          <span data-component={c.id} data-status={c.status}>
            {impactIn(c, locale)}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/** An unresolved incident on the page: name and how bad, then its latest update first, then what it affects. */
export function ActiveIncident({ view, base, locale = "en", lang = null }: { view: IncidentView; base: string } & L & Lang) {
  const t = translator(locale, "incident");
  const latest = view.updates[0];
  const status = incidentImpactStatus(view);
  return (
    <article className={`panel incident-active s-${status}`} aria-labelledby={`incident-${view.incident.id}`} data-incident={view.incident.id}>
      <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h3 id={`incident-${view.incident.id}`} className="min-w-0 break-words">
          <a href={withLang(`${base}/incidents/${view.incident.id}`, lang)}>{view.incident.name}</a>
        </h3>
        <IncidentPill view={view} locale={locale} />
      </header>
      {latest && (
        <div className="mt-2" aria-label={t("latest")} role="group">
          <p className="m-0">
            <span className="mr-1.5 font-bold text-title">{updateStatusLabel(latest.status, locale)}</span>
            <span className="meta">
              <LocalTime ms={latest.public_incident_update_date} />
            </span>
          </p>
          <Markdown text={latest.description} />
        </div>
      )}
      <AffectedComponents view={view} locale={locale} />
    </article>
  );
}

/** One line for an incident in a list (past days, history). */
export function IncidentLine({ view, base, locale = "en", lang = null }: { view: IncidentView; base: string } & L & Lang) {
  const t = translator(locale, "incident");
  return (
    <div data-incident={view.incident.id}>
      <a href={withLang(`${base}/incidents/${view.incident.id}`, lang)} className="mr-1.5 break-words">
        {view.incident.name}
      </a>
      <IncidentPill view={view} locale={locale} />
      {/* One string either side of the time: React marks the seam between adjacent text parts with a comment. */}
      <p className="meta m-0 break-words">
        {`${incidentStateLabel(view.incident.last_update_status, locale)} · ${t("started")} `}
        <LocalTime ms={view.incident.started_at} />
        {view.components.length > 0 ? ` · ${view.components.map((c) => impactIn(c, locale)).join(", ")}` : null}
      </p>
    </div>
  );
}

/**
 * Every update, newest first, with its status, time and rendered description. The dots are drawn on the
 * timeline's own items only, so lists inside an update keep their bullets.
 */
export function IncidentTimeline({ view, locale = "en" }: { view: IncidentView } & L) {
  const t = translator(locale, "incident");
  return (
    <ol className="timeline" aria-label={t("updates")}>
      {view.updates.map((u) => (
        <li key={u.id} data-update={u.id}>
          <h3 className="m-0 text-base font-bold text-title">{updateStatusLabel(u.status, locale)}</h3>
          <p className="meta mt-0 mb-1">
            <LocalTime ms={u.public_incident_update_date} />
          </p>
          <Markdown text={u.description} />
        </li>
      ))}
    </ol>
  );
}

/** Each affected component with its status in words and icon (the incident page). */
export function AffectedList({ view, locale = "en" }: { view: IncidentView } & L) {
  if (view.components.length === 0) return <>—</>;
  return (
    <ul className="m-0 list-none p-0">
      {view.components.map((c) => (
        <li key={c.id} data-component={c.id} className="break-words">
          {c.name} — <StatusText status={c.status} locale={locale} />
        </li>
      ))}
    </ul>
  );
}

/** A v3 incident's impact windows in order: which component, how badly, from when to when. */
export function ImpactHistory({ view, locale = "en" }: { view: IncidentView } & L) {
  const t = translator(locale, "incident");
  const stretches = impactHistory(view);
  if (stretches.length === 0) return null;
  return (
    <section aria-labelledby="impact-history">
      <h2 id="impact-history" className="section-title">
        {t("impact")}
      </h2>
      <ol className="panel list-none" aria-label={t("windows")}>
        {stretches.map((w) => (
          <li key={w.id} data-impact={w.id} data-component={w.componentId} className="border-t border-line py-2 first:border-t-0 first:pt-0 last:pb-0">
            <span className="font-semibold break-words">{w.name}</span> — <StatusText status={w.status} locale={locale} />
            <span className="meta block">
              <LocalTime ms={w.from} /> – {w.to === null ? t("ongoing") : <LocalTime ms={w.to} />}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
