import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { apiRoute, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { otherMethods } from "@/lib/http/other-methods";
import { serializeEvent } from "@/lib/integrations/serialize";
import { listIntegrationEvents } from "@/lib/integrations/service";

export const dynamic = "force-dynamic";

/** Its recent events (the newest EVENTS_KEPT), newest first, each with the decisions taken on it. */
export const GET = apiRoute({ params: IdParams, query: CursorQuery }, async ({ db, accountId, params, query, cursors }) => {
  const list = `integration-events:${params.id}`;
  const { rows, next } = await listIntegrationEvents(db, accountId, params.id, { limit: query.limit, after: cursors.decode(list, query.nextId) });
  return ok(cursorPage(rows.map(serializeEvent), cursors.encode(list, next)));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
