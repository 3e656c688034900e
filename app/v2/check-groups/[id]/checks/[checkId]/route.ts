import { groupCheckRoute } from "@/lib/check-groups/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = groupCheckRoute;
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
