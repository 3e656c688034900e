import { updateCheckRoute } from "@/lib/checks/http";
import { otherMethods } from "@/lib/http/other-methods";

export const dynamic = "force-dynamic";

export const PUT = updateCheckRoute("URL");
export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
