import { createHmac } from "node:crypto";
import { safeEqual } from "@/lib/secrets/compare";

/**
 * The signed value of a private page's access cookie: which page, until when, and which credential
 * opened it (so revoking that key or changing the password closes the page again).
 */
export const ACCESS_TTL_SECONDS = 30 * 86_400;

export interface AccessGrant {
  pageId: string;
  /** "k.<key id>" or "p.<password fingerprint>" */
  credential: string;
  /** epoch seconds */
  expires: number;
}

const mac = (secret: string, body: string) => createHmac("sha256", secret).update(`hg-access|${body}`).digest("base64url");

export function signGrant(grant: AccessGrant, secret: string): string {
  const body = `${grant.pageId}~${grant.expires}~${grant.credential}`;
  return `${body}~${mac(secret, body)}`;
}

/*
 * The MACs of grants that verified, by their public body: a cached private page checks its visitor's cookie on every
 * request, and the HMAC was most of that check. The sent signature is still compared in constant time; only bodies
 * that matched are kept (forged cookies cannot fill it), under their secret. Bounded: cleared whole when full.
 */
const VERIFIED_MAX = 10_000;
let verifiedSecret: string | undefined;
const verified = new Map<string, string>();

function verifies(secret: string, body: string, sig: string): boolean {
  if (secret !== verifiedSecret) {
    verified.clear();
    verifiedSecret = secret;
  }
  const kept = verified.get(body);
  if (kept !== undefined) return safeEqual(sig, kept);
  const expected = mac(secret, body);
  if (!safeEqual(sig, expected)) return false;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(body, expected);
  return true;
}

export function readGrant(token: string | undefined | null, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessGrant | null {
  if (!token || token.length > 400) return null;
  const parts = token.split("~");
  if (parts.length !== 4) return null;
  const [pageId, expiresText, credential, sig] = parts;
  if (!verifies(secret, `${pageId}~${expiresText}~${credential}`, sig)) return null;
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires <= nowSeconds) return null;
  return { pageId, credential, expires };
}

/** One cookie per page, so a visitor can hold several private pages of the same server at once. */
export const accessCookieName = (pageId: string) => `hg_access_${pageId.replaceAll("-", "")}`;

export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The verified grant this request's cookie holds for `pageId`, or null (absent, forged, expired, another
 * page's). Pure: the app and the front cache both check a visitor with it, then compare its credential
 * with the page's current ones (`pageCredentials`).
 */
export function grantFor(cookieHeader: string | null, pageId: string, secret: string): AccessGrant | null {
  const grant = readGrant(readCookie(cookieHeader, accessCookieName(pageId)), secret);
  return grant !== null && grant.pageId === pageId ? grant : null;
}

export function accessCookieHeader(pageId: string, value: string, secure: boolean): string {
  const attrs = [`${accessCookieName(pageId)}=${value}`, "Path=/", `Max-Age=${ACCESS_TTL_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}
