import { apiRoute, noContent } from "@/lib/http/route";
import { PageKeyParams } from "@/lib/status-pages/schema";
import { revokePageKey } from "@/lib/status-pages/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ params: PageKeyParams }, async ({ db, accountId, params }) => {
  await revokePageKey(db, accountId, params.id, params.keyId);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
