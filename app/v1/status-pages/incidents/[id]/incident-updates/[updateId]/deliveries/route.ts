import { apiRoute, ok } from "@/lib/http/route";
import { UpdateParams } from "@/lib/incidents/schema";
import { getDeliveryReport } from "@/lib/notifications/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** Delivery counts of one incident update (queued, sent, failed, dead) and its dead letters. */
export const GET = apiRoute({ params: UpdateParams }, async ({ db, accountId, params }) => ok(await getDeliveryReport(db, accountId, params.id, params.updateId)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
