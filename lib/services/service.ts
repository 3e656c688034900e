import "server-only";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { pageOf, type PageRequest } from "@/lib/db/keyset";
import type { Service } from "@/lib/db/types";
import { invalidatePages } from "@/lib/cache/invalidate";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { pageIdsForServices } from "@/lib/status-pages/affected";
import { assertRoomFor } from "@/lib/accounts/limits";
import * as q from "./queries";
import { stripsGone } from "@/lib/uptime/strips";

export async function getServiceOrThrow(db: Db, accountId: string, id: string): Promise<Service> {
  const row = isUuid(id) ? await q.findService(db, accountId, id) : undefined;
  if (!row) throw new NotFoundError("Service not found");
  return row;
}

export async function createService(db: Db, accountId: string, input: { name: string }): Promise<Service> {
  const t = Date.now();
  const row: Service = { id: newId(), account_id: accountId, name: input.name, created_at: t, updated_at: t };
  await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "SERVICES");
    await q.insertService(trx, row);
  });
  return row;
}

export async function listServices(db: Db, accountId: string, page: PageRequest) {
  return pageOf(await q.listServices(db, accountId, page), page.limit);
}

export async function updateService(db: Db, accountId: string, id: string, input: { name: string }): Promise<Service> {
  await getServiceOrThrow(db, accountId, id);
  await q.renameService(db, accountId, id, input.name, Date.now());
  await invalidatePages(await pageIdsForServices(db, [id]));
  return getServiceOrThrow(db, accountId, id);
}

export async function deleteService(db: Db, accountId: string, id: string): Promise<void> {
  await getServiceOrThrow(db, accountId, id);
  const pages = await db.transaction().execute(async (trx) => {
    if ((await q.countOpenIncidentsUsing(trx, id)) > 0) {
      throw new ConflictError("Service is used by an unresolved incident", { serviceId: id });
    }
    const affected = await pageIdsForServices(trx, [id]);
    await q.deleteIncidentLinks(trx, id);
    await q.deleteServiceRow(trx, accountId, id);
    await stripsGone(trx, [id]);
    return affected;
  });
  await invalidatePages(pages);
}

/** Every id must name a service of this account; the error names the offending list positions. */
export async function requireServices(db: Db, accountId: string, ids: readonly string[], field: string): Promise<Service[]> {
  const unique = [...new Set(ids)];
  const found = unique.every(isUuid) ? await q.findServicesByIds(db, accountId, unique) : [];
  const byId = new Map(found.map((s) => [s.id, s]));
  const missing = ids.map((id, i) => (byId.has(id) ? null : `${field}.${i}.id`)).filter((p): p is string => p !== null);
  if (missing.length > 0) throw new NotFoundError("Service not found", { fields: missing });
  return unique.map((id) => byId.get(id)!);
}
