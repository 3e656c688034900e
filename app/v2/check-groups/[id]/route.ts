import { replaceGroupRoute } from "@/lib/check-groups/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const PUT = replaceGroupRoute;
export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
