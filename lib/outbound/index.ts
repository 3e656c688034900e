import { env } from "@/lib/env";
import { createGuard, type Guard } from "./guard";

export { createGuard, OutboundRefusedError, systemResolver, type CheckedUrl, type Guard, type Resolver } from "./guard";
export { postChecked, parseRetryAfter, type OutboundResponse } from "./request";
export { refusedAddress, parseAllowList } from "./ip";

let shared: Guard | undefined;
/** The process-wide guard, with the operator's allow-list. */
export function defaultGuard(): Guard {
  shared ??= createGuard({ allow: env.HELIOGRAPH_OUTBOUND_ALLOWLIST });
  return shared;
}
