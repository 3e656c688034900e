import { apiRoute, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { serializeSubscription } from "@/lib/subscriptions/serialize";
import { listSubscriptions } from "@/lib/subscriptions/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok((await listSubscriptions(db, accountId, params.id)).map(serializeSubscription)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
