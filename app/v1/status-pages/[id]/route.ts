import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { UpdateStatusPageInput } from "@/lib/status-pages/schema";
import { serializeStatusPage } from "@/lib/status-pages/serialize";
import { deletePage, getPageView, loadPageView, updatePage } from "@/lib/status-pages/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok(serializeStatusPage(await getPageView(db, accountId, params.id))));

export const PUT = apiRoute({ params: IdParams, body: UpdateStatusPageInput }, async ({ db, accountId, params, body }) => {
  const page = await updatePage(db, accountId, params.id, body);
  return ok(serializeStatusPage(await loadPageView(db, page)));
});

export const DELETE = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => {
  await deletePage(db, accountId, params.id);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
