import type { z } from "zod";
import type { MaintenanceOccurrence, MaintenanceUpdate, MaintenanceWindow as WindowRow } from "@/lib/db/types";
import { fromJson } from "@/lib/db/json";
import { toIso, toIsoOrNull } from "@/lib/db/time";
import { times } from "@/lib/http/wire";
import { visibilityOf } from "./shown";
import type { Maintenance, MaintenanceStatusUpdate, MaintenanceWindow } from "./schema";

export function serializeWindow(row: WindowRow): z.infer<typeof MaintenanceWindow> {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    tags: fromJson<string[]>(row.tags) ?? [],
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    repeatInterval: row.repeat_interval,
    repeatUnit: row.repeat_unit,
    repeatEndsAt: toIsoOrNull(row.repeat_ends_at),
    timezone: row.timezone,
    pauseAllChecks: row.pause_all_checks === 1,
    silenceAllAlerts: row.silence_all_alerts === 1,
    silenceAlertsTags: fromJson<string[]>(row.silence_alerts_tags) ?? [],
    statusPageVisibility: visibilityOf(row),
    ...times(row),
  };
}

export function serializeMaintenanceUpdate(row: MaintenanceUpdate): z.infer<typeof MaintenanceStatusUpdate> {
  return {
    id: row.id,
    maintenanceWindowId: Number(row.window_id),
    maintenanceId: row.occurrence_id,
    status: row.status,
    description: row.description,
    notifySubscribers: row.notify_subscribers === 1,
    created_at: toIso(row.created_at),
    previousStatus: row.previous_status,
    previousStartsAt: toIsoOrNull(row.previous_starts_at),
    previousEndsAt: toIsoOrNull(row.previous_ends_at),
    dateAdjustments: fromJson<{ startsAt?: string; endsAt?: string }>(row.date_adjustments),
  };
}

/** An occurrence with its updates (given oldest first, answered newest first). */
export function serializeMaintenance(row: MaintenanceOccurrence, updates: MaintenanceUpdate[]): z.infer<typeof Maintenance> {
  return {
    id: row.id,
    maintenanceWindowId: Number(row.window_id),
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    status: row.status,
    ...times(row),
    updates: updates.filter((u) => u.occurrence_id === row.id).reverse().map(serializeMaintenanceUpdate),
  };
}
