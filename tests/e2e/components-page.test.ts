/**
 * The v3 demo page in Chromium: groups of components as native disclosures, the component in partial outage
 * named where the visitor looks, its incident with the impact over time, no horizontal overflow on a phone
 * (390 px) and no axe violations, in light and dark.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer, type RunningServer } from "./harness";
import { launch, watchErrors } from "./page-fixtures";

const AXE = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function axeViolations(page: import("playwright-core").Page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    type V = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: V[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

const overflow = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(["light", "dark"] as const)("the v3 demo page, Acme Payments (%s)", (scheme) => {
  it("shows groups with their worst status, the partial outage, and passes axe at 390 px without overflow", async () => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    expect((await page.goto(`${server.url}/acme-payments`))?.status()).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(await page.locator("h1").textContent()).toBe("Acme Payments");
    expect(await page.locator("#overall-status").textContent()).toBe("Partial outage");
    // Two groups as native disclosures, open by default; their summaries carry the worst status of their children.
    const groups = page.locator("details[data-group]");
    expect(await groups.count()).toBe(2);
    const payments = groups.filter({ hasText: "Payments API" });
    expect(await payments.getAttribute("open")).not.toBeNull();
    expect(await payments.locator("summary").textContent()).toContain("Partial outage");
    expect(await payments.locator("summary").textContent()).not.toContain("Payouts");
    expect(await payments.getByText("Payouts", { exact: true }).count()).toBeGreaterThan(0);
    // A group collapses with a click on its summary (and opens again), no script needed.
    await payments.locator("summary").click();
    expect(await payments.getAttribute("open")).toBeNull();
    await payments.locator("summary").click();
    // The component on its own, and the ongoing incident naming the component it affects.
    expect(await page.getByText("Checkout widget", { exact: true }).count()).toBeGreaterThan(0);
    const incident = page.locator("[data-incident]").first();
    expect(await incident.textContent()).toContain("Payouts delayed for some merchants");
    expect(await incident.textContent()).toContain("Payouts");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the incident's impact over time on its page", async () => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme-payments`);
    const href = await page.locator("[data-incident] a").first().getAttribute("href");
    expect(href).toMatch(/^\/acme-payments\/incidents\/[0-9a-f-]{36}$/);
    await page.goto(`${server.url}${href}`);
    await page.waitForLoadState("networkidle");
    const text = (await page.locator("main").textContent()) ?? "";
    // Degraded at first, then a partial outage that is still going on.
    expect(text).toContain("Degraded performance");
    expect(text).toContain("Partial outage");
    expect(text.toLowerCase()).toContain("ongoing");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
