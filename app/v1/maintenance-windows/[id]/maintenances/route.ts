import { apiRoute, ok } from "@/lib/http/route";
import { MaintenanceListQuery, WindowIdParams } from "@/lib/maintenance/schema";
import { serializeMaintenance } from "@/lib/maintenance/serialize";
import { listMaintenances } from "@/lib/maintenance/occurrence-service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: WindowIdParams, query: MaintenanceListQuery }, async ({ db, accountId, params, query }) =>
  ok((await listMaintenances(db, accountId, params.id, query.limit, query.page)).map((v) => serializeMaintenance(v.occurrence, v.updates))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
