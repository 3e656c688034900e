import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Keyset } from "@/lib/db/keyset";
import { cursorPage } from "@/lib/http/pagination";
import * as q from "./queries";
import type { CheckResultsQuery, CheckResultsV1Query, CheckStatus } from "./schema";
import { project, serializeResult, serializeStatus } from "./serialize";

/* Reads behind the results and statuses routes: the check must be the account's (404 otherwise). */

const LIST = "check-results";

/** The route's cursor codec (lib/http/route.ts Cursors), which this band may not import. */
interface CursorCodec {
  decode(list: string, nextId: string | undefined): Keyset | undefined;
  encode(list: string, position: Keyset | null): string | null;
}

async function checkOrThrow(db: Db, accountId: string, checkId: string) {
  const check = await q.findCheckName(db, accountId, checkId);
  if (!check) throw new NotFoundError("Check not found");
  return check;
}

/** GET /v2/check-results/{checkId}: newest first, `nextId` bound to this check's list. */
export async function listCheckResults(db: Db, accountId: string, checkId: string, query: z.output<typeof CheckResultsQuery>, cursors: CursorCodec) {
  const check = await checkOrThrow(db, accountId, checkId);
  const scope = `${LIST}:${checkId}`;
  const at = cursors.decode(scope, query.nextId);
  const rows = await q.listResults(db, accountId, checkId, query, query.limit, at ? { startedAt: at.createdAt, id: at.id } : undefined);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const next = rows.length > query.limit ? cursors.encode(scope, { createdAt: Number(last.started_at), id: last.id }) : null;
  return cursorPage(page.map((r) => project(serializeResult(r, check.name), query.fields)), next);
}

const SIX_HOURS = 6 * 3_600_000;

/** GET /v1/check-results/{checkId} (deprecated): one page and where it sits in the whole, for Content-Range. */
export async function listCheckResultsV1(db: Db, accountId: string, checkId: string, query: z.output<typeof CheckResultsV1Query>, now = Date.now()) {
  const check = await checkOrThrow(db, accountId, checkId);
  const to = query.to ?? (query.from !== undefined ? query.from + SIX_HOURS : now);
  const from = query.from ?? to - SIX_HOURS;
  const first = (query.page - 1) * query.limit;
  const { rows, total } = await q.pageResults(db, accountId, checkId, { ...query, from, to }, first, query.limit);
  return { entries: rows.map((r) => serializeResult(r, check.name)), first, total };
}

export async function getCheckResult(db: Db, accountId: string, checkId: string, id: string) {
  const check = await checkOrThrow(db, accountId, checkId);
  const row = await q.findResult(db, accountId, checkId, id);
  if (!row) throw new NotFoundError("Check result not found");
  return serializeResult(row, check.name);
}

export async function listCheckStatuses(db: Db, accountId: string): Promise<z.output<typeof CheckStatus>[]> {
  return (await q.listStatuses(db, accountId)).map(serializeStatus);
}

export async function getCheckStatus(db: Db, accountId: string, checkId: string): Promise<z.output<typeof CheckStatus>> {
  const [found] = await q.listStatuses(db, accountId, checkId);
  if (!found) throw new NotFoundError("Check not found");
  return serializeStatus(found);
}
