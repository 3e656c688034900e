import { apiRoute, ok } from "@/lib/http/route";
import { serializeNextAccount } from "@/lib/accounts/serialize";
import { getAccountOrThrow } from "@/lib/accounts/service";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** The accounts the key may use (its own), as the vendor's client lists them at `login`. */
export const GET = apiRoute({}, async ({ db, accountId }) => ok([serializeNextAccount(await getAccountOrThrow(db, accountId))]));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
