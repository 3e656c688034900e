import { apiRoute, ok } from "@/lib/http/route";
import { serializeAccount } from "@/lib/accounts/serialize";
import { getAccountOrThrow } from "@/lib/accounts/service";

export const dynamic = "force-dynamic";

/** The key's own account, as a one-element array (the vendor's shape). */
export const GET = apiRoute({}, async ({ db, accountId }) => ok([serializeAccount(await getAccountOrThrow(db, accountId))]));
