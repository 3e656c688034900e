import { deleteCheckRoute, getCheckRoute } from "@/lib/checks/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = getCheckRoute(1);
export const DELETE = deleteCheckRoute;
export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
