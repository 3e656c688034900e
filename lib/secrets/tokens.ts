import "server-only";
import { createHash, randomBytes, scrypt as scryptCb } from "node:crypto";
import { promisify } from "node:util";
import { safeEqual } from "./compare";

export { safeEqual };

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** A random token with a readable prefix, e.g. `hg_…` for API keys and `hgp_…` for page keys. */
export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(24).toString("base64url")}`;
}

/** Tokens are high-entropy, so a fast hash is enough and lets the hash be the lookup key. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function maskToken(token: string, prefixLength: number): string {
  return `${token.slice(0, prefixLength)}${"*".repeat(8)}${token.slice(-4)}`;
}

/** Passwords are low-entropy: a salted, slow hash. Format `scrypt$<salt>$<hash>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), 32);
  return safeEqual(actual.toString("base64url"), hash);
}
