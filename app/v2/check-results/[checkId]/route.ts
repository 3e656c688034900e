import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { listCheckResults } from "@/lib/results/read";
import { CheckIdParams, CheckResultsQuery } from "@/lib/results/schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: CheckIdParams, query: CheckResultsQuery }, async ({ db, accountId, params, query, cursors }) => ok(await listCheckResults(db, accountId, params.checkId, query, cursors)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
