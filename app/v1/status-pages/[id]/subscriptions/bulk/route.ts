import { apiRoute, created } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { CreateSubscriptionsInput } from "@/lib/subscriptions/schema";
import { bulkCreateSubscriptions } from "@/lib/subscriptions/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ params: IdParams, body: CreateSubscriptionsInput }, async ({ db, accountId, params, body }) =>
  created(await bulkCreateSubscriptions(db, accountId, params.id, body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
