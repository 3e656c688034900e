/** axe-core in Chromium: no serious or critical violations on the page, an incident and the history, light and dark. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer, type RunningServer } from "./harness";
import { launch, makeExtras, type Extras } from "./page-fixtures";

const AXE = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

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

describe.each(["light", "dark"] as const)("accessibility (%s)", (scheme) => {
  it.each([
    ["status page", () => "/acme"],
    ["incident page", () => `/acme/incidents/${x.openIncidentId}`],
    ["history", () => "/acme/history"],
    ["custom domain page (forced dark)", () => "/custom-co"],
    ["private page form", () => "/internal"],
  ])("%s has no serious or critical violations", async (_name, path) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`${server.url}${path()}`);
    await page.waitForLoadState("networkidle");
    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
      const r = await axe.run(document, { resultTypes: ["violations"] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
    });
    const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad, JSON.stringify(bad, null, 2)).toEqual([]);
    const minor = violations.filter((v) => !bad.includes(v));
    if (minor.length) console.log(`${path()} (${scheme}) minor/moderate: ${minor.map((v) => v.id).join(", ")}`);
    await context.close();
  });
});
