import { latestNote, type PageMaintenance } from "@/lib/public-page/maintenance";
import { maintenanceStatusLabel } from "@/lib/public-page/maintenance-labels";
import { LocalTime } from "@/components/time/local-time";
import { StatusIcon } from "@/components/status/status-icon";
import { Markdown } from "@/components/markdown/markdown";
import { affectedNames, MaintenancePill } from "./maintenance-parts";
import { translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";
import { withLang } from "@/lib/i18n/links";

const PHASE = { SCHEDULED: "upcoming", IN_PROGRESS: "active", VERIFYING: "active", COMPLETED: "completed" } as const;

/**
 * Maintenance occurrences (in progress, upcoming or completed) with their real state, affected components when
 * the operator shows them, the latest update, and a link to the occurrence's own page.
 */
export function MaintenanceList({ items, names, base, locale = "en", lang = null }: { items: PageMaintenance[]; names: ReadonlyMap<string, string>; base: string; locale?: PageLocale; lang?: PageLocale | null }) {
  const t = translator(locale, "incident");
  return (
    <>
      {items.map((m) => {
        const affected = affectedNames(m, names, locale);
        const note = latestNote(m);
        return (
          <article key={m.key} className="panel incident-active s-UNDER_MAINTENANCE" aria-labelledby={`maintenance-${m.key}`} data-maintenance={m.id} data-occurrence={m.key} data-state={PHASE[m.status]} data-status={m.status}>
            {/* The pill sits beside the heading, not in it, so the heading's accessible name is the maintenance's name alone. */}
            <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <h3 id={`maintenance-${m.key}`} className="min-w-0 break-words">
                <StatusIcon status="UNDER_MAINTENANCE" /> <a href={withLang(`${base}/maintenance/${m.key}`, lang)}>{m.name}</a>
              </h3>
              <MaintenancePill status={m.status} locale={locale} />
            </header>
            <p className="meta my-1">
              <LocalTime ms={m.startsAt} /> – <LocalTime ms={m.endsAt} />
            </p>
            {affected && (
              <p className="meta m-0 break-words">
                {t("affected")} {affected}
              </p>
            )}
            {note ? (
              <div className="mt-1" data-latest-update={note.id}>
                <span className="update-status">{maintenanceStatusLabel(note.status, locale)}</span>{" "}
                <span className="meta">
                  <LocalTime ms={note.created_at} />
                </span>
                <Markdown text={note.description} />
              </div>
            ) : (
              m.description && <p className="mt-1 mb-0 break-words">{m.description}</p>
            )}
          </article>
        );
      })}
    </>
  );
}
