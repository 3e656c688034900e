import { apiRoute, noContent, ok } from "@/lib/http/route";
import { StatusPageIdParams, StatusPageV3Mutation } from "@/lib/status-pages/schema";
import { serializeStatusPageV3 } from "@/lib/status-pages/serialize";
import { getPageOrThrow } from "@/lib/status-pages/lookup";
import { deletePage, updatePageV3 } from "@/lib/status-pages/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: StatusPageIdParams }, async ({ db, accountId, params }) =>
  ok(serializeStatusPageV3(await getPageOrThrow(db, accountId, params.statusPageId, { version: 3 }))),
);

export const PUT = apiRoute({ params: StatusPageIdParams, body: StatusPageV3Mutation }, async ({ db, accountId, params, body }) =>
  ok(serializeStatusPageV3(await updatePageV3(db, accountId, params.statusPageId, body))),
);

export const DELETE = apiRoute({ params: StatusPageIdParams }, async ({ db, accountId, params }) => {
  await deletePage(db, accountId, params.statusPageId, { version: 3 });
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
