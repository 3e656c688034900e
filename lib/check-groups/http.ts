import "server-only";
import { apiRoute, created, noContent, ok } from "@/lib/http/route";
import { parseWith } from "@/lib/http/validate";
import { AutoAssignQuery, PageQuery, queryObject } from "@/lib/checks/schema";
import { setContentRange, withContentRange } from "@/lib/checks/http";
import { CheckGroupInput, GroupCheckParams, GroupIdParams, ListGroupsQuery } from "./schema";
import { createGroup, deleteGroup, listChecksOfGroup, listGroups, readCheckOfGroup, readGroup, replaceGroup } from "./service";

/** The check-group routes' handlers (v1 reads and delete, v2 writes and group checks). */
export const listGroupsRoute = withContentRange(
  apiRoute({}, async ({ req, db, accountId }) => {
    const query = parseWith(ListGroupsQuery, queryObject(new URL(req.url)), "query");
    const { entries, first, total } = await listGroups(db, accountId, query);
    setContentRange(req, first, entries.length, total);
    return ok(entries);
  }),
);

export const getGroupRoute = apiRoute({ params: GroupIdParams }, async ({ db, accountId, params }) => ok(await readGroup(db, accountId, params.id, 1)));

export const deleteGroupRoute = apiRoute({ params: GroupIdParams }, async ({ db, accountId, params }) => {
  await deleteGroup(db, accountId, params.id);
  return noContent();
});

export const createGroupRoute = apiRoute({ query: AutoAssignQuery, body: CheckGroupInput }, async ({ db, accountId, body }) => created(await createGroup(db, accountId, body)));

export const replaceGroupRoute = apiRoute({ params: GroupIdParams, query: AutoAssignQuery, body: CheckGroupInput }, async ({ db, accountId, params, body }) => ok(await replaceGroup(db, accountId, params.id, body)));

export const groupChecksRoute = withContentRange(
  apiRoute({ params: GroupIdParams, query: PageQuery }, async ({ req, db, accountId, params, query }) => {
    const { entries, first, total } = await listChecksOfGroup(db, accountId, params.id, query.page ?? 1, query.limit ?? 10);
    setContentRange(req, first, entries.length, total);
    return ok(entries);
  }),
);

export const groupCheckRoute = apiRoute({ params: GroupCheckParams }, async ({ db, accountId, params }) => ok(await readCheckOfGroup(db, accountId, params.id, params.checkId)));
