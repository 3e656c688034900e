import "server-only";
import { apiRoute, created, noContent, ok, type RouteHandler } from "@/lib/http/route";
import { parseWith } from "@/lib/http/validate";
import { AutoAssignQuery, CheckIdParams, CheckPathParams, createBody, GetCheckQuery, ListChecksQuery, queryObject, RuntimeParams, updateBody, type RunCheckType } from "./schema";
import { NotFoundError } from "@/lib/errors";
import { servedLocations } from "@/lib/locations/served";
import { findRuntime, runtimes } from "./runtimes";
import type { ApiVersion } from "./serialize";
import { createCheck, deleteCheck, listChecks, readCheck, updateCheck } from "./service";

/*
 * The check routes' handlers, shared by /v1, /v2 and /v3 and the six per-type paths: each route file names one.
 * Array query parameters come in three spellings (§0.1), so list queries are parsed from the URL here.
 */

/** Page/limit lists carry their total as `Content-Range: first-last/total` (the vendor's CLI reads it). */
const ranges = new WeakMap<Request, string>();

export function withContentRange(handler: RouteHandler): RouteHandler {
  return async (req, ctx) => {
    const res = await handler(req, ctx);
    const range = ranges.get(req);
    if (range && res.status === 200) res.headers.set("Content-Range", range);
    return res;
  };
}

export function setContentRange(req: Request, first: number, count: number, total: number): void {
  ranges.set(req, count === 0 ? `*/${total}` : `${first}-${first + count - 1}/${total}`);
}

export const listChecksRoute = (version: ApiVersion) =>
  withContentRange(
    apiRoute({}, async ({ req, db, accountId }) => {
      const query = parseWith(ListChecksQuery, queryObject(new URL(req.url)), "query");
      const { entries, first, total } = await listChecks(db, accountId, query, version);
      setContentRange(req, first, entries.length, total);
      return ok(entries);
    }),
  );

export const getCheckRoute = (version: ApiVersion) =>
  apiRoute({ params: CheckPathParams, query: GetCheckQuery }, async ({ db, accountId, params, query }) => ok(await readCheck(db, accountId, params.checkId, version, query.applyGroupSettings ?? false)));

export const deleteCheckRoute = apiRoute({ params: CheckPathParams }, async ({ db, accountId, params }) => {
  await deleteCheck(db, accountId, params.checkId);
  return noContent();
});

export const createCheckRoute = (type: RunCheckType) =>
  apiRoute({ query: AutoAssignQuery, body: createBody(type) }, async ({ db, accountId, apiKey, body }) => created(await createCheck(db, { accountId, apiKeyId: apiKey.id }, type, body)));

export const updateCheckRoute = (type: RunCheckType) =>
  apiRoute({ params: CheckIdParams, query: AutoAssignQuery, body: updateBody(type) }, async ({ db, accountId, apiKey, params, body }) => ok(await updateCheck(db, { accountId, apiKeyId: apiKey.id }, type, params.id, body)));

export const listRuntimesRoute = apiRoute({}, async () => ok(runtimes()));

export const getRuntimeRoute = apiRoute({ params: RuntimeParams }, async ({ params }) => {
  const runtime = findRuntime(params.id);
  if (!runtime) throw new NotFoundError(`No runtime named ${params.id}; GET /v1/runtimes lists them`);
  return ok(runtime);
});

/** Only what this installation serves: its runner's location (HELIOGRAPH_LOCATION). */
export const listLocationsRoute = apiRoute({}, async () => ok(servedLocations()));
