import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import type { UptimeStripsTable } from "@/lib/db/types";

/** A page's stored strips, each with the current versions of its component and of the page (0: never bumped). */
export async function listStripsOfPage(db: Db, pageId: string) {
  return db
    .selectFrom("uptime_strips as s")
    .leftJoin("uptime_versions as cv", "cv.subject_id", "s.component_id")
    .leftJoin("uptime_versions as pv", "pv.subject_id", "s.status_page_id")
    .select(["s.component_id", "s.zone", "s.through_day", "s.day_count", "s.days", "s.component_version", "s.page_version", "s.computed_at", "cv.version as current_component_version", "pv.version as current_page_version"])
    .where("s.status_page_id", "=", pageId)
    .execute();
}

/** Current versions of these subjects; absent ones have never been bumped (version 0). */
export async function listVersions(db: Db, subjectIds: readonly string[]): Promise<Map<string, number>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db.selectFrom("uptime_versions").select(["subject_id", "version"]).where("subject_id", "in", [...subjectIds]).execute();
  return new Map(rows.map((r) => [r.subject_id, Number(r.version)]));
}

/** Last write wins: two renders storing the same strip store the same days (or an older version, read as stale). */
export async function upsertStrips(db: Db, rows: Insertable<UptimeStripsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("uptime_strips")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["status_page_id", "component_id"]).doUpdateSet((eb) => ({
        zone: eb.ref("excluded.zone"),
        through_day: eb.ref("excluded.through_day"),
        day_count: eb.ref("excluded.day_count"),
        days: eb.ref("excluded.days"),
        component_version: eb.ref("excluded.component_version"),
        page_version: eb.ref("excluded.page_version"),
        computed_at: eb.ref("excluded.computed_at"),
      })),
    )
    .execute();
}

/** Bumps the versions of these subjects (ids sorted: concurrent writers take the row locks in one order). */
export async function bumpVersions(db: Db, subjectIds: readonly string[]): Promise<void> {
  const ids = [...new Set(subjectIds)].sort();
  if (ids.length === 0) return;
  await db
    .insertInto("uptime_versions")
    .values(ids.map((subject_id) => ({ subject_id, version: 1 })))
    .onConflict((oc) => oc.column("subject_id").doUpdateSet((eb) => ({ version: eb(eb.ref("uptime_versions.version"), "+", 1) })))
    .execute();
}

/** A deleted component's or service's strips on every page (only rows nobody can read any more). */
export async function deleteStripsOf(db: Db, componentIds: readonly string[]): Promise<void> {
  if (componentIds.length === 0) return;
  await db.deleteFrom("uptime_strips").where("component_id", "in", [...componentIds]).execute();
}
