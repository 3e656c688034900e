/**
 * A maintenance occurrence in Chromium: listed on the page with its state and latest update, its own page with
 * every update (on the primary host and on a custom domain), 404 once skipped, nothing overflowing at 390 px.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./cache-helpers";
import { startServer, type RunningServer } from "./harness";
import { launch, overflow, watchErrors } from "./page-fixtures";

const HOUR = 3_600_000;
const DOMAIN = "maint.custom.test";

let server: RunningServer;
let browser: Browser;
let key: string;

beforeAll(async () => {
  server = await startServer();
  key = server.apiKey()!;
  browser = await launch([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a maintenance occurrence's own page", () => {
  it("links from the page, shows state and updates, follows an update, and is gone once skipped", async () => {
    const service = await api<{ id: string }>(server.url, key, "POST", "/v1/status-pages/services", { name: "Maintained API" });
    const page = await api<{ id: string }>(server.url, key, "POST", "/v1/status-pages", {
      name: "Maintained", url: "maintained", customDomain: DOMAIN, cards: [{ name: "Core", services: [{ id: service.json.id }] }],
    });
    expect(page.status, JSON.stringify(page.json)).toBe(201);
    const start = Math.floor(Date.now() / HOUR) * HOUR;
    const win = await api<{ id: number }>(server.url, key, "POST", "/v1/maintenance-windows", {
      name: "Storage <migration>", startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3 * HOUR).toISOString(), repeatUnit: "DAY", repeatInterval: 1, timezone: "Europe/Berlin",
      statusPageVisibility: { enabled: true, statusPageIds: [page.json.id], serviceIds: [service.json.id] },
    });
    expect(win.status, JSON.stringify(win.json)).toBe(201);
    const base = `/v1/maintenance-windows/${win.json.id}/maintenances`;
    const [now, next] = (await api<{ id: string }[]>(server.url, key, "GET", `${base}?limit=2`)).json;
    const note = await api<{ id: string }>(server.url, key, "POST", `${base}/${now.id}/updates`, { status: "VERIFYING", description: "Checking the **new volumes**" });
    expect(note.status).toBe(201);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const errors = watchErrors(tab);
    expect((await tab.goto(`${server.url}/maintained`))?.status()).toBe(200);
    const listed = tab.locator(`[data-occurrence="${now.id}"]`);
    expect(await listed.getAttribute("data-status")).toBe("VERIFYING");
    expect(await listed.textContent()).toContain("new volumes");
    expect(await tab.locator("li.service", { hasText: "Maintained API" }).locator(".status-text").first().textContent()).toBe("Under maintenance");
    await listed.getByRole("link", { name: "Storage <migration>" }).click();
    expect(new URL(tab.url()).pathname).toBe(`/maintained/maintenance/${now.id}`);
    expect(await tab.locator("h1").textContent()).toBe("Storage <migration>");
    expect(await tab.locator("[data-maintenance-status]").textContent()).toBe("Verifying");
    expect(await tab.locator("[data-update] strong").textContent()).toBe("new volumes");
    expect(await overflow(tab)).toBeLessThanOrEqual(0);

    expect((await api(server.url, key, "POST", `${base}/${now.id}/updates`, { status: "COMPLETED", description: "Finished" })).status).toBe(201);
    await tab.reload();
    expect(await tab.locator("[data-maintenance-status]").textContent()).toBe("Completed");
    expect(await tab.locator("[data-update]").count()).toBe(2);

    // On the custom domain the same occurrence lives at /maintenance/<id>.
    const port = new URL(server.url).port;
    expect((await tab.goto(`http://${DOMAIN}:${port}/maintenance/${now.id}`))?.status()).toBe(200);
    expect(await tab.locator("h1").textContent()).toBe("Storage <migration>");

    expect(errors).toEqual([]);

    expect((await api(server.url, key, "DELETE", `${base}/${next.id}`)).status).toBe(204);
    expect((await tab.goto(`${server.url}/maintained/maintenance/${next.id}`))?.status()).toBe(404);
    expect(await tab.getByText("There is no such maintenance on this status page.").count()).toBe(1);
    await context.close();
  });
});
