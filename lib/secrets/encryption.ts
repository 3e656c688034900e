import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { env } from "@/lib/env";
import { ConfigError } from "@/lib/errors/config-error";

/**
 * The one key for every stored secret (check variables, TOTP secrets, the console's signing secret). It never lives in
 * the database it protects: HELIOGRAPH_ENCRYPTION_KEY, or on the embedded store a file beside the database (mode 0600)
 * made on first start. PostgreSQL serves several instances, which must all share one key: there it is required.
 */
let loaded: Buffer | null = null;

const PREFIX = "enc1";

function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, "hex") : Buffer.from(t, "base64");
  if (key.length !== 32) throw new ConfigError("HELIOGRAPH_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64");
  return key;
}

/** Where the embedded store keeps its generated key: beside the database file. */
export function keyFilePath(sqlitePath = env.HELIOGRAPH_SQLITE_PATH): string {
  return resolve(/* turbopackIgnore: true */ dirname(resolve(sqlitePath)), "encryption.key");
}

/** Loads (or on SQLite first makes) the key; called at start so a missing key stops the server before it serves. */
export function loadEncryptionKey(): Buffer {
  if (loaded) return loaded;
  if (env.HELIOGRAPH_ENCRYPTION_KEY) return (loaded = parseKey(env.HELIOGRAPH_ENCRYPTION_KEY));
  if (env.DATABASE_URL) {
    throw new ConfigError("HELIOGRAPH_ENCRYPTION_KEY is required with PostgreSQL (every instance must share it): set it to 32 random bytes, e.g. `openssl rand -hex 32`");
  }
  const file = keyFilePath();
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  chmodSync(file, 0o600);
  return (loaded = parseKey(readFileSync(file, "utf8")));
}

/** A key for one purpose (e.g. "console-auth"), derived from the one key, so no purpose ever sees another's. */
export function derivedKey(purpose: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync("sha256", loadEncryptionKey(), Buffer.alloc(0), `heliograph:${purpose}`, bytes));
}

/** AES-256-GCM under a key derived for storage; the output names its version so the scheme can change later. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("stored-secrets"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(":");
}

export function decryptSecret(stored: string): string {
  const [prefix, iv, tag, body] = stored.split(":");
  if (prefix !== PREFIX || !iv || !tag || body === undefined) throw new Error("not an encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey("stored-secrets"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** Tests only: forget the loaded key (the environment changed). */
export function forgetEncryptionKey(): void {
  loaded = null;
}
