import { apiRoute, ok } from "@/lib/http/route";
import { IdParams } from "@/lib/http/wire";
import { otherMethods } from "@/lib/http/other-methods";
import { getDomainVerification } from "@/lib/status-pages/domain-verification";
import { serializeDomainVerification } from "@/lib/status-pages/serialize";

export const dynamic = "force-dynamic";

/** Heliograph's: the vendor's v3 operation, for v1 and v3 pages alike. */
export const GET = apiRoute({ params: IdParams }, async ({ db, accountId, params }) => ok(serializeDomainVerification(await getDomainVerification(db, accountId, params.id))));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
