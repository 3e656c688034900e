import { apiRoute, created } from "@/lib/http/route";
import { StatusPageIdParams } from "@/lib/status-pages/schema";
import { BulkSubscribersV3Input } from "@/lib/subscriptions/schema";
import { bulkCreateSubscribersV3 } from "@/lib/subscriptions/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ params: StatusPageIdParams, body: BulkSubscribersV3Input }, async ({ db, accountId, params, body }) =>
  created(await bulkCreateSubscribersV3(db, accountId, params.statusPageId, body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
