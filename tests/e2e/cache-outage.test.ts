/**
 * Database outage (PostgreSQL behind a relay the test cuts): public routes keep answering 200 with the last good copy,
 * marked stale; the API answers 503 with the error envelope; recovery needs no restart. SQLite has no connection to
 * lose; the same logic is covered store-agnostically in tests/unit/front-cache/freshness.test.ts.
 */
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer, type RunningServer } from "./harness";
import { api, openIncident, postUpdate, raw } from "./cache-helpers";
import { CuttableLink, freshSchema } from "./cache-pg";

let server: RunningServer;
let key: string;
let link: CuttableLink;
let db: Awaited<ReturnType<typeof freshSchema>>;

beforeAll(async () => {
  db = await freshSchema();
  link = new CuttableLink();
  const port = await link.open();
  server = await startServer({ env: { DATABASE_URL: db.url(port) } });
  key = server.apiKey()!;
});
afterAll(async () => {
  await server?.stop();
  await link?.cut();
  await db?.drop();
});

describe("database outage", () => {
  it("serves the last good copy, answers the API with 503, and recovers by itself", async () => {
    const incident = await openIncident(server.url, key);
    const before = `Before the outage ${Date.now()}`;
    await postUpdate(server.url, key, incident.id, before);
    const good = await raw(server.url, "/acme");
    expect(good.text).toContain(before);
    const goodJson = await raw(server.url, "/acme/api/v2/summary.json");
    expect(goodJson.status).toBe(200);
    // A write the page has not shown yet, then the database goes away.
    const during = `Written just before the outage ${Date.now()}`;
    await postUpdate(server.url, key, incident.id, during);
    await link.cut();

    const page = await raw(server.url, "/acme", { "accept-encoding": "gzip" });
    expect(page.status).toBe(200);
    expect(page.headers.warning).toBe('110 - "Response is Stale"');
    expect(Number(page.headers.age)).toBeGreaterThanOrEqual(0);
    expect(page.text).toContain(before);
    expect(page.text).toContain("Status may be out of date");
    // A visitor sees the note, also after the page's scripts ran (hydration may drop markup React did not render).
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const tab = await browser.newPage();
      await tab.goto(`${server.url}/acme`, { waitUntil: "load" });
      await tab.waitForTimeout(1000);
      const shown = await tab.evaluate(() => {
        const el = document.querySelector("div[data-heliograph-stale]") as HTMLElement | null;
        return (el?.innerText ?? "") + getComputedStyle(document.body, "::before").content;
      });
      expect(shown).toContain("Status may be out of date");
    } finally {
      await browser.close();
    }
    const json = await raw(server.url, "/acme/api/v2/summary.json");
    expect(json.status).toBe(200);
    expect(json.headers.warning).toContain("110");
    expect(() => JSON.parse(json.text)).not.toThrow();

    const apiAnswer = await api<{ statusCode: number; error: string; message: string }>(server.url, key, "GET", "/v1/status-pages/incidents");
    expect(apiAnswer.status).toBe(503);
    expect(apiAnswer.json.statusCode).toBe(503);
    expect(apiAnswer.json.error).toBe("Service Unavailable");
    expect(typeof apiAnswer.json.message).toBe("string");

    await link.open();
    const deadline = Date.now() + 20_000;
    let back = await raw(server.url, "/acme");
    while (!(back.headers.warning === undefined && back.text.includes(during)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      back = await raw(server.url, "/acme");
    }
    expect(back.status).toBe(200);
    expect(back.headers.warning).toBeUndefined();
    expect(back.text).toContain(during);
    expect(back.text).not.toContain("Status may be out of date");
    expect((await api(server.url, key, "GET", "/v1/status-pages/incidents")).status).toBe(200);
  });
});
