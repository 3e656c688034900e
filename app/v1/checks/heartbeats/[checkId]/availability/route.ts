import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { getHeartbeatAvailability } from "@/lib/heartbeats/read";
import { HeartbeatAvailabilityQuery, HeartbeatParams } from "@/lib/heartbeats/schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: HeartbeatParams, query: HeartbeatAvailabilityQuery }, async ({ db, accountId, params, query }) => ok(await getHeartbeatAvailability(db, accountId, params.checkId, query)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
