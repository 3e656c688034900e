import "server-only";
import type { Db } from "@/lib/db";
import { toJson } from "@/lib/db/json";
import type { MaintenanceWindow } from "@/lib/db/types";
import { invalidatePages } from "@/lib/cache/invalidate";
import { ValidationError } from "@/lib/errors";
import { assertRoomFor } from "@/lib/accounts/limits";
import { historyChanged } from "@/lib/uptime/strips";
import * as q from "./queries";
import { getWindowOrThrow, visibilityOf } from "./shown";
import { DEFAULT_VISIBILITY, type MaintenanceFilter, type MaintenanceWindowInput, type StatusPageVisibility } from "./types";

async function requirePagesOfAccount(db: Db, accountId: string, pageIds: string[]): Promise<void> {
  if (pageIds.length === 0) return;
  const own = await db.selectFrom("status_pages").select("id").where("account_id", "=", accountId).execute();
  const ids = new Set(own.map((p) => p.id));
  const bad = pageIds.map((id, i) => (ids.has(id) ? null : `statusPageVisibility.statusPageIds.${i}`)).filter((x): x is string => x !== null);
  if (bad.length > 0) throw new ValidationError("Status page not found", { fields: bad });
}

async function requireServicesOfAccount(db: Db, accountId: string, serviceIds: string[]): Promise<void> {
  if (serviceIds.length === 0) return;
  const own = await db.selectFrom("services").select("id").where("account_id", "=", accountId).where("id", "in", serviceIds).execute();
  const ids = new Set(own.map((s) => s.id));
  const bad = serviceIds.map((id, i) => (ids.has(id) ? null : `statusPageVisibility.serviceIds.${i}`)).filter((x): x is string => x !== null);
  if (bad.length > 0) throw new ValidationError("Service not found", { fields: bad });
}

/** Components on one of the account's pages (any page: a window may list pages after naming components). */
async function requireComponentsOfAccount(db: Db, accountId: string, componentIds: string[]): Promise<void> {
  if (componentIds.length === 0) return;
  const ids = new Set((await q.findComponentsOfAccount(db, accountId, componentIds)).map((c) => c.id));
  const bad = componentIds.map((id, i) => (ids.has(id.toLowerCase()) ? null : `statusPageVisibility.componentIds.${i}`)).filter((x): x is string => x !== null);
  if (bad.length > 0) throw new ValidationError("Component not found", { fields: bad });
}

function columns(input: Partial<MaintenanceWindowInput>, visibility: StatusPageVisibility | undefined, at: number) {
  const bool = (v: boolean | undefined) => (v === undefined ? undefined : v ? (1 as const) : (0 as const));
  return {
    name: input.name,
    description: input.description,
    tags: input.tags === undefined ? undefined : toJson(input.tags),
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    repeat_interval: input.repeatInterval,
    repeat_unit: input.repeatUnit,
    repeat_ends_at: input.repeatEndsAt,
    timezone: input.timezone,
    pause_all_checks: bool(input.pauseAllChecks),
    silence_all_alerts: bool(input.silenceAllAlerts),
    silence_alerts_tags: input.silenceAlertsTags === undefined ? undefined : toJson(input.silenceAlertsTags),
    status_page_visibility: visibility === undefined ? undefined : toJson(visibility),
    updated_at: at,
  };
}

export async function createWindow(db: Db, accountId: string, input: MaintenanceWindowInput): Promise<MaintenanceWindow> {
  if (input.endsAt <= input.startsAt) throw new ValidationError("endsAt must be after startsAt", { fields: ["endsAt"] });
  const visibility = { ...DEFAULT_VISIBILITY, ...input.statusPageVisibility };
  await requirePagesOfAccount(db, accountId, visibility.statusPageIds);
  await requireServicesOfAccount(db, accountId, visibility.serviceIds);
  await requireComponentsOfAccount(db, accountId, visibility.componentIds);
  const at = Date.now();
  const c = columns(input, visibility, at);
  // The window's pages' stored uptime strips go stale with the insert (lib/uptime/strips.ts).
  const id = await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "MAINTENANCE_WINDOWS");
    const id = await q.insertWindow(trx, {
      ...c,
      account_id: accountId,
      name: input.name,
      description: c.description ?? null,
      tags: c.tags ?? "[]",
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      repeat_interval: c.repeat_interval ?? null,
      repeat_unit: input.repeatUnit,
      repeat_ends_at: c.repeat_ends_at ?? null,
      timezone: c.timezone ?? null,
      pause_all_checks: c.pause_all_checks ?? 0,
      silence_all_alerts: c.silence_all_alerts ?? 0,
      silence_alerts_tags: c.silence_alerts_tags ?? "[]",
      status_page_visibility: toJson(visibility),
      created_at: at,
    });
    await historyChanged(trx, { pageIds: visibility.statusPageIds });
    return id;
  });
  await invalidatePages(visibility.statusPageIds);
  return getWindowOrThrow(db, accountId, id);
}

/** Partial update: omitted fields stay; the merged window must still end after it starts. */
export async function updateWindow(db: Db, accountId: string, id: number, input: Partial<MaintenanceWindowInput>): Promise<MaintenanceWindow> {
  const existing = await getWindowOrThrow(db, accountId, id);
  const before = visibilityOf(existing);
  const visibility = input.statusPageVisibility ? { ...before, ...input.statusPageVisibility } : undefined;
  if (visibility) {
    await requirePagesOfAccount(db, accountId, visibility.statusPageIds);
    await requireServicesOfAccount(db, accountId, visibility.serviceIds);
    await requireComponentsOfAccount(db, accountId, visibility.componentIds);
  }
  const startsAt = input.startsAt ?? existing.starts_at;
  const endsAt = input.endsAt ?? existing.ends_at;
  if (endsAt <= startsAt) throw new ValidationError("endsAt must be after startsAt", { fields: ["endsAt"] });
  const timing = (["startsAt", "endsAt", "repeatInterval", "repeatUnit", "repeatEndsAt", "timezone"] as const).some((f) => input[f] !== undefined);
  await db.transaction().execute(async (trx) => {
    await q.updateWindowRow(trx, id, columns(input, visibility, Date.now()));
    // Occurrences nobody moved, skipped or updated follow the new rule; touched ones keep what operators did.
    if (timing) await q.deleteUntouchedOccurrences(trx, id);
    await historyChanged(trx, { pageIds: [...before.statusPageIds, ...(visibility?.statusPageIds ?? [])] });
  });
  await invalidatePages([...before.statusPageIds, ...(visibility?.statusPageIds ?? [])]);
  return getWindowOrThrow(db, accountId, id);
}

export async function deleteWindow(db: Db, accountId: string, id: number): Promise<void> {
  const existing = await getWindowOrThrow(db, accountId, id);
  await db.transaction().execute(async (trx) => {
    await q.deleteWindowRow(trx, accountId, id);
    await historyChanged(trx, { pageIds: visibilityOf(existing).statusPageIds });
  });
  await invalidatePages(visibilityOf(existing).statusPageIds);
}

export async function listWindows(db: Db, accountId: string, filter: MaintenanceFilter, limit: number, page: number) {
  return q.listWindows(db, accountId, filter, limit, (page - 1) * limit);
}
