/**
 * axe-core (WCAG 2.2 A/AA and best practices) in Chromium on every public page, at two phone widths, a tablet and a
 * laptop, light and dark: no violation of any impact, nothing wider than the viewport. All contexts run at once on one
 * server and browser: each page waits for the network to go idle, and those waits overlap instead of adding up.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { ROOT, startServer, type RunningServer } from "./harness";
import { launch, makeExtras, overflow, WIDTHS, type Extras } from "./page-fixtures";

const AXE = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** A context's pages take longer while the nine others run beside it. */
const TIMEOUT = 600_000;

let server: RunningServer;
let browser: Browser;
let x: Extras;

beforeAll(async () => {
  server = await startServer();
  x = await makeExtras(server);
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const PAGES: [string, () => string][] = [
  ["status page", () => "/acme"],
  ["second demo page", () => "/acme-payments"],
  ["open incident", () => `/acme/incidents/${x.openIncidentId}`],
  ["incident with markdown lists and links", () => `/acme/incidents/${x.markdownIncidentId}`],
  ["history", () => "/acme/history"],
  ["uptime history", () => "/acme/uptime"],
  ["subscribe", () => "/acme/subscribe"],
  ["custom domain page (forced dark)", () => "/custom-co"],
  ["private page form", () => "/internal"],
  ["unknown path below a page", () => "/acme/no-such-route"],
  ["unknown path below a page, in German", () => "/acme/no-such-route?lang=de"],
  ["private page form, in Japanese", () => "/internal?lang=ja"],
  ["widget", () => "/acme/embed"],
];

async function axe(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const a = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await a.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, TAGS);
}

describe.concurrent.each(["light", "dark"] as const)("every public page (%s)", (scheme) => {
  it.for(WIDTHS)("at %i px: no axe violation of any impact, no horizontal overflow", { timeout: TIMEOUT }, async (width, { expect }) => {
    // bypassCSP: the widget's CSP (default-src 'none') would refuse the injected axe script
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const found: Record<string, Violation[] | number> = {};
    for (const [name, path] of PAGES) {
      await page.goto(`${server.url}${path()}`, { waitUntil: "networkidle" });
      const wide = await overflow(page);
      if (wide > 0) found[`${name}: overflow px`] = wide;
      const violations = await axe(page);
      if (violations.length) found[name] = violations;
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual({});
    await context.close();
  });
});

// A page in another language (the visitor's ?lang=de) at a phone width, light and dark.
describe.concurrent.each(["light", "dark"] as const)("a page in German (%s)", (scheme) => {
  it("at 390 px: <html lang=de>, German words, no axe violation, no horizontal overflow", { timeout: TIMEOUT }, async ({ expect }) => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const found: Record<string, Violation[] | number> = {};
    const pages: [string, string][] = [
      ["/acme?lang=de", "Aktueller Status je Dienst"],
      [`/acme/incidents/${x.openIncidentId}?lang=de`, "Betroffen"],
      ["/acme/history?lang=de", "Störungsverlauf"],
      ["/acme/uptime?lang=de", "Verfügbarkeitsverlauf"],
      ["/acme/subscribe?lang=de", "Alle Wege, auf dem Laufenden zu bleiben"],
    ];
    for (const [path, word] of pages) {
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      expect(await page.getAttribute("html", "lang")).toBe("de");
      expect(await page.textContent("main"), path).toContain(word);
      expect(await page.textContent("footer")).toContain("Bereitgestellt mit Heliograph.");
      // The client components' words (theme toggle) come through the picked `client` messages, hydrated too.
      expect(await page.getAttribute(".theme-toggle", "aria-label")).toBe("Farbschema");
      const wide = await overflow(page);
      if (wide > 0) found[`${path}: overflow px`] = wide;
      const violations = await axe(page);
      if (violations.length) found[path] = violations;
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual({});
    await context.close();
  });
});
