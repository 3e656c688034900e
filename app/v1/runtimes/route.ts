import { listRuntimesRoute } from "@/lib/checks/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = listRuntimesRoute;
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
