import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { StatusPageIdParams } from "@/lib/status-pages/schema";
import { recheckDomain } from "@/lib/status-pages/domain-verification";
import { serializeDomainVerification } from "@/lib/status-pages/serialize";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ params: StatusPageIdParams }, async ({ db, accountId, params }) =>
  ok(serializeDomainVerification(await recheckDomain(db, accountId, params.statusPageId, { version: 3 }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
