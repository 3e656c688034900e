import { createGroupRoute } from "@/lib/check-groups/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const POST = createGroupRoute;
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
