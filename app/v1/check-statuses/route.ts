import { apiRoute, ok } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/other-methods";
import { listCheckStatuses } from "@/lib/results/read";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async ({ db, accountId }) => ok(await listCheckStatuses(db, accountId)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
