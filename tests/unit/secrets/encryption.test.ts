import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

async function fresh(envs: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(envs)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return import("@/lib/secrets/encryption");
}

describe("the one encryption key", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "heliograph-key-"));
  });

  it("on SQLite without a key, makes one beside the database file with mode 0600 and keeps using it", async () => {
    const sqlite = join(dir, "sub", "heliograph.db");
    const first = await fresh({ HELIOGRAPH_ENCRYPTION_KEY: undefined, DATABASE_URL: undefined, HELIOGRAPH_SQLITE_PATH: sqlite });
    const sealed = first.encryptSecret("s3cret value");
    const file = join(dir, "sub", "encryption.key");
    expect(first.keyFilePath()).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(sealed).not.toContain("s3cret");

    const second = await fresh({ HELIOGRAPH_SQLITE_PATH: sqlite });
    expect(second.decryptSecret(sealed)).toBe("s3cret value");
  });

  it("on PostgreSQL refuses to start without a key, naming the variable", async () => {
    const m = await fresh({ HELIOGRAPH_ENCRYPTION_KEY: undefined, DATABASE_URL: "postgres://127.0.0.1:5432/test" });
    expect(() => m.loadEncryptionKey()).toThrow(/HELIOGRAPH_ENCRYPTION_KEY is required with PostgreSQL/);
  });

  it("takes a configured key (hex or base64), refuses a short one, and detects tampering", async () => {
    const hex = "ab".repeat(32);
    const a = await fresh({ HELIOGRAPH_ENCRYPTION_KEY: hex, DATABASE_URL: "postgres://127.0.0.1:5432/test" });
    const sealed = a.encryptSecret("token");
    const b = await fresh({ HELIOGRAPH_ENCRYPTION_KEY: Buffer.from(hex, "hex").toString("base64") });
    expect(b.decryptSecret(sealed)).toBe("token");
    const parts = sealed.split(":");
    parts[3] = Buffer.from("other").toString("base64url");
    expect(() => b.decryptSecret(parts.join(":"))).toThrow();
    expect(b.derivedKey("console-auth").equals(b.derivedKey("stored-secrets"))).toBe(false);

    const c = await fresh({ HELIOGRAPH_ENCRYPTION_KEY: "x".repeat(40) });
    expect(() => c.loadEncryptionKey()).toThrow(/32 bytes/);
  });
});
