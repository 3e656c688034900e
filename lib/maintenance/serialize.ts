import type { z } from "zod";
import type { MaintenanceWindow as WindowRow } from "@/lib/db/types";
import { fromJson } from "@/lib/db/json";
import { toIso, toIsoOrNull } from "@/lib/db/time";
import { times } from "@/lib/http/wire";
import { visibilityOf } from "./service";
import type { MaintenanceWindow } from "./schema";

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
