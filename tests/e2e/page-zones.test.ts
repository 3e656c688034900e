/**
 * The page in two time zones and two languages, in Chromium at phone and laptop widths, light and dark: days are the
 * page zone's, times print in its zone with its abbreviation (with and without JavaScript), nothing overflows, axe finds
 * nothing. The zones straddle the date line, so their "today" differs from UTC's most of the day, and from each other's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime, formatDayKey } from "@/lib/time/format";
import type { PageLocale } from "@/lib/time/locale";
import { api } from "./cache-helpers";
import { ROOT, startServer, type RunningServer } from "./harness";
import { launch, overflow } from "./page-fixtures";

const AXE = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
const CASES: { slug: string; zone: string; locale: PageLocale }[] = [
  { slug: "acme-auckland", zone: "Pacific/Auckland", locale: "de" },
  { slug: "acme-honolulu", zone: "Pacific/Honolulu", locale: "ja" },
];

let server: RunningServer;
let browser: Browser;

/** The zone's calendar day of an instant, as YYYY-MM-DD (en-CA prints ISO order). */
const dayIn = (zone: string, ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);

beforeAll(async () => {
  server = await startServer();
  const key = server.apiKey()!;
  const pages = await api<{ entries: { id: string; url: string }[] }>(server.url, key, "GET", "/v1/status-pages?limit=100");
  const demo = await api<{ cards: { name: string; services: { id: string }[] }[] }>(server.url, key, "GET", `/v1/status-pages/${pages.json.entries.find((p) => p.url === "acme")!.id}`);
  for (const c of CASES) {
    const r = await api(server.url, key, "POST", "/v1/status-pages", {
      name: `Acme (${c.zone})`, url: c.slug, timezone: c.zone, locale: c.locale,
      cards: demo.json.cards.map((card) => ({ name: card.name, services: card.services.map((s) => ({ id: s.id })) })),
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  }
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function axeViolations(page: Page): Promise<unknown[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } };
    const r = await w.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } });
    return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.length }));
  });
}

describe.each(CASES)("a page in $zone, in $locale", ({ slug, zone, locale }) => {
  it.each([
    [320, "light"],
    [1280, "dark"],
  ] as const)("at %i px (%s): today's bar is the zone's today, times carry the zone, no overflow, no axe violation", async (width, scheme) => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 800 }, timezoneId: zone === "Pacific/Auckland" ? "Europe/Lisbon" : "Asia/Kolkata" });
    const page = await context.newPage();
    const before = Date.now();
    await page.goto(`${server.url}/${slug}`, { waitUntil: "networkidle" });
    expect(await page.getAttribute("html", "lang")).toBe(locale);
    // The last bar is today in the page's zone (read either side of the request, in case a day ended between);
    // its label comes when focus reaches the bars (components/uptime-bars/bar-labels.ts).
    const bars = page.locator("ol.bars").first();
    await bars.locator("li").last().focus();
    await expect.poll(() => bars.getAttribute("data-labels")).toBe("done");
    const tip = await bars.locator("li:last-child > span").textContent();
    const todays = [before, Date.now()].map((t) => formatDayKey(dayIn(zone, t), locale));
    expect(todays.some((d) => tip!.startsWith(`${d}:`)), `${tip} vs ${todays.join(" / ")}`).toBe(true);
    // A time of the open incident: the page's zone with its abbreviation as the hover text, whatever the visitor's zone.
    const time = page.locator("time[datetime][title]").first();
    const ms = Date.parse((await time.getAttribute("datetime"))!);
    expect(await time.getAttribute("title")).toBe(formatDateTime(ms, { zone, locale }));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("without JavaScript the times read in the page's zone", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: "UTC" });
    const page = await context.newPage();
    await page.goto(`${server.url}/${slug}`);
    const time = page.locator("time[datetime][title]").first();
    const ms = Date.parse((await time.getAttribute("datetime"))!);
    expect(await time.textContent()).toBe(formatDateTime(ms, { zone, locale }));
    await context.close();
  });
});
