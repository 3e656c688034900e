import { getReadyDb } from "@/lib/db";
import { listAuditLog } from "@/lib/audit/record";
import { serializeAuditEntry } from "@/lib/audit/serialize";
import { requireOperator } from "@/lib/console/session";
import { requireRole } from "@/lib/operators/roles";

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.length <= 200 && v ? v : undefined);

/** The latest 100 entries, filtered by a plain GET form (works without JavaScript). */
export default async function AuditLog({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const op = await requireOperator();
  requireRole(op.role, "read");
  const q = await searchParams;
  const filter = { entityType: one(q.entityType), entityId: one(q.entityId), actorType: one(q.actorType), actorId: one(q.actorId) };
  const { rows } = await listAuditLog(await getReadyDb(), op.accountId, filter, { limit: 100 });
  const entries = rows.map(serializeAuditEntry);
  const input = "mt-1 block rounded border border-gray-400 bg-white px-2 py-1 text-gray-900 dark:bg-gray-900 dark:text-gray-100";
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">Audit log</h1>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-sm" aria-label="Filter the audit log">
        <label>Entity type<input name="entityType" defaultValue={filter.entityType} className={input} /></label>
        <label>Entity id<input name="entityId" defaultValue={filter.entityId} className={input} /></label>
        <label>Actor
          <select name="actorType" defaultValue={filter.actorType ?? ""} className={input}>
            <option value="">Anyone</option><option value="OPERATOR">Operator</option><option value="API_KEY">API key</option><option value="AUTOMATION">Automation</option><option value="SYSTEM">Server</option>
          </select>
        </label>
        <button type="submit" className="rounded border border-gray-500 px-3 py-1">Filter</button>
      </form>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead><tr><th className="py-1 pe-3">When</th><th className="pe-3">Who</th><th className="pe-3">Action</th><th className="pe-3">Entity</th><th>Changed</th></tr></thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className="border-t border-gray-300 align-top dark:border-gray-700">
                <td className="py-2 pe-3 whitespace-nowrap">{e.created_at}</td>
                <td className="pe-3">{e.actorType}{e.actorId ? ` ${e.actorId.slice(0, 8)}` : ""}</td>
                <td className="pe-3 font-mono">{e.action}</td>
                <td className="pe-3">{e.entityType}{e.entityId ? ` ${e.entityId.slice(0, 8)}` : ""}</td>
                <td>{e.changedFields.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
