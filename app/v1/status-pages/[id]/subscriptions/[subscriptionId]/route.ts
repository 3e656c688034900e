import { apiRoute, noContent } from "@/lib/http/route";
import { SubscriptionParams } from "@/lib/status-pages/schema";
import { deleteSubscription } from "@/lib/subscriptions/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ params: SubscriptionParams }, async ({ db, accountId, params }) => {
  await deleteSubscription(db, accountId, params.id, params.subscriptionId);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
