import { z } from "zod";
import { CursorPage, limitParam } from "@/lib/http/pagination";
import { text, Timestamp } from "@/lib/http/wire";

export const AuditLogQuery = z.object({
  limit: limitParam(100, 20),
  nextId: text().max(512).optional().meta({ description: "The `nextId` of the previous page" }),
  entityType: text().max(100).optional().meta({ description: "Only entries about this kind of entity, e.g. `status-pages`" }),
  entityId: text().max(200).optional().meta({ description: "Only entries about this entity" }),
  actorType: z.enum(["API_KEY", "AUTOMATION", "OPERATOR", "SYSTEM"]).optional().meta({ description: "Only entries by this kind of actor" }),
  actorId: text().max(200).optional().meta({ description: "Only entries by this actor (API key id, operator id, rule id)" }),
});

export const AuditLogEntry = z
  .strictObject({
    id: z.string(),
    actorType: z.enum(["API_KEY", "AUTOMATION", "OPERATOR", "SYSTEM"]),
    actorId: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    changedFields: z.array(z.string()),
    before: z.unknown().nullable().meta({ description: "The entity before the write, secrets redacted; null for a create" }),
    after: z.unknown().nullable().meta({ description: "The entity after the write, secrets redacted; null for a delete" }),
    requestId: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: "AuditLogEntry", description: "One write, by an API key, an operator or the automation; kept after what it describes is deleted" });

export const AuditLogPage = CursorPage(AuditLogEntry, "AuditLogPage");
