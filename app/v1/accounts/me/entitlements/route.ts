import { apiRoute, ok } from "@/lib/http/route";
import { serializeEntitlements } from "@/lib/accounts/serialize";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async () => ok(serializeEntitlements()));
