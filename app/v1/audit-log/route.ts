import { AuditLogQuery } from "@/lib/audit/schema";
import { serializeAuditEntry } from "@/lib/audit/serialize";
import { listAuditLog } from "@/lib/audit/record";
import { cursorPage } from "@/lib/http/pagination";
import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: AuditLogQuery }, async ({ db, accountId, query, cursors }) => {
  const { limit, nextId, ...filter } = query;
  const { rows, next } = await listAuditLog(db, accountId, filter, { limit, after: cursors.decode("audit-log", nextId) });
  return ok(cursorPage(rows.map(serializeAuditEntry), cursors.encode("audit-log", next)));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
