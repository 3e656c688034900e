import "server-only";
import type { Db } from "@/lib/db";
import { applyKeyset, type PageRequest } from "@/lib/db/keyset";
import type { AuditLogRow } from "@/lib/db/types-operators";

type Q = Pick<Db, "selectFrom" | "insertInto">;

export async function insertAuditRow(db: Q, row: AuditLogRow): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actorType?: string;
  actorId?: string;
  action?: string;
}

/** Newest first; the filters are exact matches. */
export function listAuditRows(db: Q, accountId: string, filter: AuditFilter, page: PageRequest): Promise<AuditLogRow[]> {
  let q = db.selectFrom("audit_log").selectAll().where("account_id", "=", accountId);
  if (filter.entityType) q = q.where("entity_type", "=", filter.entityType);
  if (filter.entityId) q = q.where("entity_id", "=", filter.entityId);
  if (filter.actorType) q = q.where("actor_type", "=", filter.actorType as AuditLogRow["actor_type"]);
  if (filter.actorId) q = q.where("actor_id", "=", filter.actorId);
  if (filter.action) q = q.where("action", "=", filter.action);
  return applyKeyset(q, "audit_log", page, "desc").execute();
}
