import { apiRoute, created, ok } from "@/lib/http/route";
import { CreateMaintenanceWindowInput, filterOf, MaintenanceWindowQuery } from "@/lib/maintenance/schema";
import { serializeWindow } from "@/lib/maintenance/serialize";
import { createWindow, listWindows } from "@/lib/maintenance/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: MaintenanceWindowQuery }, async ({ db, accountId, query }) =>
  ok((await listWindows(db, accountId, filterOf(query), query.limit, query.page)).map(serializeWindow)),
);

export const POST = apiRoute({ body: CreateMaintenanceWindowInput }, async ({ db, accountId, body }) => created(serializeWindow(await createWindow(db, accountId, body))));

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
