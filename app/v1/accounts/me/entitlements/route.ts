import { apiRoute, ok } from "@/lib/http/route";
import { serializeEntitlements } from "@/lib/accounts/serialize";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async () => ok(serializeEntitlements()));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
