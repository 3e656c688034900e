import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { setContentRange, withContentRange } from "@/lib/checks/http";
import { listCheckResultsV1 } from "@/lib/results/read";
import { CheckIdParams, CheckResultsV1Query } from "@/lib/results/schema";

export const dynamic = "force-dynamic";

// Deprecated by the vendor for /v2/check-results; page/limit with Content-Range like the other v1 lists.
export const GET = withContentRange(
  apiRoute({ params: CheckIdParams, query: CheckResultsV1Query }, async ({ req, db, accountId, params, query }) => {
    const { entries, first, total } = await listCheckResultsV1(db, accountId, params.checkId, query);
    setContentRange(req, first, entries.length, total);
    return ok(entries);
  }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
