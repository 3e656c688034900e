/**
 * The request header proxy.ts passes to the page it routes to: the prefix of in-page links. It is
 * deleted from every incoming request first, and pages validate it (validBase), so it cannot be forged.
 */
export const BASE_HEADER = "x-heliograph-base";
/** BASE_HEADER's value on a custom domain, where in-page links start at "/" (base ""). */
export const DOMAIN_BASE = "domain";

export const TENANCY_HEADERS = [BASE_HEADER, "x-heliograph-page", "x-heliograph-subpath"] as const;
