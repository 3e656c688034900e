import "server-only";
import { createHash } from "node:crypto";
import { getReadyDb, type Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { env } from "@/lib/env";
import { UnauthorizedError } from "@/lib/errors";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { hashToken, verifyPassword } from "@/lib/secrets/tokens";
import { findKeyByHash, listUnexpiredKeys } from "@/lib/status-pages/queries";
import { ACCESS_TTL_SECONDS, accessCookieHeader, grantFor, signGrant } from "./token";

/**
 * Private pages. Every protected page and route calls `hasPageAccess` / `assertPageAccess` itself;
 * proxy.ts only adds headers and is never the only guard.
 */
type AccessPage = Pick<StatusPage, "id" | "is_private" | "password_hash">;

export interface AccessInput {
  cookieHeader: string | null;
  authorization: string | null;
  /** `?key=` of the request URL */
  keyParam: string | null;
}

const passwordFingerprint = (hash: string) => createHash("sha256").update(hash).digest("base64url").slice(0, 16);

/** The credential a page key stands for ("k.<key id>"), or null. */
export async function matchKey(db: Db, pageId: string, raw: string): Promise<string | null> {
  const value = raw.trim();
  if (value === "" || value.length > 512) return null;
  const key = await findKeyByHash(db, pageId, hashToken(value), Date.now());
  return key ? `k.${key.id}` : null;
}

/** The page password's credential when `value` is it (a slow hash: callers throttle guesses first). */
export async function matchPassword(page: AccessPage, value: string): Promise<string | null> {
  if (!page.password_hash || value === "" || value.length > 512) return null;
  return (await verifyPassword(value, page.password_hash)) ? `p.${passwordFingerprint(page.password_hash)}` : null;
}

/**
 * The credentials that open the page now: each unexpired key ("k.<key id>") and the password ("p.<fingerprint>").
 * A grant whose credential is not among them (key revoked or expired, password changed) no longer opens it.
 */
export async function pageCredentials(db: Db, page: AccessPage): Promise<string[]> {
  const keys = (await listUnexpiredKeys(db, page.id, Date.now())).map((k) => `k.${k.id}`);
  return page.password_hash ? [...keys, `p.${passwordFingerprint(page.password_hash)}`] : keys;
}

function bearer(authorization: string | null): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  return m ? m[1] : null;
}

export async function checkPageAccess(db: Db, page: AccessPage, input: AccessInput): Promise<boolean> {
  if (!page.is_private) return true;
  const secret = await loadServerSecret(db);
  const grant = grantFor(input.cookieHeader, page.id, secret);
  if (grant && (await pageCredentials(db, page)).includes(grant.credential)) return true;
  // Badges, feeds and JSON are fetched without cookies: a page key (never the password) opens them.
  for (const raw of [bearer(input.authorization), input.keyParam]) {
    if (raw && (await matchKey(db, page.id, raw))) return true;
  }
  return false;
}

export function accessInputOf(request: Request): AccessInput {
  let keyParam: string | null = null;
  try {
    keyParam = new URL(request.url).searchParams.get("key");
  } catch {
    /* a relative or odd URL carries no key */
  }
  return { cookieHeader: request.headers.get("cookie"), authorization: request.headers.get("authorization"), keyParam };
}

/** For route handlers (badges, feeds, JSON ...): may this request read `page`? */
export async function hasPageAccess(page: AccessPage, request: Request): Promise<boolean> {
  if (!page.is_private) return true;
  return checkPageAccess(await getReadyDb(), page, accessInputOf(request));
}

/** Throws UnauthorizedError (401) when the request may not read this page. */
export async function assertPageAccess(page: AccessPage, request: Request): Promise<void> {
  if (!(await hasPageAccess(page, request))) throw new UnauthorizedError("This status page is private: a page key or password is required");
}

/**
 * The Set-Cookie header that keeps `credential` open on this browser for 30 days, or until its key expires: the front
 * cache checks a stored private copy's visitors by the grant alone (lib/front-cache/private.ts), without the database.
 */
export async function accessCookieFor(db: Db, pageId: string, credential: string): Promise<string> {
  const secret = await loadServerSecret(db);
  const keyExpiry = credential.startsWith("k.") ? (await listUnexpiredKeys(db, pageId, Date.now())).find((k) => `k.${k.id}` === credential)?.expires_at : null;
  const expires = Math.min(Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS, keyExpiry == null ? Infinity : Math.floor(keyExpiry / 1000));
  const value = signGrant({ pageId, credential, expires }, secret);
  return accessCookieHeader(pageId, value, env.HELIOGRAPH_PUBLIC_URL.startsWith("https:"));
}
