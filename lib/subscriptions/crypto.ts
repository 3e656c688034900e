import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { safeEqual } from "@/lib/secrets/tokens";

/*
 * Links and codes are HMACs under keys derived from the server secret, so they need no table of their own.
 * A confirmation binds the subscriber's current nonce: sending a new one makes older links and codes useless.
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

export const CONFIRM_TTL_MS = 24 * 3_600_000;

export function confirmToken(keys: Keys, id: string, nonce: string, expiresAt: number): string {
  const exp = Math.floor(expiresAt / 1000);
  return `${id}.${exp}.${mac(keys, `confirm|${id}|${exp}|${nonce}`)}`;
}

/** The subscriber id a confirmation token names, when its signature (under that subscriber's nonce) and expiry hold. */
export function parseConfirmToken(token: string): { id: string; exp: number; sig: string } | null {
  const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  return m ? { id: m[1], exp: Number(m[2]), sig: m[3] } : null;
}

export function confirmTokenValid(keys: Keys, parsed: { id: string; exp: number; sig: string }, nonce: string | null, now = Date.now()): boolean {
  if (!nonce || parsed.exp * 1000 < now) return false;
  return safeEqual(mac(keys, `confirm|${parsed.id}|${parsed.exp}|${nonce}`), parsed.sig);
}

/** Signed reference to a subscriber for one purpose: the manage link, or the SMS code-entry page. */
export function refToken(keys: Keys, purpose: "manage" | "sms", id: string): string {
  return `${id}.${mac(keys, `${purpose}|${id}`)}`;
}

export function parseRefToken(keys: Keys, purpose: "manage" | "sms", token: string): string | null {
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
