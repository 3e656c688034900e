import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { getCheckStatus } from "@/lib/results/read";
import { CheckIdParams } from "@/lib/results/schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: CheckIdParams }, async ({ db, accountId, params }) => ok(await getCheckStatus(db, accountId, params.checkId)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
