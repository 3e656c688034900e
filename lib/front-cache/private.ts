import type { IncomingMessage } from "node:http";
import type { OutgoingHttpHeader } from "node:http";
import { grantFor } from "../access/token";

/**
 * Private pages in the front cache: a render is the same for every visitor let in, so it is stored with the credentials
 * that opened it (lib/cache/headers.ts) and served only to a signed access cookie naming one: the app's check, without
 * the database. Revoking a key or changing the password bumps the page's tags, invalidating it on every instance.
 */
export interface EntryAccess {
  pageId: string;
  credentials: ReadonlySet<string>;
}

/** The access rule a render declared, or undefined for a public response. */
export function parseAccess(value: OutgoingHttpHeader | undefined): EntryAccess | undefined {
  if (value === undefined) return undefined;
  const [pageId, ...credentials] = String(value).trim().split(/\s+/);
  return pageId ? { pageId, credentials: new Set(credentials) } : undefined;
}

/** Parsed, not pattern-matched: `?%6Bey=` is a `key` parameter too. */
function hasKeyParam(url: string): boolean {
  const q = url.indexOf("?");
  return q >= 0 && new URLSearchParams(url.slice(q + 1)).has("key");
}

/**
 * Whether this request may get the stored private answer. Without the server secret (not loaded in this
 * process yet), with a `?key=` (its exchange for a cookie is the app's) or without a valid grant: no, and
 * the request goes to the app, which answers it (401 and the unlock form, or the key's redirect).
 */
export function mayServe(access: EntryAccess, req: IncomingMessage, secret: string | undefined): boolean {
  if (!secret || hasKeyParam(req.url ?? "")) return false;
  const cookie = req.headers.cookie;
  const grant = grantFor(cookie === undefined ? null : cookie, access.pageId, secret);
  return grant !== null && access.credentials.has(grant.credential);
}
