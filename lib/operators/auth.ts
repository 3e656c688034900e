import "server-only";
import { betterAuth } from "better-auth";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getReadyDb, dialectOf, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/runtime/process-state";
import { derivedKey } from "@/lib/secrets/encryption";
import { admitOidcIdentity, onOidcUserCreated } from "./oidc";
import { sendConsoleMail } from "./mail";

/** Where the library's own routes are served (app/console/api/auth): under /console, so one path stays reserved. */
export const AUTH_BASE_PATH = "/console/api/auth";
export const OIDC_PROVIDER_ID = "oidc";
const HOUR = 3600;

/** One-time sign-in links asked for by the CLI: handed back to it instead of being e-mailed. */
const linkCollectors = processSlot<Map<string, (url: string) => void>>("console-links").getOrCreate(() => new Map());
export function collectLink(nonce: string, onLink: (url: string) => void): () => void {
  linkCollectors.set(nonce, onLink);
  return () => linkCollectors.delete(nonce);
}

function build(db: Db) {
  const publicUrl = new URL(env.HELIOGRAPH_PUBLIC_URL);
  const oidc = env.HELIOGRAPH_OIDC_ISSUER && env.HELIOGRAPH_OIDC_CLIENT_ID && env.HELIOGRAPH_OIDC_CLIENT_SECRET
    ? [{
        providerId: OIDC_PROVIDER_ID,
        discoveryUrl: `${env.HELIOGRAPH_OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
        clientId: env.HELIOGRAPH_OIDC_CLIENT_ID,
        clientSecret: env.HELIOGRAPH_OIDC_CLIENT_SECRET,
        scopes: ["openid", "email", "profile"],
        pkce: true,
      }]
    : [];
  return betterAuth({
    appName: "Heliograph",
    // Links and redirects are built from the configured address, never from a request's Host.
    baseURL: publicUrl.origin,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: [publicUrl.origin],
    secret: derivedKey("console-auth").toString("hex"),
    database: { db, type: dialectOf(db) === "postgres" ? "postgres" : "sqlite" },
    user: { modelName: "auth_users" },
    session: { modelName: "auth_sessions", expiresIn: 7 * 24 * HOUR, updateAge: 24 * HOUR },
    account: { modelName: "auth_accounts", accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER_ID] } },
    verification: { modelName: "auth_verifications" },
    emailAndPassword: {
      enabled: true,
      // Operators come from invitations and the CLI only.
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = new URL(`/console/reset-password?token=${encodeURIComponent(token)}`, publicUrl.origin).toString();
        await sendConsoleMail(user.email, "Reset your Heliograph password", `Someone asked to reset the password of ${user.email} on Heliograph. To choose a new one, open this link within an hour:`, url);
      },
    },
    // Sign-in is throttled per address and per account by the console's own verb (./throttle.ts); the library's
    // per-IP limiter guards its own routes as well.
    rateLimit: { enabled: true, window: 60, max: 100 },
    advanced: {
      useSecureCookies: publicUrl.protocol === "https:",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: ["x-heliograph-client-address"] },
    },
    logger: { level: "error", log: (level, message) => log[level === "debug" ? "debug" : level]({ lib: "better-auth" }, message.split("\n")[0].slice(0, 300)) },
    databaseHooks: {
      user: {
        create: {
          // An identity from the OIDC provider is admitted only when invited or from a listed domain.
          before: async (user, ctx) => (ctx?.path?.startsWith("/callback/") && !(await admitOidcIdentity(db, user)) ? false : { data: user }),
          after: async (user, ctx) => {
            if (ctx?.path?.startsWith("/callback/")) await onOidcUserCreated(db, user);
          },
        },
      },
    },
    plugins: [
      magicLink({
        disableSignUp: true,
        storeToken: "hashed",
        expiresIn: 24 * HOUR,
        sendMagicLink: async ({ url, metadata }) => {
          const collect = typeof metadata?.nonce === "string" ? linkCollectors.get(metadata.nonce) : undefined;
          if (!collect) throw new Error("sign-in links are only handed out by the server itself");
          collect(url);
        },
      }),
      twoFactor({ issuer: "Heliograph", schema: { twoFactor: { modelName: "auth_two_factors" } } }),
      genericOAuth({ config: oidc }),
      nextCookies(),
    ],
  });
}

export type ConsoleAuth = ReturnType<typeof build>;

const slot = processSlot<Promise<ConsoleAuth>>("console-auth");

/** The process's sign-in library, on the process's store. */
export function getAuth(): Promise<ConsoleAuth> {
  return slot.getOrCreate(async () => build(await getReadyDb()));
}

/** Tests: the environment changed (another store, another OIDC issuer). */
export function forgetAuth(): void {
  slot.set(undefined);
}
