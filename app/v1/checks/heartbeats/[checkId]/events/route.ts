import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { listHeartbeatEvents } from "@/lib/heartbeats/read";
import { HeartbeatEventsQuery, HeartbeatParams } from "@/lib/heartbeats/schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: HeartbeatParams, query: HeartbeatEventsQuery }, async ({ db, accountId, params, query }) => ok(await listHeartbeatEvents(db, accountId, params.checkId, query)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
