import "server-only";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { accessCookieFor, matchKey, matchPassword } from "./index";
import { recordFailure, recordSuccess, retryAfter } from "./throttle";
import { clientAddressOf as clientAddress } from "./client-address";
import { PayloadTooLargeError } from "@/lib/errors";
import { readLimitedText } from "@/lib/http/body";

/**
 * The unlock form's POST (<page>/access): a right key or password sets the access cookie and goes
 * back to where the visitor was; a wrong one goes back with ?denied=1; too many wrong ones → 429.
 */
const MAX_BODY = 8 * 1024;

export type UnlockResult =
  | { kind: "redirect"; location: string; setCookie?: string }
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "error"; status: 400 | 413 | 415; message: string };

/** The form's fields, or null when the body is over the limit. */
async function readBody(request: Request): Promise<string | null> {
  try {
    return await readLimitedText(request, MAX_BODY);
  } catch (err) {
    if (err instanceof PayloadTooLargeError) return null;
    throw err;
  }
}

// C0/C1 controls and line separators, raw or percent-encoded: nothing a path needs, and header-splitting material.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|%(?:[01][0-9a-f]|7f)/i;
// Characters a path or query may carry as they are; everything else is percent-encoded as UTF-8.
const PLAIN = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

/** Percent-encodes every character outside PLAIN (keeping valid %XX escapes); null for text that is not Unicode. */
function encodeTarget(text: string): string | null {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (PLAIN.test(ch)) out += ch;
    else if (ch === "%") out += /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3)) ? "%" : "%25";
    else {
      const cp = text.codePointAt(i)!;
      const char = String.fromCodePoint(cp);
      // A lone surrogate is no character at all: encodeURIComponent refuses it, and so do we.
      if (cp >= 0xd800 && cp <= 0xdfff) return null;
      out += encodeURIComponent(char);
      i += char.length - 1;
    }
  }
  return out;
}

/**
 * "" (the page itself), "?…" or "/…" below the page, as visible ASCII a Location header always takes;
 * anything else becomes "". Non-ASCII is percent-encoded (the locked page builds `next` from the decoded path).
 */
export function safeNext(raw: unknown): string {
  if (typeof raw !== "string" || raw.length > 2000 || /[\\\s]/.test(raw) || CONTROL.test(raw)) return "";
  const target = raw.split("#")[0];
  if (!target.startsWith("?") && (!target.startsWith("/") || target.startsWith("//"))) return "";
  // Dot segments (also percent-encoded) or an empty segment could climb out of the page's base, or
  // become a scheme-relative "//host" once the redirect URL is normalized: an open redirect.
  const path = target.split("?")[0];
  if (path.includes("//") || path.split("/").some((seg) => /^(?:\.|%2e){1,2}$/i.test(seg))) return "";
  return encodeTarget(target) ?? "";
}

function withDenied(target: string): string {
  const u = new URL(target, "http://x");
  u.searchParams.set("denied", "1");
  return `${u.pathname}${u.search}`;
}

export async function handleUnlock(db: Db, page: StatusPage, base: string, request: Request): Promise<UnlockResult> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    return { kind: "error", status: 415, message: "Send the form as application/x-www-form-urlencoded." };
  }
  const body = await readBody(request);
  if (body === null) return { kind: "error", status: 413, message: "The form is too large." };
  const form = new URLSearchParams(body);
  const next = safeNext(form.get("next") ?? "");
  const path = `${base}${next}`;
  const target = path.startsWith("/") ? path : `/${path}`;
  if (!page.is_private) return { kind: "redirect", location: target };
  const secret = form.get("secret");
  if (typeof secret !== "string" || secret.trim() === "") return { kind: "redirect", location: withDenied(target) };

  const subject = { client: clientAddress(request.headers), pageId: page.id };
  const value = secret.trim();
  // Page keys carry 192 random bits, so there is no guessing to slow down: a right key opens the page
  // even while password guesses are locked out, and a page-wide lock never shuts out key holders.
  const key = await matchKey(db, page.id, value);
  if (key) return { kind: "redirect", location: target, setCookie: await accessCookieFor(db, page.id, key) };
  const wait = await retryAfter(subject);
  if (wait > 0) return { kind: "throttled", retryAfterSeconds: wait };
  const credential = await matchPassword(page, value);
  if (!credential) {
    await recordFailure(subject);
    return { kind: "redirect", location: withDenied(target) };
  }
  await recordSuccess(subject);
  return { kind: "redirect", location: target, setCookie: await accessCookieFor(db, page.id, credential) };
}
