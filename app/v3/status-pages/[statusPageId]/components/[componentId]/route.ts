import { apiRoute, noContent, ok } from "@/lib/http/route";
import { ComponentMutation, ComponentParams } from "@/lib/components/schema";
import { serializeComponent } from "@/lib/components/serialize";
import { deleteComponent, getComponentOrThrow, updateComponent } from "@/lib/components/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: ComponentParams }, async ({ db, accountId, params }) =>
  ok(serializeComponent(await getComponentOrThrow(db, accountId, params.statusPageId, params.componentId))),
);

export const PUT = apiRoute({ params: ComponentParams, body: ComponentMutation }, async ({ db, accountId, params, body }) =>
  ok(serializeComponent(await updateComponent(db, accountId, params.statusPageId, params.componentId, body))),
);

export const DELETE = apiRoute({ params: ComponentParams }, async ({ db, accountId, params }) => {
  await deleteComponent(db, accountId, params.statusPageId, params.componentId);
  return noContent();
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
