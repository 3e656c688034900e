import { apiRoute, noContent } from "@/lib/http/route";
import { LegacyUpdateParams } from "@/lib/incidents/schema";
import { deleteIncidentUpdate } from "@/lib/incidents/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** The older path of the same delete, kept for clients written against it. */
export const DELETE = apiRoute({ params: LegacyUpdateParams }, async ({ db, accountId, params }) => {
  await deleteIncidentUpdate(db, accountId, params.incidentId, params.id);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
