import type { MaintenanceUpdate } from "@/lib/db/types";
import { fromJson } from "@/lib/db/json";
import { maintenanceStatusLabel } from "@/lib/public-page/maintenance-labels";
import type { ShownStatus } from "@/lib/public-page/maintenance";
import { LocalTime } from "@/components/time/local-time";
import { Markdown } from "@/components/markdown/markdown";
import { translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";

/** "In progress", "Verifying" …: the occurrence's real state (lib/maintenance/state.ts), in words. */
export function MaintenancePill({ status, locale = "en" }: { status: ShownStatus; locale?: PageLocale }) {
  return (
    <span className="pill s-UNDER_MAINTENANCE ml-2" data-maintenance-status={status}>
      {maintenanceStatusLabel(status, locale)}
    </span>
  );
}

/** What affected components the window names, in words ("All services" when it covers the whole page). */
export function affectedNames(m: { showAffectedServices: boolean; serviceIds: string[] | "ALL" }, names: ReadonlyMap<string, string>, locale: PageLocale = "en"): string | null {
  if (!m.showAffectedServices) return null;
  if (m.serviceIds === "ALL") return translator(locale, "incident")("allServices");
  const list = m.serviceIds.map((id) => names.get(id)).filter((n): n is string => !!n);
  return list.length ? list.join(", ") : null;
}

function moveOf(u: MaintenanceUpdate): { startsAt?: string; endsAt?: string } | null {
  return u.date_adjustments === null ? null : fromJson<{ startsAt?: string; endsAt?: string }>(u.date_adjustments);
}

/** Every update, newest first: a status with the operator's words, or a move to new times. */
export function MaintenanceTimeline({ updates, locale = "en" }: { updates: MaintenanceUpdate[]; locale?: PageLocale }) {
  const t = translator(locale, "maintenancePage");
  if (updates.length === 0) return <p className="muted">{t("noUpdates")}</p>;
  return (
    <ol className="timeline" aria-label={t("timeline")}>
      {updates.map((u) => {
        const moved = moveOf(u);
        return (
          <li key={u.id} data-update={u.id} data-status={u.status}>
            <h3 className="m-0 text-base">
              <span className="update-status">{moved ? t("rescheduled") : maintenanceStatusLabel(u.status, locale)}</span>
            </h3>
            <p className="meta mb-1 mt-0">
              <LocalTime ms={u.created_at} />
            </p>
            {moved && (
              <p className="m-0" data-moved>
                {t("newTimes")} {moved.startsAt ? <LocalTime ms={Date.parse(moved.startsAt)} /> : t("sameStart")} – {moved.endsAt ? <LocalTime ms={Date.parse(moved.endsAt)} /> : t("sameEnd")}
              </p>
            )}
            {u.description.trim() !== "" && <Markdown text={u.description} />}
          </li>
        );
      })}
    </ol>
  );
}
