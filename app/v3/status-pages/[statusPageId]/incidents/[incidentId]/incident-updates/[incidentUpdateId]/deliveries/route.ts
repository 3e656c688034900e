import { apiRoute, ok } from "@/lib/http/route";
import { IncidentUpdateV3Params } from "@/lib/incidents/v3-schema";
import { getDeliveryReportV3 } from "@/lib/notifications/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** Delivery counts of one update of a v3 incident (queued, sent, failed, dead) and its dead letters. */
export const GET = apiRoute({ params: IncidentUpdateV3Params }, async ({ db, accountId, params }) =>
  ok(await getDeliveryReportV3(db, accountId, params.statusPageId, params.incidentId, params.incidentUpdateId)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
