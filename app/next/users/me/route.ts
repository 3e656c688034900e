import { apiRoute, ok } from "@/lib/http/route";
import { serializeKeyActor } from "@/lib/api-keys/serialize";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

/** The caller: the API key itself (Heliograph has no user logins). */
export const GET = apiRoute({}, async ({ apiKey }) => ok(serializeKeyActor(apiKey)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
