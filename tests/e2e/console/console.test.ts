/**
 * The console in Chromium, each result read back through the API: sign-in by the CLI's link, an e-mailed invitation, an
 * incident on two components from a phone, a read-only key, the audit log, no-JS forms, origin check, throttle, axe.
 */
import { request } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, watchErrors } from "../page-fixtures";
import { api, axeViolations, createOperator, linkFromMail, startConsoleServer, type ConsoleServer } from "./helpers";

let server: ConsoleServer;
let browser: Browser;
let owner: BrowserContext;
let payments: { id: string; url: string };
const EDITOR = "editor@example.test";
const EDITOR_PASSWORD = "a long editor password";

beforeAll(async () => {
  server = await startConsoleServer();
  browser = await launch();
  const pages = await api(server, "/v3/status-pages");
  payments = pages.body.entries.find((p: { url: string }) => p.url === "acme-payments");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectAxeClean(page: Page) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeViolations(page), `${page.url()} in ${scheme}`).toEqual([]);
  }
}

describe("the operators' console", () => {
  it("the CLI's one-time link signs the owner in; the link works once", async () => {
    const link = createOperator(server, "owner@example.test", "owner");
    owner = await browser.newContext();
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto(link);
    await page.waitForURL(`${server.url}/console`);
    expect(await page.locator("h1").textContent()).toBe("Pages");
    expect(await page.getByRole("link", { name: "Acme Payments" }).count()).toBe(1);
    await expectAxeClean(page);
    const other = await browser.newContext();
    const again = await other.newPage();
    await again.goto(link);
    expect(new URL(again.url()).pathname).toBe("/console/sign-in");
    await other.close();
    expect(errors).toEqual([]);
  });

  it("the owner invites an editor by e-mail, who accepts and posts an incident on two components from a phone", async () => {
    const page = await owner.newPage();
    await page.goto(`${server.url}/console/operators`);
    await expectAxeClean(page);
    const before = server.smtp.mails.length;
    const invite = page.getByRole("form", { name: "Invite an operator" });
    await invite.getByLabel("E-mail").fill(EDITOR);
    await invite.getByLabel("Role").selectOption("editor");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Invitation sent.").waitFor();
    const link = await linkFromMail(server.smtp, before + 1, new RegExp(`${server.url}/console/invite/\\S+`));

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    await p.goto(link);
    expect(await p.getByText("You are invited as editor").count()).toBe(1);
    await expectAxeClean(p);
    await p.getByLabel("Your name").fill("Eddie <script>alert(1)</script>");
    await p.getByLabel("Password").fill(EDITOR_PASSWORD);
    await p.getByRole("button", { name: "Accept and sign in" }).click();
    await p.waitForURL(`${server.url}/console`);
    // Escaped wherever shown: the name appears as text.
    await p.goto(`${server.url}/console/operators`);
    expect(await p.getByText("Eddie <script>alert(1)</script>", { exact: true }).count()).toBe(1);

    // The shortcut from any screen; two demo pages, so the page is chosen first.
    await p.goto(`${server.url}/console/audit-log`);
    await p.waitForLoadState("networkidle");
    await p.keyboard.press("n");
    await p.waitForURL(`${server.url}/console/incidents/new`);
    await p.getByLabel("Page").selectOption(payments.id);
    await p.getByRole("button", { name: "Continue" }).click();
    await p.waitForURL(/page=/);
    await expectAxeClean(p);
    expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const form = p.getByRole("form", { name: "New incident" });
    await form.getByLabel("Name", { exact: true }).fill("Card payments failing");
    const selects = form.locator("fieldset select");
    expect(await selects.count()).toBeGreaterThanOrEqual(2);
    await selects.nth(0).selectOption("MAJOR_OUTAGE");
    await selects.nth(1).selectOption("DEGRADED_PERFORMANCE");
    await form.getByLabel("Status").selectOption("IDENTIFIED");
    await form.getByLabel("Message (markdown)").fill("We **found** the cause. <img src=x onerror=alert(1)>");
    await form.getByRole("button", { name: "Preview" }).click();
    await p.getByTestId("preview").locator("strong").waitFor();
    expect(await p.getByTestId("preview").innerHTML()).not.toContain("onerror");
    await form.getByRole("button", { name: "Post incident" }).click();
    await p.waitForURL(new RegExp(`/console/pages/${payments.id}\\?posted=1`));

    const incidents = await api(server, `/v3/status-pages/${payments.id}/incidents`);
    const posted = incidents.body.entries.find((i: { name: string }) => i.name === "Card payments failing");
    expect(posted).toBeDefined();
    const full = await api(server, `/v3/status-pages/${payments.id}/incidents/${posted.id}`);
    expect(full.body.componentImpacts.map((c: { status: string }) => c.status).sort()).toEqual(["DEGRADED_PERFORMANCE", "MAJOR_OUTAGE"]);
    const publicPage = await fetch(`${server.url}/acme-payments`).then((r) => r.text());
    expect(publicPage).toContain("Card payments failing");

    // Resolved from the page's screen, read back through the API.
    await expectAxeClean(p);
    const update = p.getByRole("form", { name: "Update Card payments failing" });
    await update.getByLabel("Status").selectOption("RESOLVED");
    await update.getByLabel("Message (markdown)").fill("Payments flow again.");
    await update.getByRole("button", { name: "Post update" }).click();
    await p.getByText("Resolved.").waitFor();
    const after = await api(server, `/v3/status-pages/${payments.id}/incidents/${posted.id}`);
    expect(after.body.incidentUpdates.map((u: { status: string }) => u.status)).toContain("RESOLVED");

    // The editor manages neither operators nor keys.
    await p.goto(`${server.url}/console/api-keys`);
    expect(await p.getByText("Only an owner manages API keys.").count()).toBe(1);
    await phone.close();
  });

  it("the owner adds a component to a page from the keyboard, and the API lists it", async () => {
    const page = await owner.newPage();
    await page.goto(`${server.url}/console/pages/${payments.id}/components`);
    await expectAxeClean(page);
    const add = page.getByRole("form", { name: "Add a component" });
    await add.getByLabel("Name").fill("Search");
    await add.getByLabel("Description").fill("Finds payments");
    await add.getByLabel("Name").focus();
    await page.keyboard.press("Enter");
    await add.getByText("Saved.").waitFor();
    const list = await api(server, `/v3/status-pages/${payments.id}/components?limit=100`);
    expect(list.body.entries.find((c: { name: string }) => c.name === "Search")).toMatchObject({ description: "Finds payments", type: "SERVICE", hidden: false });
  });

  it("a read-only key made on the keys screen reads but may not write; the audit log shows who did what", async () => {
    const page = await owner.newPage();
    await page.goto(`${server.url}/console/api-keys`);
    const create = page.getByRole("form", { name: "Create API key" });
    await create.getByLabel("Name").fill("dashboard");
    await create.getByLabel("Scope").selectOption("read");
    await create.getByRole("button", { name: "Create key" }).click();
    const key = (await page.getByTestId("secret").textContent())!.trim();
    expect(key).toMatch(/^hg_/);
    await page.reload();
    expect(await page.content()).not.toContain(key);
    await expectAxeClean(page);
    expect((await api(server, "/v1/status-pages", { key })).status).toBe(200);
    const refused = await api(server, "/v1/status-pages/services", { key, method: "POST", body: { name: "x" } });
    expect(refused.status).toBe(403);

    const log = await api(server, "/v1/audit-log?limit=100");
    const actions = log.body.entries.map((e: { action: string; actorType: string }) => `${e.actorType} ${e.action}`);
    expect(actions).toEqual(expect.arrayContaining(["OPERATOR incident.create", "OPERATOR api-key.create", "OPERATOR operator.invite", "OPERATOR operator.accept-invitation"]));
    expect(log.text).not.toContain(key);
    expect(log.text).not.toContain(EDITOR_PASSWORD);
    await page.goto(`${server.url}/console/audit-log?actorType=OPERATOR`);
    expect(await page.getByText("incident.create").count()).toBeGreaterThan(0);
    await expectAxeClean(page);
  });

  it("sign-in works without JavaScript, refuses another origin's POST, and throttles guessing with one message", async () => {
    const withJs = await browser.newPage();
    await withJs.goto(`${server.url}/console/sign-in`);
    await expectAxeClean(withJs);
    await withJs.close();
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/console/sign-in`);
    // A form posted from another origin: the same fields, another Origin header.
    const fields = await page.locator("form[aria-label='Sign in'] input").evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value]));
    const body = new FormData();
    for (const [k, v] of fields) body.append(k, v);
    body.set("email", EDITOR);
    body.set("password", EDITOR_PASSWORD);
    const foreign = await fetch(`${server.url}/console/sign-in`, { method: "POST", body, headers: { origin: "https://evil.example" }, redirect: "manual" });
    expect(foreign.headers.getSetCookie().join(";")).not.toContain("session_token");
    expect(foreign.status === 303 || foreign.status === 302).toBe(false);

    const signIn = page.getByRole("form", { name: "Sign in" });
    for (let i = 0; i < 10; i++) {
      await signIn.getByLabel("E-mail").fill(EDITOR);
      await signIn.getByLabel("Password").fill(`wrong guess ${i}`);
      await signIn.getByRole("button", { name: "Sign in" }).click();
      await signIn.getByRole("alert").waitFor();
      expect(await signIn.getByRole("alert").textContent()).toBe("The e-mail address or password is not right");
    }
    await signIn.getByLabel("E-mail").fill(EDITOR);
    await signIn.getByLabel("Password").fill(EDITOR_PASSWORD);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await signIn.getByRole("alert").waitFor();
    expect(await signIn.getByRole("alert").textContent()).toMatch(/Too many failed sign-ins/);
    await ctx.close();
  });

  it("answers the console with no-store, no framing and a strict policy, and never on a page's custom domain", async () => {
    const res = await fetch(`${server.url}/console/sign-in`);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const put = await api(server, `/v3/status-pages/${payments.id}`);
    const domain = "status.payments.test";
    const set = await api(server, `/v3/status-pages/${payments.id}`, { method: "PUT", body: { ...strip(put.body), customDomain: domain } });
    expect(set.status, set.text).toBe(200);
    const home = await getWithHost(server.port, "/", domain);
    expect(home.status).toBe(200);
    const onDomain = await getWithHost(server.port, "/console/sign-in", domain);
    expect(onDomain.status).toBe(404);
    expect(onDomain.body).not.toContain("Sign in to Heliograph");
    expect((await getWithHost(server.port, "/console/api/auth/magic-link/verify?token=x", domain)).status).toBe(404);
  });
});

/** fetch() may not set Host; node:http may. */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A page as read, reduced to what its PUT accepts. */
function strip(page: Record<string, unknown>) {
  const { id: _id, accountId: _a, version: _v, created_at: _c, updated_at: _u, ...rest } = page;
  return rest;
}
