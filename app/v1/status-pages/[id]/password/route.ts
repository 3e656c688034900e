import { apiRoute, noContent } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { SetStatusPagePasswordInput } from "@/lib/status-pages/schema";
import { setPagePassword } from "@/lib/status-pages/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const PUT = apiRoute({ params: IdParams, body: SetStatusPagePasswordInput }, async ({ db, accountId, params, body }) => {
  await setPagePassword(db, accountId, params.id, body.password);
  return noContent();
});

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
