import { apiRoute, ok } from "@/lib/http/route";
import { cursorPage } from "@/lib/http/pagination";
import { StatusPageIdParams } from "@/lib/status-pages/schema";
import { SubscribersV3Query } from "@/lib/subscriptions/schema";
import { serializeSubscriberV3 } from "@/lib/subscriptions/serialize";
import { listSubscribersV3 } from "@/lib/subscriptions/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: StatusPageIdParams, query: SubscribersV3Query }, async ({ db, accountId, params, query, cursors }) => {
  const list = `v3-subscribers:${params.statusPageId}:${query.status ?? "ALL"}`;
  const page = { limit: query.limit, after: cursors.decode(list, query.nextId) };
  const { rows, next } = await listSubscribersV3(db, accountId, params.statusPageId, { status: query.status }, page);
  return ok(cursorPage(rows.map((r) => serializeSubscriberV3(r.subscriber, r.componentIds)), cursors.encode(list, next)));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
