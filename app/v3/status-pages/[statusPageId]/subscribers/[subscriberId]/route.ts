import { apiRoute, noContent } from "@/lib/http/route";
import { SubscriberParams } from "@/lib/subscriptions/schema";
import { deleteSubscriberV3 } from "@/lib/subscriptions/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ params: SubscriberParams }, async ({ db, accountId, params }) => {
  await deleteSubscriberV3(db, accountId, params.statusPageId, params.subscriberId);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
