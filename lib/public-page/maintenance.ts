import type { MaintenanceWindow } from "@/lib/db/types";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import type { StatusPageVisibility } from "@/lib/maintenance/types";
import type { OccurrenceOverrides } from "@/lib/maintenance/service";
import type { MaintenanceOccurrence } from "./view";

export type PageMaintenance = MaintenanceOccurrence & { createdAt: number; updatedAt: number };

/**
 * Every occurrence of the page's windows overlapping [from, to), as the page, history and JSON show them: the
 * repeat rule, with what operators changed laid over it (a skipped occurrence is gone, a moved one at its new times).
 */
export function maintenanceOccurrences(
  windows: (MaintenanceWindow & { visibility: StatusPageVisibility; overrides?: OccurrenceOverrides })[],
  from: number,
  to: number,
): PageMaintenance[] {
  // A day either side, so an occurrence moved into the range from just outside it is found too.
  const SLACK = 86_400_000;
  return windows.flatMap((w) =>
    occurrencesBetween(w, from - SLACK, to + SLACK)
      .flatMap((o) => {
        const override = w.overrides?.get(o.startsAt);
        if (override === null) return [];
        const at = override ?? { startsAt: o.startsAt, endsAt: o.endsAt };
        return at.startsAt < to && at.endsAt > from ? [at] : [];
      })
      .map((o) => ({
        id: w.id,
        name: w.name,
        description: w.description,
        startsAt: o.startsAt,
        endsAt: o.endsAt,
        serviceIds: w.visibility.affectAllServices ? ("ALL" as const) : w.visibility.serviceIds,
        showAffectedServices: w.visibility.showAffectedServices,
        createdAt: w.created_at,
        updatedAt: w.updated_at,
      })),
  );
}
