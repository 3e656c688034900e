import { apiRoute, noContent, ok } from "@/lib/http/route";
import { UpdateMaintenanceWindowInput, WindowIdParams } from "@/lib/maintenance/schema";
import { serializeWindow } from "@/lib/maintenance/serialize";
import { deleteWindow, updateWindow } from "@/lib/maintenance/service";
import { getWindowOrThrow } from "@/lib/maintenance/shown";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: WindowIdParams }, async ({ db, accountId, params }) => ok(serializeWindow(await getWindowOrThrow(db, accountId, params.id))));

export const PUT = apiRoute({ params: WindowIdParams, body: UpdateMaintenanceWindowInput }, async ({ db, accountId, params, body }) =>
  ok(serializeWindow(await updateWindow(db, accountId, params.id, body))),
);

export const DELETE = apiRoute({ params: WindowIdParams }, async ({ db, accountId, params }) => {
  await deleteWindow(db, accountId, params.id);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
