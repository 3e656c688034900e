import { apiRoute, noContent, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { UpdateServiceInput } from "@/lib/services/schema";
import { serializeService } from "@/lib/services/serialize";
import { deleteService, getServiceOrThrow, updateService } from "@/lib/services/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok(serializeService(await getServiceOrThrow(db, accountId, params.id))));

export const PUT = apiRoute({ params: IdParams, body: UpdateServiceInput }, async ({ db, accountId, params, body }) =>
  ok(serializeService(await updateService(db, accountId, params.id, body))),
);

export const DELETE = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => {
  await deleteService(db, accountId, params.id);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
