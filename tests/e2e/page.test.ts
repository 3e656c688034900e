/**
 * The status page in Chromium: what a visitor sees on the demo, theme before first paint, the
 * toggle, a custom domain, an unknown host, a private page, freshness after a write, keyboard.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_THEME } from "@/lib/demo/data";
import { STATUS_COLORS } from "@/lib/theme/palette";
import { api } from "./cache-helpers";
import { startServer, type RunningServer } from "./harness";
import { CUSTOM_DOMAIN, launch, makeExtras, overflow, PASSWORD, rgb, watchErrors, WIDTHS, type Extras } from "./page-fixtures";

/** Days a bar list covers (quiet days in a row are one element `--n` days wide); only those on screen when `shown`. Runs in the page. */
function daysIn(ol: Element, shown = false): number {
  return (Array.from(ol.children) as HTMLElement[]).filter((li) => !shown || li.getClientRects().length > 0).reduce((n, li) => n + Number(li.style.getPropertyValue("--n") || 1), 0);
}

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
    // Quiet days in a row are one element `--n` days wide: every list covers 90 days, in fewer elements.
    expect(await page.locator("ol.bars").count()).toBe(10);
    for (const bars of await page.locator("ol.bars").all()) expect(await bars.evaluate(daysIn)).toBe(90);
    expect(await page.locator("ol.bars > li").count()).toBeLessThan(900);
    // Analytics pipeline is 40 days old: its first 50 days have no data, and look different.
    const analytics = page.locator("li.service", { hasText: "Analytics pipeline" });
    // (the creation day itself has data from the hour it was created)
    expect(await analytics.locator("ol.bars").evaluate((ol) => Array.from(ol.querySelectorAll<HTMLElement>(":scope > .n"), (li) => Number(li.style.getPropertyValue("--n") || 1)).reduce((a, b) => a + b, 0))).toBe(49);
    // Each day of a run is as wide as a single day's bar (grow n, basis n - 1 gaps).
    const widths = await page.locator("ol.bars").first().evaluate((ol) => {
      const els = Array.from(ol.children) as HTMLElement[];
      const one = els.at(-1)!.getBoundingClientRect().width;
      const gap = parseFloat(getComputedStyle(ol).columnGap);
      return els.map((li) => ({ n: Number(li.style.getPropertyValue("--n") || 1), w: li.getBoundingClientRect().width, one, gap }));
    });
    expect(widths.some((x) => x.n > 1)).toBe(true);
    for (const { n, w, one, gap } of widths) expect(Math.abs(w - (n * one + (n - 1) * gap))).toBeLessThan(1);
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

  it("the toggle (next-themes) switches the theme and remembers it per page, shown from the first frame", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/acme`);
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg()).toBe(rgb(DEMO_THEME.light.bodyBackgroundColor));
    await page.locator("button[data-theme-choice=dark]").click();
    expect(await bg()).toBe(rgb(DEMO_THEME.dark.bodyBackgroundColor));
    expect(await page.locator("button[data-theme-choice=dark]").getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("hg-theme:acme"))).toBe("dark");
    // On the next visit next-themes' inline script applies the stored choice before the first frame, and the
    // toggle shows it pressed in that same frame (not "System" until hydration).
    const frames: { bg: string; pressed: string }[] = [];
    await page.exposeFunction("recordFrame", (f: { bg: string; pressed: string }) => frames.push(f));
    await page.addInitScript(() => {
      const tick = () => {
        const button = document.querySelector("button[data-theme-choice=dark]");
        if (!document.body || !button) return requestAnimationFrame(tick);
        (window as unknown as { recordFrame: (f: object) => void }).recordFrame({
          bg: getComputedStyle(document.body).backgroundColor,
          pressed: getComputedStyle(button).backgroundColor,
        });
      };
      requestAnimationFrame(tick);
    });
    await page.reload();
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    expect(frames[0].bg).toBe(rgb(DEMO_THEME.dark.bodyBackgroundColor));
    expect(frames[0].pressed).toBe(rgb(DEMO_THEME.dark.primaryButtonBackgroundColor));
    // Remembered per page: the other demo page keeps its own default.
    await page.goto(`${server.url}/acme-payments`);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("light");
    await page.goto(`${server.url}/acme`);
    await page.locator("button[data-theme-choice=system]").click();
    expect(await bg()).toBe(rgb(DEMO_THEME.light.bodyBackgroundColor));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript the toggle is not shown (it could not work)", async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/acme`);
      expect(await page.locator(".theme-toggle").isVisible(), `js ${javaScriptEnabled}`).toBe(javaScriptEnabled);
      await context.close();
    }
  });

  it("uptime bars are reachable by keyboard and move with the arrow keys; what a day was comes when a visitor reaches them", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bars: string[] = [];
    page.on("request", (r) => void (r.url().endsWith("/bars") && bars.push(r.url())));
    await page.goto(`${server.url}/acme`, { waitUntil: "networkidle" });
    // The page carries the bars' colours only: no label until a visitor reaches them (components/uptime-bars/bar-labels.ts).
    expect(bars).toEqual([]);
    expect(await page.locator("ol.bars > li > span").count()).toBe(0);
    const firstBars = page.locator("ol.bars").first();
    const focusedText = () => page.evaluate(() => document.activeElement!.textContent);
    // The arrow keys work once the page has hydrated (the "load" event can come first on a busy machine), and
    // focus fetches the row's labels: focus today, press ←, until yesterday has the focus and its label.
    await expect
      .poll(async () => {
        await firstBars.locator("li").last().focus();
        await page.keyboard.press("ArrowLeft");
        const text = await focusedText();
        return !!text && text === (await firstBars.locator("li").nth((await firstBars.locator("li").count()) - 2).textContent());
      }, { timeout: 10_000 })
      .toBe(true);
    expect(bars).toHaveLength(1);
    // A day, or a run of quiet days ("7 – 26 September 2026: Operational · 100% uptime · no incidents").
    expect(await focusedText()).toMatch(/^(\d{1,2}( \w+)?( \d{4})?\s–\s)?\d{1,2} \w+ \d{4}: ((Operational|Degraded performance|Partial outage|Major outage|Under maintenance)\b.* (100%|\d+\.\d\d%) uptime|No data yet)/);
    // The tooltip of the focused bar is visible (not only read out).
    expect(await page.evaluate(() => (document.activeElement!.querySelector("span") as HTMLElement).getBoundingClientRect().width)).toBeGreaterThan(50);
    await page.keyboard.press("Home");
    expect(await focusedText()).toBe(await firstBars.locator("li").first().textContent());
    // A pointer on another row fetches that row's labels: today's bar of the late pipeline names its incident.
    const analytics = page.locator("li.service", { hasText: "Analytics pipeline" }).locator("ol.bars");
    await analytics.locator("li").last().hover();
    await expect.poll(() => analytics.getAttribute("data-labels")).toBe("done");
    await analytics.locator("li").last().hover();
    const tip = analytics.locator("li:last-child > span");
    expect(await tip.textContent()).toContain("Analytics pipeline running behind");
    expect((await tip.boundingBox())!.width).toBeGreaterThan(50);
    expect(bars).toHaveLength(2);
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

// The channel registry's names and field labels (lib/notifications/channels; importing it here would load the server env).
const CHANNELS = [
  ["EMAIL", "E-mail", "E-mail address"],
  ["WEBHOOK", "Webhook", "Webhook URL"],
  ["SLACK", "Slack", "Slack incoming-webhook URL"],
  ["TEAMS", "Microsoft Teams", "Teams workflow or incoming-webhook URL"],
  ["DISCORD", "Discord", "Discord webhook URL"],
  ["GOOGLE_CHAT", "Google Chat", "Google Chat webhook URL"],
  ["SMS", "Text message", "Mobile number (with country code)"],
] as const;

describe("phones, loud outages, incident text, following", () => {
  it.each(WIDTHS.map((w) => [w]))("at %i px: no overflow, fewer days on phones with the period stated, today shown, header in two rows, status above the fold", async (width) => {
    // Without JavaScript: what the cached HTML and CSS alone do.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const bars = page.locator("ol.bars").first();
    const shown = await bars.evaluate(daysIn, true);
    const days = width < 500 ? 30 : 90;
    expect(shown).toBe(days);
    const today = await bars.locator("li").last().boundingBox();
    expect(today!.x + today!.width).toBeLessThanOrEqual(width);
    // The period under every list, drawn by CSS from words the page writes once (barPeriodVars), and "Today".
    const periods = await page.locator("ol.bars + .periods").evaluateAll((els) => els.map((el) => [getComputedStyle(el, "::before").content, getComputedStyle(el, "::after").content]));
    expect(periods).toHaveLength(await page.locator("ol.bars").count());
    for (const [period, today] of periods) {
      expect(period).toMatch(new RegExp(`^"Last ${days} days · \\d{1,2} \\w+ \\d{4}"$`));
      expect(today).toBe('"Today"');
    }
    // header: brand and toggle on one row, the links on at most one more
    const rows = await page.locator(".site-header > div > *").evaluateAll((els) => {
      // a new row starts where an item begins below the bottom of the row before
      const boxes = els.map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0).sort((a, b) => a.top - b.top);
      let count = 0;
      let bottom = -Infinity;
      for (const r of boxes) {
        if (r.top >= bottom - 1) count++;
        bottom = Math.max(bottom, r.bottom);
      }
      return count;
    });
    expect(rows).toBeLessThanOrEqual(2);
    const banner = await page.locator("section.banner").boundingBox();
    expect(banner!.y).toBeLessThan(640 / 2);
    await context.close();
  });

  it("during an outage the banner takes the worst status's colour, names the affected component and links to the incident", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme`);
    const banner = page.locator("section.banner");
    expect(await banner.getAttribute("data-status")).toBe("PARTIAL_OUTAGE");
    expect(await banner.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(rgb(STATUS_COLORS.light.PARTIAL_OUTAGE));
    expect(await banner.locator("[data-banner-affected]").textContent()).toContain("Analytics pipeline — Partial outage");
    expect(await banner.getByRole("link", { name: "Analytics pipeline running behind" }).getAttribute("href")).toBe(`/acme/incidents/${x.openIncidentId}`);
    // the active incident shows its latest update before what it affects
    const active = page.locator("[data-incident]").first();
    const order = await active.evaluate((a) => [a.querySelector("[role=group]"), a.querySelector("[data-affected]")].map((e) => (e ? Array.from(a.querySelectorAll("*")).indexOf(e) : -1)));
    expect(order[0]).toBeGreaterThan(-1);
    expect(order[0]).toBeLessThan(order[1]);
    await context.close();
  });

  it("incident text: lists keep bullets without timeline dots, links are underlined, pills stay out of headings", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/acme/incidents/${x.markdownIncidentId}`);
    const md = page.locator("ol.timeline .md").last();
    expect(await md.locator("ul").first().evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe("disc");
    expect(await md.locator("ol").first().evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe("decimal");
    for (const li of await md.locator("li").all()) expect(await li.evaluate((e) => getComputedStyle(e, "::before").content)).toBe("none");
    expect(await page.locator("ol.timeline > li").first().evaluate((e) => getComputedStyle(e, "::before").content)).not.toBe("none");
    for (const a of await page.locator(".md a").all()) expect(await a.evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe("underline");
    await page.goto(`${server.url}/acme`);
    for (const h of await page.locator("[data-incident] h3, [data-maintenance] h3, #overall-status").all()) expect(await h.locator(".pill").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Analytics pipeline running behind", exact: true }).count()).toBe(1);
    await context.close();
  });

  it("every page links its RSS and Atom feeds in <head>", async () => {
    for (const path of ["/acme", `/acme/incidents/${x.openIncidentId}`, "/acme/history", "/acme/subscribe", "/custom-co"]) {
      const r = await fetch(`${server.url}${path}`);
      const head = (await r.text()).split("</head>")[0];
      expect(head, path).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="http:\/\/[^"]+\/feed\.rss"/);
      expect(head, path).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="http:\/\/[^"]+\/feed\.atom"/);
    }
  });

  it("the subscribe page offers every way to follow, and its labels follow the chosen channel without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme/subscribe`);
    const ways = (await page.locator("[data-follow-ways]").textContent())!;
    for (const [, name] of CHANNELS) expect(ways).toContain(name);
    for (const link of ["RSS feed", "Atom feed", "Maintenance calendar (iCal)"]) expect(await page.getByRole("link", { name: link }).count()).toBe(1);
    const offered = await page.locator('input[name="type"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    for (const type of offered) {
      await page.locator(`input[name="type"][value="${type}"]`).check();
      const field = CHANNELS.find(([t]) => t === type)![2];
      expect(await page.getByRole("textbox", { name: field, exact: true }).count(), type).toBe(1);
    }
    await context.close();
  });

  it("the header's focus ring takes the header's font colour (the link colour can vanish on a dark header)", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${server.url}/acme`);
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // brand
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { inHeader: !!el.closest(".site-header"), color: getComputedStyle(el).outlineColor, style: getComputedStyle(el).outlineStyle };
    });
    expect(ring).toEqual({ inHeader: true, color: rgb(DEMO_THEME.light.headerFontColor), style: "solid" });
    await context.close();
  });

  it("an unknown address below a page that exists says the page exists and links to it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${server.url}/acme/does-not-exist`);
    expect(res?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    expect(await page.getByRole("link", { name: /Acme Cloud/ }).getAttribute("href")).toBe("/acme");
    await context.close();
  });

  it("a badge of an unknown page is a grey 'not found' badge, not an HTML page", async () => {
    const r = await fetch(`${server.url}/no-such-page/badge.svg`);
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await r.text()).toMatch(/^<svg[\s\S]*not found/);
  });
});
