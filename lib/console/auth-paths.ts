import { AUTH_BASE_PATH, OIDC_PROVIDER_ID } from "@/lib/operators/auth";

/**
 * Every other library route stays closed: sign-in, reset and sign-out go through the console's own actions, which
 * throttle, check the origin and audit; what is open here is reached by a link or a provider's redirect.
 */
const SERVED = [
  { method: "GET", path: `${AUTH_BASE_PATH}/magic-link/verify` },
  { method: "GET", path: `${AUTH_BASE_PATH}/callback/${OIDC_PROVIDER_ID}` },
];

export const isServedAuthPath = (method: string, pathname: string) => SERVED.some((s) => s.method === method && s.path === pathname);
