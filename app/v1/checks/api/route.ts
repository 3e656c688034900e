import { createCheckRoute } from "@/lib/checks/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const POST = createCheckRoute("API");
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
