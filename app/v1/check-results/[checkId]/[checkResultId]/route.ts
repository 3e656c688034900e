import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { getCheckResult } from "@/lib/results/read";
import { CheckResultParams } from "@/lib/results/schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: CheckResultParams }, async ({ db, accountId, params }) => ok(await getCheckResult(db, accountId, params.checkId, params.checkResultId)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
