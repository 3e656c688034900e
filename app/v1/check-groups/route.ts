import { listGroupsRoute } from "@/lib/check-groups/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = listGroupsRoute;
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
