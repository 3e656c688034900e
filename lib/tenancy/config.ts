import { env } from "@/lib/env";
import type { TenancyConfig } from "./route";

/** The routing configuration from the environment. */
export const tenancyConfig = (): TenancyConfig => ({
  publicOrigin: new URL(env.HELIOGRAPH_PUBLIC_URL).origin,
  trustProxy: env.HELIOGRAPH_TRUST_PROXY,
  rootRedirect: env.HELIOGRAPH_ROOT_REDIRECT ?? null,
});
