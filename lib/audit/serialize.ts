import type { z } from "zod";
import { fromJson } from "@/lib/db/json";
import { toIso } from "@/lib/db/time";
import type { AuditLogRow } from "@/lib/db/types-operators";
import type { AuditLogEntry } from "./schema";

export function serializeAuditEntry(r: AuditLogRow): z.output<typeof AuditLogEntry> {
  return {
    id: r.id,
    actorType: r.actor_type,
    actorId: r.actor_id,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    changedFields: fromJson<string[]>(r.changed_fields) ?? [],
    before: fromJson(r.before),
    after: fromJson(r.after),
    requestId: r.request_id,
    created_at: toIso(r.created_at),
  };
}
