import { apiRoute, created, ok } from "@/lib/http/route";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { CreateStatusPageInput } from "@/lib/status-pages/schema";
import { serializeStatusPage } from "@/lib/status-pages/serialize";
import { createPage, listPageViews, loadPageView } from "@/lib/status-pages/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: CursorQuery }, async ({ db, accountId, query, cursors }) => {
  const { rows, next } = await listPageViews(db, accountId, { limit: query.limit, after: cursors.decode("status-pages", query.nextId) });
  return ok(cursorPage(rows.map(serializeStatusPage), cursors.encode("status-pages", next)));
});

export const POST = apiRoute({ body: CreateStatusPageInput }, async ({ db, accountId, body }) => {
  const page = await createPage(db, accountId, body);
  return created(serializeStatusPage(await loadPageView(db, page)));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
