import { apiRoute, ok } from "@/lib/http/route";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { CreateServiceInput } from "@/lib/services/schema";
import { serializeService } from "@/lib/services/serialize";
import { createService, listServices } from "@/lib/services/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: CursorQuery }, async ({ db, accountId, query, cursors }) => {
  const { rows, next } = await listServices(db, accountId, { limit: query.limit, after: cursors.decode("services", query.nextId) });
  return ok(cursorPage(rows.map(serializeService), cursors.encode("services", next)));
});

// 200, not 201: the vendor's API answers this create with 200 and its clients check for it.
export const POST = apiRoute({ body: CreateServiceInput }, async ({ db, accountId, body }) => ok(serializeService(await createService(db, accountId, body))));

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
