import { apiRoute, ok } from "@/lib/http/route";
import { serializeAccount } from "@/lib/accounts/serialize";
import { getAccountOrThrow } from "@/lib/accounts/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** The key's own account, with its default alert settings. */
export const GET = apiRoute({}, async ({ db, accountId }) => ok(serializeAccount(await getAccountOrThrow(db, accountId))));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
