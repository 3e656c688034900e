import { apiRoute, ok } from "@/lib/http/route";
import { serializeEntitlements } from "@/lib/accounts/serialize";
import { usageOf } from "@/lib/accounts/limits";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async ({ db, accountId }) => ok(serializeEntitlements(await usageOf(db, accountId))));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
