import { apiRoute, ok } from "@/lib/http/route";
import { AccountIdParams } from "@/lib/accounts/schema";
import { serializeNextAccount } from "@/lib/accounts/serialize";
import { getOwnAccountOrThrow } from "@/lib/accounts/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** The vendor's client checks its key with this before every command. */
export const GET = apiRoute({ params: AccountIdParams }, async ({ db, accountId, params }) =>
  ok(serializeNextAccount(await getOwnAccountOrThrow(db, accountId, params.accountId))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
