import { apiRoute, noContent, ok } from "@/lib/http/route";
import { EditMaintenanceUpdateInput, MaintenanceUpdateParams } from "@/lib/maintenance/schema";
import { serializeMaintenanceUpdate } from "@/lib/maintenance/serialize";
import { deleteMaintenanceUpdate, editMaintenanceUpdate } from "@/lib/maintenance/occurrence-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const PUT = apiRoute({ params: MaintenanceUpdateParams, body: EditMaintenanceUpdateInput }, async ({ db, accountId, actor, params, body }) =>
  ok(serializeMaintenanceUpdate(await editMaintenanceUpdate(db, accountId, params.id, params.maintenanceId, params.updateId, body, actor))),
);

export const DELETE = apiRoute({ params: MaintenanceUpdateParams }, async ({ db, accountId, params }) => {
  await deleteMaintenanceUpdate(db, accountId, params.id, params.maintenanceId, params.updateId);
  return noContent();
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
