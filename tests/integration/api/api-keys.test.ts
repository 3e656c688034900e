/**
 * /v1/api-keys: an account lists (masked), creates (optionally expiring), reads and revokes its keys,
 * and a revoked or expired key fails at its very next request: keys are read from the store on every
 * request, never from a per-instance cache, so a revocation written anywhere holds everywhere.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiKey, ApiKeyPage, CreatedApiKey } from "@/lib/api-keys/schema";
import { client } from "./client";
import { expectError, expectShape, STORE, tenant } from "./fixtures";

const DAY = 86_400_000;

describe(`management API keys (${STORE})`, () => {
  it("creates a key shown once, lists and reads it masked, and records its use", async () => {
    const t = await tenant("Keys");
    const made = expectShape(await t.api.post("/v1/api-keys", { name: "deploy bot" }), 201, CreatedApiKey);
    expect(made.key).toMatch(/^hg_/);
    expect(made.maskedKey).toBe(`${made.key.slice(0, 7)}********${made.key.slice(-4)}`);
    expect(made).toMatchObject({ name: "deploy bot", expiresAt: null, revokedAt: null, lastUsedAt: null });

    const bot = client(made.key);
    expect((await bot.get("/v1/accounts")).status).toBe(200);
    const one = expectShape(await t.api.get(`/v1/api-keys/${made.id}`), 200, ApiKey);
    expect(one.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(one)).not.toContain(made.key);

    const list = expectShape(await t.api.get("/v1/api-keys"), 200, ApiKeyPage);
    expect(list.entries.map((k) => k.name)).toEqual(["default", "deploy bot"]);
    expect(JSON.stringify(list)).not.toContain(made.key);
    const firstPage = expectShape(await t.api.get("/v1/api-keys?limit=1"), 200, ApiKeyPage);
    const secondPage = expectShape(await t.api.get(`/v1/api-keys?limit=1&nextId=${encodeURIComponent(firstPage.nextId!)}`), 200, ApiKeyPage);
    expect([...firstPage.entries, ...secondPage.entries].map((k) => k.id)).toEqual(list.entries.map((k) => k.id));
  });

  it("revokes a key: its next request is 401, the list shows when, and revoking again changes nothing", async () => {
    const t = await tenant("Revoke");
    const made = (await t.api.post("/v1/api-keys", { name: "leaked" })).body;
    const leaked = client(made.key);
    expect((await leaked.get("/v1/status-pages")).status).toBe(200);
    const res = await t.api.delete(`/v1/api-keys/${made.id}`);
    expect(res.status, res.text).toBe(204);
    expectError(await leaked.get("/v1/status-pages"), 401);
    const revoked = expectShape(await t.api.get(`/v1/api-keys/${made.id}`), 200, ApiKey);
    expect(revoked.revokedAt).not.toBeNull();
    expect((await t.api.delete(`/v1/api-keys/${made.id}`)).status).toBe(204);
    expect((await t.api.get(`/v1/api-keys/${made.id}`)).body.revokedAt).toBe(revoked.revokedAt);
    expectError(await t.api.delete("/v1/api-keys/00000000-0000-4000-8000-000000000000"), 404);
  });

  it("lets a key revoke itself", async () => {
    const t = await tenant("Self");
    const self = (await t.api.get("/v1/api-keys")).body.entries[0];
    expect((await t.api.delete(`/v1/api-keys/${self.id}`)).status).toBe(204);
    expectError(await t.api.get("/v1/api-keys"), 401);
  });

  it("a revocation written by another instance holds at this instance's next request", async () => {
    const t = await tenant("Elsewhere");
    const made = (await t.api.post("/v1/api-keys", { name: "shared" })).body;
    const k = client(made.key);
    expect((await k.get("/v1/accounts")).status).toBe(200);
    // Another instance writes straight to the shared store; nothing in this process is told.
    await t.db.updateTable("api_keys").set({ revoked_at: Date.now() }).where("id", "=", made.id).execute();
    expectError(await k.get("/v1/accounts"), 401);
  });

  it("expires keys: expiresInDays or expiresAt, refused in the past or both at once, and 401 once expired", async () => {
    const t = await tenant("Expiry");
    const before = Date.now();
    const inDays = expectShape(await t.api.post("/v1/api-keys", { name: "a week", expiresInDays: 7 }), 201, CreatedApiKey);
    expect(Date.parse(inDays.expiresAt!) - before).toBeGreaterThanOrEqual(7 * DAY);
    expect(Date.parse(inDays.expiresAt!) - before).toBeLessThan(7 * DAY + 60_000);
    const at = new Date(Date.now() + DAY).toISOString();
    const dated = expectShape(await t.api.post("/v1/api-keys", { name: "tomorrow", expiresAt: at }), 201, CreatedApiKey);
    expect(dated.expiresAt).toBe(at);

    expectError(await t.api.post("/v1/api-keys", { name: "past", expiresAt: "2020-01-01T00:00:00Z" }), 400, "expiresAt");
    expectError(await t.api.post("/v1/api-keys", { name: "both", expiresAt: at, expiresInDays: 1 }), 400, "expiresInDays");
    expectError(await t.api.post("/v1/api-keys", { name: "zero", expiresInDays: 0 }), 400, "expiresInDays");
    expectError(await t.api.post("/v1/api-keys", {}), 400, "name");
    expectError(await t.api.post("/v1/api-keys", { name: "x", scopes: ["all"] }), 400, "scopes");

    const k = client(dated.key);
    expect((await k.get("/v1/accounts")).status).toBe(200);
    // The clock passing the expiry, without waiting a day.
    await t.db.updateTable("api_keys").set({ expires_at: Date.now() - 1 }).where("id", "=", dated.id).execute();
    expectError(await k.get("/v1/accounts"), 401);
    expect((await t.api.get("/v1/api-keys")).body.entries.find((e: { id: string }) => e.id === dated.id).expiresAt).not.toBeNull();
  });

  it("never lets an expiring key mint a key that outlives it", async () => {
    const t = await tenant("Containment");
    const day = expectShape(await t.api.post("/v1/api-keys", { name: "one day", expiresInDays: 1 }), 201, CreatedApiKey);
    const leaked = client(day.key);
    expectError(await leaked.post("/v1/api-keys", { name: "forever" }), 400, "expiresAt");
    expectError(await leaked.post("/v1/api-keys", { name: "a week", expiresInDays: 7 }), 400, "expiresAt");
    const shorter = expectShape(await leaked.post("/v1/api-keys", { name: "an hour", expiresAt: new Date(Date.now() + 3_600_000).toISOString() }), 201, CreatedApiKey);
    expect(Date.parse(shorter.expiresAt!)).toBeLessThanOrEqual(Date.parse(day.expiresAt!));
    expect((await t.api.get("/v1/api-keys")).body.entries.map((e: { name: string }) => e.name).sort()).toEqual(expect.arrayContaining(["an hour", "one day"]));
    expect((await t.api.get("/v1/api-keys")).body.entries.some((e: { name: string }) => e.name === "forever" || e.name === "a week")).toBe(false);
  });
});

const ROOT = join(import.meta.dirname, "../../..");
function cli(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", `lib/cli/${script}.ts`, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "silent" } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

// Each command is its own process (seconds apiece): run them once, in the SQLite project; the verbs they call run on both stores above.
describe.runIf(STORE === "sqlite")("the keys command line", () => {
  it("creates an expiring key, lists the account's keys masked, and revokes one by id", { timeout: 120_000 }, async () => {
    const t = await tenant("CLI");
    const created = await cli("create-key", ["--account", t.accountId, "--name", "ci", "--expires-in-days", "30"]);
    expect(created.code, created.stderr).toBe(0);
    const raw = created.stdout.trim();
    expect((await client(raw).get("/v1/accounts")).status).toBe(200);
    const made = (await t.api.get("/v1/api-keys")).body.entries.find((k: { name: string }) => k.name === "ci");
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(29 * DAY);

    const listed = await cli("list-keys", ["--account", t.accountId]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(made.id);
    expect(listed.stdout).toContain(made.maskedKey);
    expect(listed.stdout).not.toContain(raw);

    const revoked = await cli("revoke-key", ["--key", made.id]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expectError(await client(raw).get("/v1/accounts"), 401);
    const unknown = await cli("revoke-key", ["--key", "00000000-0000-4000-8000-000000000000"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1);
    const bad = await cli("create-key", ["--account", t.accountId, "--expires-in-days", "soon"]);
    expect(bad.code).toBe(1);
  });
});
