import { headers } from "next/headers";
import { getAuth, OIDC_PROVIDER_ID } from "@/lib/operators/auth";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

/** Starts OIDC sign-in: the provider's address, with the library's state cookie; it comes back to /console only. */
export async function GET(): Promise<Response> {
  if (!env.HELIOGRAPH_OIDC_ISSUER) return new Response("Not Found", { status: 404 });
  const auth = await getAuth();
  const { headers: set, response } = await auth.api.signInSocial({
    body: { provider: OIDC_PROVIDER_ID, callbackURL: "/console", errorCallbackURL: "/console/sign-in", disableRedirect: true },
    headers: await headers(),
    returnHeaders: true,
  });
  const out = new Headers({ Location: response.url ?? "/console/sign-in", "Cache-Control": "no-store" });
  for (const c of set.getSetCookie()) out.append("Set-Cookie", c);
  return new Response(null, { status: 303, headers: out });
}
