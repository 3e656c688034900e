/**
 * End to end: a visitor subscribes from the demo page by e-mail (without JavaScript), confirms, receives the next
 * incident update from the in-process worker, and unsubscribes in one click.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, startServer, type RunningServer } from "./harness";
import { Webhook } from "standardwebhooks";
import { startReceiver, startSmtp, until, type SmtpPeer } from "../integration/notifications/peers";

let server: RunningServer;
let smtp: SmtpPeer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Acme Status <status@acme.test>", HELIOGRAPH_OUTBOUND_ALLOWLIST: "127.0.0.1" } });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const headerLine = (m: { headerLines: readonly { key: string; line: string }[] }, key: string) =>
  m.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, " ");

describe("subscribing on the demo page", () => {
  it("subscribe (no JS) → confirm → incident mail → one-click unsubscribe", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/acme`);
    await page.getByRole("link", { name: "Subscribe to updates" }).click();
    // The click starts the navigation; a fresh server may still be loading Next for the subscribe page.
    await page.waitForURL(/\/acme\/subscribe$/);
    await expect(page.getByRole("heading", { name: "Subscribe to updates" }).count()).resolves.toBe(1);
    await page.locator('input[name="address"]').fill("not-an-address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toMatch(/valid e-mail/);
    await page.locator('input[name="address"]').fill("visitor@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toMatch(/Check your inbox/);

    const [confirmation] = await smtp.waitFor(1, 30_000);
    expect(confirmation.subject).toBe("Confirm your subscription to Acme Cloud");
    const link = /http:\/\/127\.0\.0\.1:\d+\/acme\/confirm\?token=[\w.-]+/.exec(confirmation.text ?? "")![0];
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toMatch(/You are subscribed/);

    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${server.apiKey()}`, "content-type": "application/json", ...init.headers } });
    const incidents = await (await api("/v1/status-pages/incidents?limit=100")).json();
    const open = incidents.entries.find((i: { lastUpdateStatus: string }) => i.lastUpdateStatus !== "RESOLVED");
    const posted = await api(`/v1/status-pages/incidents/${open.id}/incident-updates`, { method: "POST", body: JSON.stringify({ description: "The pipeline is **catching up**.", status: "MONITORING", notifySubscribers: true }) });
    expect(posted.status).toBe(200);
    const update = await posted.json();

    const [, mail] = await smtp.waitFor(2, 30_000);
    expect(mail.subject).toBe(`[Acme Cloud] ${open.name}: Monitoring`);
    expect(mail.html).toContain("<strong>catching up</strong>");
    expect(headerLine(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<(http[^>]+)>/.exec(headerLine(mail, "list-unsubscribe")!)![1];
    expect(oneClick).toMatch(new RegExp(`^${server.url}/acme/manage/unsubscribe\\?token=`));

    await until(async () => (await (await api(`/v1/status-pages/incidents/${open.id}/incident-updates/${update.id}/deliveries`)).json()).sent === 1, 10_000, 100);

    // A mail client's one-click POST: no cookie, just the URL from the header.
    const res = await fetch(oneClick, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    const again = await api(`/v1/status-pages/incidents/${open.id}/incident-updates`, { method: "POST", body: JSON.stringify({ description: "Resolved", status: "RESOLVED", notifySubscribers: true }) });
    const second = await again.json();
    const report = await (await api(`/v1/status-pages/incidents/${open.id}/incident-updates/${second.id}/deliveries`)).json();
    expect(report.total).toBe(0);
    expect(smtp.mails).toHaveLength(2);
    await ctx.close();
  });

  it("with JavaScript: a webhook sign-up shows its secret once, and the signed test delivery verifies it", async () => {
    const rec = await startReceiver();
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.url}/acme/subscribe`);
    await page.locator('input[value="WEBHOOK"]').check();
    await expect(page.getByText("Webhook URL", { exact: true }).filter({ visible: true }).count()).resolves.toBe(1);
    await page.locator('input[name="address"]').fill(rec.url);
    await page.getByRole("button", { name: "Subscribe" }).click();
    const secret = (await page.locator("code").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await until(() => rec.received.length > 0, 15_000, 50);
    expect(new Webhook(secret).verify(rec.received[0].body, rec.received[0].headers)).toMatchObject({ meta: { event: "subscription.test" } });
    await ctx.close();
    await rec.close();
  });

  it("in German (?lang=de, no JS): the refused field says why next to it; the links and the answer stay German", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/acme?lang=de`);
    await page.getByRole("link", { name: "Updates abonnieren" }).click();
    expect(new URL(page.url()).search).toBe("?lang=de");
    expect(await page.getAttribute("html", "lang")).toBe("de");
    await expect(page.getByRole("heading", { name: "Updates abonnieren" }).count()).resolves.toBe(1);
    expect(await page.textContent("legend")).toBe("Wie sollen wir Sie benachrichtigen?");
    await page.locator('input[name="address"]').fill("keine-adresse");
    await page.getByRole("button", { name: "Abonnieren" }).click();
    // The message sits right after the field, and the field names it.
    const error = page.locator("#subscribe-address-error");
    expect(await error.textContent()).toBe("Geben Sie eine gültige E-Mail-Adresse ein, etwa name@example.com.");
    expect(await page.locator('input[name="address"]').getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator('input[name="address"]').getAttribute("aria-describedby")).toContain("subscribe-address-error");
    expect(await page.locator("label.field + #subscribe-address-error").count()).toBe(1);
    const before = smtp.mails.length;
    await page.locator('input[name="address"]').fill("besucher@example.com");
    await page.getByRole("button", { name: "Abonnieren" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toMatch(/Sehen Sie in Ihren Posteingang/);
    expect(await page.getByRole("link", { name: "← Zurück zur Statusseite" }).getAttribute("href")).toBe("/acme?lang=de");
    // The confirmation is in the page's language (the demo page's is English), not the visitor's choice.
    const mail = (await smtp.waitFor(before + 1, 30_000))[before];
    expect(mail.subject).toBe("Confirm your subscription to Acme Cloud");
    await ctx.close();
  });

  // Both schemes at once: each page's axe run keeps one core busy.
  it.concurrent.for(["light", "dark"] as const)("subscribe, confirm and manage pages have no serious or critical axe violations (%s)", async (scheme, { expect }) => {
    const AXE = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
    const ctx = await browser.newContext({ colorScheme: scheme });
    const page = await ctx.newPage();
    const paths = ["/acme/subscribe", "/acme/confirm?token=x", "/acme/confirm?sms=x", "/acme/manage?token=x"];
    // …and in two other languages: the visitor's ?lang=.
    for (const path of [...paths, "/acme/subscribe?lang=de", "/acme/confirm?sms=x&lang=ja", "/acme/manage?token=x&lang=de", "/acme/subscribe?lang=ja"]) {
      await page.goto(`${server.url}${path}`);
      await page.addScriptTag({ content: AXE });
      const bad = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target) }));
      });
      expect(bad, `${path}: ${JSON.stringify(bad)}`).toEqual([]);
    }
    await ctx.close();
  });
});
