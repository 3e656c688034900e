/**
 * The status page in Chromium: what a visitor sees on the demo, theme before first paint, the
 * toggle, a custom domain, an unknown host, a private page, freshness after a write, keyboard.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_THEME } from "@/lib/demo/data";
import { api } from "./cache-helpers";
import { startServer, type RunningServer } from "./harness";
import { CUSTOM_DOMAIN, launch, makeExtras, PASSWORD, rgb, watchErrors, type Extras } from "./page-fixtures";

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

describe("the demo status page", () => {
  it("shows the banner in words, 3 cards, 10 services and 90 bars each, with no console errors", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(`${server.url}/acme`);
    expect(res?.status()).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.locator("h1").textContent()).toBe("Acme Cloud");
    // The demo's open MEDIUM incident on "Analytics pipeline" makes a partial outage.
    expect(await page.locator("#overall-status").textContent()).toBe("Partial outage");
    expect(await page.locator("section.card").count()).toBe(3);
    expect(await page.locator("li.service").count()).toBe(10);
    expect(await page.locator("ol.bars > li").count()).toBe(900);
    for (const bars of await page.locator("ol.bars").all()) expect(await bars.locator("li").count()).toBe(90);
    // Analytics pipeline is 40 days old: its first 50 days have no data, and look different.
    const analytics = page.locator("li.service", { hasText: "Analytics pipeline" });
    // (the creation day itself has data from the hour it was created)
    expect(await analytics.locator("li.bar.s-NO_DATA").count()).toBe(49);
    expect(await analytics.locator(".status-text").first().textContent()).toBe("Partial outage");
    expect(await page.locator("[data-incident]").first().textContent()).toContain("Analytics pipeline running behind");
    expect(await page.locator("[data-maintenance][data-state=upcoming]").textContent()).toContain("Database engine upgrade");
    expect(await page.locator("li.day").count()).toBe(14);
    expect(await page.getByText("No incidents reported.").count()).toBeGreaterThan(0);
    expect(await page.locator("a", { hasText: "Subscribe to updates" }).getAttribute("href")).toBe("/acme/subscribe");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("each card is a group that folds with the keyboard, with and without JavaScript, and nothing overflows at 390 px", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/acme`);
      expect(await page.locator("section.card > details[open]").count()).toBe(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      const group = page.locator("section.card > details").first();
      const summary = group.locator("summary");
      // The summary says the group's status and uptime, so a folded group still tells the visitor how it is.
      expect(await summary.textContent()).toMatch(/(Operational|outage|Degraded|maintenance).*uptime/);
      await summary.focus();
      await page.keyboard.press("Enter");
      expect(await group.getAttribute("open"), `js ${javaScriptEnabled}`).toBeNull();
      expect(await group.locator("ol.bars").first().isVisible()).toBe(false);
      await page.keyboard.press("Space");
      expect(await group.getAttribute("open")).toBe("");
      expect(await group.locator("ol.bars").first().isVisible()).toBe(true);
      await context.close();
    }
  });

  it("AUTO follows the system colour scheme on first paint, before any script runs", async () => {
    for (const [scheme, expected] of [["dark", DEMO_THEME.dark.bodyBackgroundColor], ["light", DEMO_THEME.light.bodyBackgroundColor]] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${server.url}/acme`);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(rgb(expected));
      await context.close();
    }
  });

  it("a page whose default theme is DARK is dark even on a light system", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${server.url}/custom-co`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(rgb("#0f1115"));
    await context.close();
  });

  it("the toggle switches the theme and remembers it across visits, without a flash", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/acme`);
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg()).toBe(rgb(DEMO_THEME.light.bodyBackgroundColor));
    await page.locator("[data-theme-choice=dark]").click();
    expect(await bg()).toBe(rgb(DEMO_THEME.dark.bodyBackgroundColor));
    expect(await page.locator("[data-theme-choice=dark]").getAttribute("aria-pressed")).toBe("true");
    // On the next visit the stored choice is applied by the inline script before the first paint.
    const colours: string[] = [];
    await page.exposeFunction("recordBg", (c: string) => colours.push(c));
    await page.addInitScript(() => {
      new MutationObserver((_m, obs) => {
        if (document.body) {
          (window as unknown as { recordBg: (c: string) => void }).recordBg(getComputedStyle(document.body).backgroundColor);
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await bg()).toBe(rgb(DEMO_THEME.dark.bodyBackgroundColor));
    expect(colours.length).toBeGreaterThan(0);
    expect(colours.every((c) => c === rgb(DEMO_THEME.dark.bodyBackgroundColor)), colours.join(" ")).toBe(true);
    await page.locator("[data-theme-choice=system]").click();
    expect(await bg()).toBe(rgb(DEMO_THEME.light.bodyBackgroundColor));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("uptime bars are reachable by keyboard and move with the arrow keys", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/acme`);
    const firstBars = page.locator("ol.bars").first();
    await firstBars.locator("li").last().focus();
    await page.keyboard.press("ArrowLeft");
    const focusedText = () => page.evaluate(() => document.activeElement!.textContent);
    expect(await focusedText()).toBe(await firstBars.locator("li").nth(88).textContent());
    expect(await focusedText()).toMatch(/^\d{4}-\d{2}-\d{2}: ((100%|\d+\.\d\d%) uptime|no data)/);
    // The tooltip of the focused bar is visible (not only read out).
    expect(await page.evaluate(() => (document.activeElement!.querySelector(".tip") as HTMLElement).getBoundingClientRect().width)).toBeGreaterThan(50);
    await page.keyboard.press("Home");
    expect(await focusedText()).toBe(await firstBars.locator("li").first().textContent());
    await context.close();
  });

  it("shows times in the visitor's zone, with UTC on hover", async () => {
    const context = await browser.newContext({ timezoneId: "Asia/Tokyo", locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme/incidents/${x.openIncidentId}`);
    const time = page.locator("time").first();
    await page.waitForFunction(() => !document.querySelector("time")!.textContent!.endsWith("UTC"));
    expect(await time.getAttribute("title")).toMatch(/UTC$/);
    expect(await time.textContent()).toMatch(/GMT\+9|JST/);
    await context.close();
  });

  it("an incident update posted through the API shows at the next request", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/acme`);
    const text = `Browser-visible update ${Date.now()}`;
    const r = await api(server.url, x.key, "POST", `/v1/status-pages/incidents/${x.openIncidentId}/incident-updates`, { description: text, status: "IDENTIFIED" });
    expect(r.status).toBe(200);
    await page.reload();
    expect(await page.locator("[data-incident]").first().textContent()).toContain(text);
    await page.goto(`${server.url}/acme/incidents/${x.openIncidentId}`);
    expect(await page.locator("ol.timeline li").first().textContent()).toContain(text);
    await context.close();
  });
});

describe("hosts and privacy in the browser", () => {
  it("a custom domain shows its page; an unknown host gets the 404 page", async () => {
    const port = new URL(server.url).port;
    const mapped = await launch([`--host-resolver-rules=MAP ${CUSTOM_DOMAIN} 127.0.0.1, MAP unknown.test 127.0.0.1`]);
    try {
      const page = await mapped.newPage();
      const errors = watchErrors(page);
      const res = await page.goto(`http://${CUSTOM_DOMAIN}:${port}/`);
      expect(res?.status()).toBe(200);
      expect(await page.locator("h1").textContent()).toBe("Custom Co");
      await page.getByRole("link", { name: "History", exact: true }).click();
      expect(new URL(page.url()).pathname).toBe("/history");
      expect(await page.locator("h1").textContent()).toBe("Incident history");
      expect(errors).toEqual([]);
      const unknown = await page.goto(`http://unknown.test:${port}/`);
      expect(unknown?.status()).toBe(404);
      expect(await page.locator("h1").textContent()).toBe("No status page here");
    } finally {
      await mapped.close();
    }
  });

  it("a private page needs its password (or key link) and then stays open", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${server.url}/internal/history`);
    expect(res?.status()).toBe(401);
    expect(await page.content()).not.toContain("Secret card");
    await page.getByLabel("Access key or password").fill("wrong password");
    await page.getByRole("button", { name: "Open status page" }).click();
    expect(await page.locator(".notice[role=alert]").textContent()).toContain("not right");
    await page.getByLabel("Access key or password").fill(PASSWORD);
    await page.getByRole("button", { name: "Open status page" }).click();
    expect(new URL(page.url()).pathname).toBe("/internal/history");
    expect(await page.locator("h1").textContent()).toBe("Incident history");
    await page.goto(`${server.url}/internal`);
    expect(await page.locator("section.card h3").textContent()).toBe("Secret card");
    const cookies = await context.cookies();
    const access = cookies.find((c) => c.name.startsWith("hg_access_"))!;
    expect(access.httpOnly).toBe(true);
    expect(access.sameSite).toBe("Lax");
    expect(access.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await context.close();

    const viaLink = await browser.newContext();
    const p2 = await viaLink.newPage();
    await p2.goto(`${server.url}/internal?key=${x.privatePage.rawKey}`);
    expect(new URL(p2.url()).search).toBe("");
    expect(await p2.locator("section.card h3").textContent()).toBe("Secret card");
    await viaLink.close();
  });

  it("works without JavaScript: the page, an incident, the history and the unlock form", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme`);
    expect(await page.locator("#overall-status").textContent()).toBe("Partial outage");
    await page.locator("[data-incident] a").first().click();
    expect(await page.locator("ol.timeline li").count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator("time").first().textContent()).toMatch(/UTC$/);
    await page.goto(`${server.url}/internal`);
    await page.getByLabel("Access key or password").fill(PASSWORD);
    await page.getByRole("button", { name: "Open status page" }).click();
    expect(await page.locator("section.card h3").textContent()).toBe("Secret card");
    await context.close();
  });
});
