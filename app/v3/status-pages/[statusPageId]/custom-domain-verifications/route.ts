import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { StatusPageIdParams } from "@/lib/status-pages/schema";
import { getDomainVerification } from "@/lib/status-pages/domain-verification";
import { serializeDomainVerification } from "@/lib/status-pages/serialize";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: StatusPageIdParams }, async ({ db, accountId, params }) =>
  ok(serializeDomainVerification(await getDomainVerification(db, accountId, params.statusPageId, { version: 3 }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
