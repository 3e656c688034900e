import "server-only";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { now } from "@/lib/db/time";
import type { AuditActorType } from "@/lib/db/types-operators";
import { pageOf, type PageRequest } from "@/lib/db/keyset";
import { log } from "@/lib/log";
import { insertAuditRow, listAuditRows, type AuditFilter } from "./queries";
import { changedFields, redact } from "./redact";

export interface AuditEntry {
  accountId: string;
  actor: { type: AuditActorType; id: string | null };
  /** a verb, e.g. "incident.create", "operator.invite", or "POST /v1/status-pages" */
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** which fields changed; computed from before and after when not given */
  fields?: string[];
  requestId?: string | null;
}

/** One append-only row; before and after are stored redacted, so no secret ever reaches the log. */
export async function recordAudit(db: Pick<Db, "insertInto">, e: AuditEntry): Promise<void> {
  const before = e.before === undefined ? null : redact(e.before);
  const after = e.after === undefined ? null : redact(e.after);
  await insertAuditRow(db as Db, {
    id: newId(),
    account_id: e.accountId,
    actor_type: e.actor.type,
    actor_id: e.actor.id,
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId ?? null,
    changed_fields: toJson(e.fields ?? changedFields(before, after)),
    before: before === null ? null : toJson(before),
    after: after === null ? null : toJson(after),
    request_id: e.requestId ?? null,
    created_at: now(),
  });
}

/**
 * For writes that already happened (the API's, after its verb committed): a failure to record is logged, never
 * turned into an error answer for a write that did succeed.
 */
export async function recordAuditAfter(db: Pick<Db, "insertInto">, e: AuditEntry): Promise<void> {
  try {
    await recordAudit(db, e);
  } catch (err) {
    log.error({ err: (err as Error).message, action: e.action, requestId: e.requestId }, "audit log write failed");
  }
}

export async function listAuditLog(db: Db, accountId: string, filter: AuditFilter, page: PageRequest) {
  return pageOf(await listAuditRows(db, accountId, filter, page), page.limit);
}
