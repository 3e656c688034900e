import "server-only";
import { DAY_MS } from "@/lib/time/units";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { safeEqual } from "@/lib/secrets/tokens";

/*
 * Links and codes are HMACs under keys derived from the server secret, so they need no table of their own.
 * A confirmation binds the subscriber's verify nonce (a new confirmation voids older links and codes); manage
 * links bind its token nonce (a new subscription voids links of the old one).
 */
interface Keys {
  sign: Buffer;
  encrypt: Buffer;
}
let cached: { secret: string; keys: Keys } | undefined;

export async function subscriptionKeys(db: Db): Promise<Keys> {
  const secret = await loadServerSecret(db);
  if (cached?.secret !== secret) {
    const derive = (info: string) => Buffer.from(hkdfSync("sha256", secret, "heliograph", info, 32));
    cached = { secret, keys: { sign: derive("subscription links"), encrypt: derive("subscriber secrets") } };
  }
  return cached.keys;
}

const mac = (keys: Keys, text: string) => createHmac("sha256", keys.sign).update(text).digest("base64url").slice(0, 32);

export const CONFIRM_TTL_MS = DAY_MS;
/**
 * Manage and unsubscribe links work this long after the message that carried them (each message carries
 * fresh ones), and only while the subscription they were sent for lasts: they bind its token nonce, which
 * changes on unsubscribe and on re-subscribe. Longer than the 30 days anti-spam laws ask an opt-out to work.
 */
export const MANAGE_TTL_MS = 180 * DAY_MS;

type Purpose = "confirm" | "manage";
interface SignedToken {
  id: string;
  exp: number;
  sig: string;
}

/** `<subscriber id>.<expiry, epoch s>.<HMAC of purpose, id, expiry and the subscriber's current nonce>` */
export function signedToken(keys: Keys, purpose: Purpose, id: string, nonce: string, expiresAt: number): string {
  const exp = Math.floor(expiresAt / 1000);
  return `${id}.${exp}.${mac(keys, `${purpose}|${id}|${exp}|${nonce}`)}`;
}

/** The subscriber id a token names; whether it holds is for signedTokenValid, once that subscriber's nonce is read. */
export function parseSignedToken(token: string): SignedToken | null {
  const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  return m ? { id: m[1], exp: Number(m[2]), sig: m[3] } : null;
}

export function signedTokenValid(keys: Keys, purpose: Purpose, parsed: SignedToken, nonce: string | null, now = Date.now()): boolean {
  if (!nonce || parsed.exp * 1000 < now) return false;
  return safeEqual(mac(keys, `${purpose}|${parsed.id}|${parsed.exp}|${nonce}`), parsed.sig);
}

/** Signed reference to a subscriber for the SMS code-entry page (the code itself is bound to the confirmation nonce). */
export function refToken(keys: Keys, purpose: "sms", id: string): string {
  return `${id}.${mac(keys, `${purpose}|${id}`)}`;
}

export function parseRefToken(keys: Keys, purpose: "sms", token: string): string | null {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  return safeEqual(mac(keys, `${purpose}|${m[1]}`), m[2]) ? m[1] : null;
}

export function smsCode(keys: Keys, id: string, nonce: string): string {
  const n = createHmac("sha256", keys.sign).update(`sms|${id}|${nonce}`).digest().readUInt32BE(0) % 1_000_000;
  return String(n).padStart(6, "0");
}

export const newNonce = () => randomBytes(12).toString("base64url");

/** Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

export function encryptSecret(keys: Keys, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", keys.encrypt, iv);
  const ct = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return `v1.${iv.toString("base64url")}.${c.getAuthTag().toString("base64url")}.${ct.toString("base64url")}`;
}

export function decryptSecret(keys: Keys, stored: string): string {
  const [v, iv, tag, ct] = stored.split(".");
  if (v !== "v1" || !iv || !tag || ct === undefined) throw new Error("unreadable subscriber secret");
  const d = createDecipheriv("aes-256-gcm", keys.encrypt, Buffer.from(iv, "base64url"));
  d.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([d.update(Buffer.from(ct, "base64url")), d.final()]).toString("utf8");
}
