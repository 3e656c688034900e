/**
 * Chromium against a running server: another origin frames the widget (allowed) and the status page
 * (refused), runs embed.js, and an open status page shows a new incident without a reload.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { api } from "./cache-helpers";
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, startServer, type RunningServer } from "./harness";

const REFRESH_MS = 5000;
let server: RunningServer;
let browser: Browser;
let host: Server;
let hostUrl: string;

beforeAll(async () => {
  server = await startServer({ env: { HELIOGRAPH_LIVE_REFRESH_MS: String(REFRESH_MS) } });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // Another origin (another port) standing in for a customer's site.
  const port = await freePort();
  hostUrl = `http://127.0.0.1:${port}`;
  host = createServer((req, res) => {
    const pages: Record<string, string> = {
      "/frames": `<!doctype html><title>host</title><iframe id="widget" src="${server.url}/acme/embed" width="400" height="300"></iframe><iframe id="page" src="${server.url}/acme" width="400" height="300"></iframe>`,
      "/pill": `<!doctype html><title>host</title><style>a{color:red !important;font-size:40px}</style><p>Our status: <script src="${server.url}/acme/embed.js" async></script></p><div id="slot"></div><script src="${server.url}/acme/embed.js" data-target="#slot" data-theme="dark" async></script>`,
    };
    const body = pages[req.url ?? ""];
    res.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(body ?? "");
  });
  await new Promise<void>((r) => host.listen(port, "127.0.0.1", r));
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (host ? host.close(() => r()) : r()));
  await server?.stop();
});

describe("embeds in Chromium", () => {
  it("another site can frame the widget but not the status page", async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/frame-ancestors|Refused to display/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${hostUrl}/frames`);
    const widget = page.frameLocator("#widget");
    await expect.poll(async () => widget.locator("body").innerText({ timeout: 10_000 })).toContain("Acme Cloud");
    expect(await widget.locator("[role=status]").innerText()).toContain("Partial outage");
    // Chromium refuses the status page frame (frame-ancestors 'none') and says so on the console
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Chromium names only the refused frame's origin; the widget frame loaded above, so this is the page
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain(`Framing '${server.url}/'`);
    expect(refused[0]).toContain("frame-ancestors 'none'");
    const pageFrame = await (await page.locator("#page").elementHandle())!.contentFrame();
    const text = pageFrame ? await pageFrame.evaluate(() => document.body?.innerText ?? "").catch(() => "") : "";
    expect(text).not.toContain("Acme Cloud");
    await page.close();
  });

  it("embed.js puts a status pill on another site, isolated in a shadow root", async () => {
    const page = await browser.newPage();
    await page.goto(`${hostUrl}/pill`);
    const pills = page.locator("[data-heliograph-status] a");
    await expect.poll(async () => (await pills.allInnerTexts()).join("|"), { timeout: 10_000 }).toBe("Partial System Outage|Partial System Outage");
    expect(await pills.first().getAttribute("href")).toBe(`${server.url}/acme`);
    expect(await page.locator("#slot [data-heliograph-status]").count()).toBe(1);
    // the host page's `a { color: red; font-size: 40px }` does not reach into the shadow root
    const style = await pills.first().evaluate((a) => ({ color: getComputedStyle(a).color, size: getComputedStyle(a).fontSize }));
    expect(style).toEqual({ color: "rgb(31, 41, 55)", size: "13px" });
    expect(await pills.nth(1).getAttribute("class")).toBe("dark");
    await page.close();
  });

  it(`an open page shows a new incident within 35 s (polling every ${REFRESH_MS / 1000} s), without reloading`, async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/acme`);
    await expect.poll(() => page.locator(".live-refresh").innerText()).toMatch(/^Updated (just now|\d+ seconds? ago)/);
    await page.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));

    // A keyboard user on a bar (the API row's): the swap must leave focus on the same day of the same row.
    const apiRow = page.locator("li[data-component]", { hasText: "API" }).first();
    const serviceId = await apiRow.getAttribute("data-component");
    await apiRow.locator('.bars > li[tabindex="0"]').focus();
    await page.keyboard.press("ArrowLeft");
    // The element before today's (a day, or a run of quiet days: components/uptime-bars/bar-keys.ts).
    const before = await apiRow.locator(".bars > li").count();
    // The longest run of quiet days: an incident in its middle splits it, so every later element moves.
    const run = await apiRow.evaluate((row) => {
      const items = Array.from(row.querySelectorAll(".bars > li")) as HTMLElement[];
      const spans = items.map((li) => Number(li.style.getPropertyValue("--n")) || 1);
      const i = spans.indexOf(Math.max(...spans));
      return { days: spans[i], daysBack: spans.slice(i + 1).reduce((a, b) => a + b, 0) };
    });
    expect(run.days).toBeGreaterThanOrEqual(3);

    const name = `Checkout failures ${Date.now()}`;
    const key = server.apiKey()!;
    const services = await api<{ entries: { id: string; name: string }[] }>(server.url, key, "GET", "/v1/status-pages/services?limit=100");
    const apiService = services.json.entries.find((s) => s.name === "API")!;
    const DAY = 86_400_000;
    const past = Date.now() - (run.daysBack + Math.floor(run.days / 2)) * DAY;
    const earlier = await api<{ id: string }>(server.url, key, "POST", "/v1/status-pages/incidents", {
      name: `Earlier blip ${Date.now()}`, severity: "MINOR", services: [{ id: apiService.id }],
      incidentUpdates: [{ description: "Slow responses.", status: "INVESTIGATING", publicIncidentUpdateDate: new Date(past).toISOString() }],
    });
    expect(earlier.status).toBe(201);
    const resolved = await api(server.url, key, "POST", `/v1/status-pages/incidents/${earlier.json.id}/incident-updates`, {
      description: "Resolved.", status: "RESOLVED", publicIncidentUpdateDate: new Date(past + 30 * 60_000).toISOString(),
    });
    expect(resolved.status).toBe(200);
    const t0 = Date.now();
    const created = await api(server.url, key, "POST", "/v1/status-pages/incidents", {
      name, severity: "CRITICAL", services: [{ id: apiService.id }], incidentUpdates: [{ description: "Payments fail at checkout." }],
    });
    expect(created.status).toBe(201);

    await page.getByText(name).first().waitFor({ timeout: 35_000 });
    const seconds = (Date.now() - t0) / 1000;
    console.log(`live refresh showed the new incident after ${seconds.toFixed(1)} s`);
    expect(await page.locator("[data-status]").first().getAttribute("data-status")).toBe("MAJOR_OUTAGE");
    // a reload would have dropped this marker
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
    const focused = await page.evaluate(() => {
      const bar = document.activeElement?.closest(".bars > li");
      if (!bar) return null;
      const items = Array.from(bar.parentElement!.children) as HTMLElement[];
      const at = items.indexOf(bar as HTMLElement);
      const daysBack = items.slice(at + 1).reduce((a, li) => a + (Number(li.style.getPropertyValue("--n")) || 1), 0);
      return { row: bar.closest("[data-component]")?.getAttribute("data-component"), daysBack, elements: items.length, at };
    });
    // The earlier incident split the run: the list has more elements, and focus is still on the one before today.
    expect(focused!.elements).toBeGreaterThan(before);
    expect(focused).toEqual({ row: serviceId, daysBack: 1, elements: focused!.elements, at: focused!.elements - 2 });

    // The swapped-in content has a live line of its own that keeps polling: a second change shows too.
    await expect.poll(() => page.locator(".live-refresh").innerText()).toMatch(/^Updated (just now|\d+ seconds? ago)/);
    const second = `Login failures ${Date.now()}`;
    const again = await api(server.url, key, "POST", "/v1/status-pages/incidents", {
      name: second, severity: "MINOR", services: [{ id: apiService.id }], incidentUpdates: [{ description: "Some logins fail." }],
    });
    expect(again.status).toBe(201);
    await page.getByText(second).first().waitFor({ timeout: 35_000 });
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
    await page.close();
  });

  it("a page that lags its JSON is fetched again a few times, less and less often, never in a loop", async () => {
    const page = await browser.newPage();
    // summary.json says something the page does not show (as while a cached page lags a maintenance start).
    await page.route("**/acme/api/v2/summary.json", async (route) => {
      const res = await route.fetch();
      const json = await res.json();
      json.status = { ...json.status, description: "Something the page does not say" };
      await route.fulfill({ response: res, json });
    });
    let fetched = 0;
    page.on("request", (r) => {
      if (r.resourceType() === "fetch" && new URL(r.url()).pathname === "/acme") fetched++;
    });
    await page.goto(`${server.url}/acme`);
    await page.waitForTimeout(REFRESH_MS * 2.5);
    // Asked once, then again after 5 s in case the page was a cached copy: not once per render of the line.
    expect(fetched).toBeGreaterThanOrEqual(1);
    expect(fetched).toBeLessThanOrEqual(2);
    await page.close();
  });

  it("with JavaScript off the page still shows status, incidents and when it was rendered", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme`);
    expect(await page.locator("[data-status]").first().getAttribute("data-status")).toBeTruthy();
    expect(await page.locator(".live-refresh").innerText()).toMatch(/^Updated \d+ \w{3} \d{4}, \d\d:\d\d UTC$/);
    expect(await page.getByText("Analytics pipeline").count()).toBeGreaterThan(0);
    await context.close();
  });
});
