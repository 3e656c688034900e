import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import type { ComponentsTable, IncidentImpactsTable } from "@/lib/db/types";

/** Demo rows written as they are (the demo's history predates any API call that could write it). */
export async function insertDemoComponent(db: Db, row: Insertable<ComponentsTable>): Promise<void> {
  await db.insertInto("components").values(row).execute();
}

export async function insertDemoImpact(db: Db, row: Insertable<IncidentImpactsTable>): Promise<void> {
  await db.insertInto("incident_impacts").values(row).execute();
}
