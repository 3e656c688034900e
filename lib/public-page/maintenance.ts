import type { MaintenanceWindow } from "@/lib/db/types";
import { occurrencesBetween } from "@/lib/maintenance/occurrences";
import type { StatusPageVisibility } from "@/lib/maintenance/types";
import type { MaintenanceOccurrence } from "./view";

export type PageMaintenance = MaintenanceOccurrence & { createdAt: number; updatedAt: number };

/** Every occurrence of the page's windows overlapping [from, to), as the page, history and JSON show them. */
export function maintenanceOccurrences(windows: (MaintenanceWindow & { visibility: StatusPageVisibility })[], from: number, to: number): PageMaintenance[] {
  return windows.flatMap((w) =>
    occurrencesBetween(w, from, to).map((o) => ({
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
