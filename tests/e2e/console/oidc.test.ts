/**
 * OpenID Connect sign-in in Chromium against a real provider run in this process (oidc-provider): an identity of a
 * listed domain becomes a viewer of that domain's account (read back in the audit log through the API); one of
 * another domain, never invited, is refused and gets no operator.
 */
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT } from "../harness";
import { launch } from "../page-fixtures";
import { api, startConsoleServer, type ConsoleServer } from "./helpers";
import { randomUUID } from "node:crypto";
import { join } from "node:path";

let server: ConsoleServer;
let browser: Browser;
let issuer: Server;
let accountId: string;
let apiKey: string;

function cli(script: string, args: string[], env: Record<string, string>): { stdout: string; stderr: string } {
  const r = spawnSync("npx", ["tsx", "--conditions=react-server", script, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn", ...env }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  return r;
}

beforeAll(async () => {
  // The store first, without demo data: an owner (and so an account) and an API key to read the result back with.
  const dbFile = join(ROOT, "tests/.tmp", `oidc-${randomUUID()}.db`);
  const made = cli("lib/cli/create-operator.ts", ["--email", "owner@corp.test", "--role", "owner"], { HELIOGRAPH_SQLITE_PATH: dbFile });
  accountId = /\(account ([0-9a-f-]{36})\)/.exec(made.stderr)![1];
  apiKey = cli("lib/cli/create-key.ts", ["--account", accountId], { HELIOGRAPH_SQLITE_PATH: dbFile }).stdout.trim();

  const issuerPort = await freePort();
  const issuerUrl = `http://127.0.0.1:${issuerPort}`;
  server = await startConsoleServer({
    HELIOGRAPH_SQLITE_PATH: dbFile,
    HELIOGRAPH_DEMO: "false",
    HELIOGRAPH_OIDC_ISSUER: issuerUrl,
    HELIOGRAPH_OIDC_CLIENT_ID: "heliograph",
    HELIOGRAPH_OIDC_CLIENT_SECRET: "a-client-secret-for-tests",
    HELIOGRAPH_OIDC_ALLOWED_DOMAINS: `corp.test=${accountId}`,
  });
  const provider = new Provider(issuerUrl, {
    clients: [{ client_id: "heliograph", client_secret: "a-client-secret-for-tests", redirect_uris: [`${server.url}/console/api/auth/callback/oidc`], grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The dev login form takes any login: it names the identity, whose address is verified.
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, name: id.split("@")[0] }) }),
    pkce: { required: () => false },
  });
  issuer = createServer(provider.callback());
  await new Promise<void>((r) => issuer.listen(issuerPort, "127.0.0.1", r));
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => issuer?.close(r));
});

async function signInThroughProvider(login: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${server.url}/console/sign-in`);
  await page.getByRole("link", { name: "Sign in with single sign-on" }).click();
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill("anything");
  await page.locator("button[type=submit]").first().click();
  // The provider asks for consent once per client.
  await page.waitForURL((u) => u.origin === server.url || /interaction/.test(u.pathname));
  if (new URL(page.url()).origin !== server.url) await page.locator("button[type=submit]").first().click();
  await page.waitForURL((u) => u.origin === server.url);
  await page.waitForLoadState("networkidle");
  return { ctx, page };
}

describe("OIDC sign-in", () => {
  it("admits a verified identity of a listed domain as a viewer of that account", async () => {
    const { ctx, page } = await signInThroughProvider("bob@corp.test");
    expect(new URL(page.url()).pathname).toBe("/console");
    expect(await page.getByText("· viewer").count()).toBe(1);
    expect(await page.getByRole("link", { name: "New incident" }).count()).toBe(0);
    const log = await api(server, "/v1/audit-log?actorType=OPERATOR", { key: apiKey });
    expect(log.body.entries.map((e: { action: string; after: { email: string } }) => [e.action, e.after.email])).toContainEqual(["operator.join-by-domain", "bob@corp.test"]);
    await ctx.close();
  });

  it("refuses an identity that was neither invited nor of a listed domain", async () => {
    const { ctx, page } = await signInThroughProvider("mallory@elsewhere.test");
    expect(new URL(page.url()).pathname).toBe("/console/sign-in");
    await page.goto(`${server.url}/console`);
    expect(new URL(page.url()).pathname).toBe("/console/sign-in");
    const log = await api(server, "/v1/audit-log?limit=100", { key: apiKey });
    expect(log.text).not.toContain("mallory@elsewhere.test");
    await ctx.close();
  });
});
