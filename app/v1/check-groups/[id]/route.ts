import { deleteGroupRoute, getGroupRoute } from "@/lib/check-groups/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = getGroupRoute;
export const DELETE = deleteGroupRoute;
export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
