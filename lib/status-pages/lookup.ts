import "server-only";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import type { PageVersion, StatusPage } from "@/lib/db/types";
import { NotFoundError, ValidationError } from "@/lib/errors";
import * as q from "./queries";

/**
 * The only way to one of the account's pages. With `version`, the operation belongs to that API: a page of
 * the other kind (v1: cards of account-wide services; v3: its own components) is a 400 naming the API that
 * serves it, as the vendor answers. Without it (page keys, password, public side) either kind is fine.
 */
export async function getPageOrThrow(db: Db, accountId: string, id: string, opts: { version?: PageVersion } = {}): Promise<StatusPage> {
  const row = isUuid(id) ? await q.findPage(db, accountId, id) : undefined;
  if (!row) throw new NotFoundError("Status page not found");
  if (opts.version !== undefined && Number(row.version) !== opts.version) {
    const use = `/v${row.version}/status-pages/${row.id}`;
    // The page's path parameter: `{id}` in the v1 API, `{statusPageId}` in the v3 API.
    const field = opts.version === 3 ? "statusPageId" : "id";
    throw new ValidationError(`This is a v${row.version} status page: use ${use}`, { fields: [field], version: Number(row.version), use });
  }
  return row;
}
