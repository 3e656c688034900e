import { apiRoute, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { IncidentUpdateInput } from "@/lib/incidents/schema";
import { serializeUpdate } from "@/lib/incidents/serialize";
import { addIncidentUpdate, listIncidentUpdates } from "@/lib/incidents/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok((await listIncidentUpdates(db, accountId, params.id, 100)).map(serializeUpdate)));

// 200, not 201, as the vendor's API answers.
export const POST = apiRoute({ params: IdParams, body: IncidentUpdateInput }, async ({ db, accountId, actor, params, body }) =>
  ok(serializeUpdate(await addIncidentUpdate(db, accountId, params.id, body, actor))),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
