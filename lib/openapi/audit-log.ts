import type { ZodOpenApiPathsObject } from "zod-openapi";
import { AuditLogPage, AuditLogQuery } from "@/lib/audit/schema";
import { op } from "./helpers";

/** The account's audit log (wire shapes from lib/audit/schema.ts). */
export const auditLogPaths: ZodOpenApiPathsObject = {
  "/v1/audit-log": {
    get: op({ id: "listAuditLog", summary: "Every write to the account (API keys, operators, automation), newest first, secrets redacted", tag: "Audit log", query: AuditLogQuery, ok: [200, AuditLogPage, "A cursor page of entries"], errors: [] }),
  },
};
