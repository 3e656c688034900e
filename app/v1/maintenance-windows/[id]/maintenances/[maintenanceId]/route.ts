import { apiRoute, noContent, ok } from "@/lib/http/route";
import { MaintenanceParams, MoveMaintenanceInput } from "@/lib/maintenance/schema";
import { serializeMaintenance } from "@/lib/maintenance/serialize";
import { getMaintenance, moveMaintenance, skipMaintenance } from "@/lib/maintenance/occurrence-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: MaintenanceParams }, async ({ db, accountId, params }) => {
  const v = await getMaintenance(db, accountId, params.id, params.maintenanceId);
  return ok(serializeMaintenance(v.occurrence, v.updates));
});

export const PATCH = apiRoute({ params: MaintenanceParams, body: MoveMaintenanceInput }, async ({ db, accountId, actor, params, body }) => {
  const v = await moveMaintenance(db, accountId, params.id, params.maintenanceId, body, actor);
  return ok(serializeMaintenance(v.occurrence, v.updates));
});

export const DELETE = apiRoute({ params: MaintenanceParams }, async ({ db, accountId, actor, params }) => {
  await skipMaintenance(db, accountId, params.id, params.maintenanceId, actor);
  return noContent();
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
