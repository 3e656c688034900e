import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { getHeartbeatEvent } from "@/lib/heartbeats/read";
import { HeartbeatEventParams } from "@/lib/heartbeats/schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: HeartbeatEventParams }, async ({ db, accountId, params }) => ok(await getHeartbeatEvent(db, accountId, params.checkId, params.id)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
