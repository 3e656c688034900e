import { apiRoute, created, ok } from "@/lib/http/route";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { StatusPageV3Mutation } from "@/lib/status-pages/schema";
import { serializeStatusPageV3 } from "@/lib/status-pages/serialize";
import { createPageV3, listPages } from "@/lib/status-pages/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: CursorQuery }, async ({ db, accountId, query, cursors }) => {
  const { rows, next } = await listPages(db, accountId, { limit: query.limit, after: cursors.decode("v3-status-pages", query.nextId) }, 3);
  return ok(cursorPage(rows.map(serializeStatusPageV3), cursors.encode("v3-status-pages", next)));
});

export const POST = apiRoute({ body: StatusPageV3Mutation }, async ({ db, accountId, body }) => created(serializeStatusPageV3(await createPageV3(db, accountId, body))));

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
