import { apiRoute, created, ok } from "@/lib/http/route";
import { CursorQuery, cursorPage } from "@/lib/http/pagination";
import { StatusPageIdParams } from "@/lib/status-pages/schema";
import { ComponentMutation } from "@/lib/components/schema";
import { serializeComponent } from "@/lib/components/serialize";
import { createComponent, listComponents } from "@/lib/components/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: StatusPageIdParams, query: CursorQuery }, async ({ db, accountId, params, query, cursors }) => {
  const list = `v3-components:${params.statusPageId}`;
  const { rows, next } = await listComponents(db, accountId, params.statusPageId, { limit: query.limit, after: cursors.decode(list, query.nextId) });
  return ok(cursorPage(rows.map(serializeComponent), cursors.encode(list, next)));
});

export const POST = apiRoute({ params: StatusPageIdParams, body: ComponentMutation }, async ({ db, accountId, params, body }) =>
  created(serializeComponent(await createComponent(db, accountId, params.statusPageId, body))),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
