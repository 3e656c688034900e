import { apiRoute, created } from "@/lib/http/route";
import { CreateMaintenanceUpdateInput, MaintenanceParams } from "@/lib/maintenance/schema";
import { serializeMaintenanceUpdate } from "@/lib/maintenance/serialize";
import { addMaintenanceUpdate } from "@/lib/maintenance/occurrence-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ params: MaintenanceParams, body: CreateMaintenanceUpdateInput }, async ({ db, accountId, actor, params, body }) =>
  created(serializeMaintenanceUpdate(await addMaintenanceUpdate(db, accountId, params.id, params.maintenanceId, body, actor))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
