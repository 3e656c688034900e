/** Shared set-up for the status page browser tests: extra pages made through the management API. */
import { chromium, type Browser, type ConsoleMessage, type Page } from "playwright-core";
import { expect } from "vitest";
import { api } from "./cache-helpers";
import { CHROMIUM_ARGS, CHROMIUM_PATH, type RunningServer } from "./harness";

export const CUSTOM_DOMAIN = "status.custom.test";
export const PASSWORD = "open sesame 42";

export interface Extras {
  key: string;
  privatePage: { id: string; url: string; rawKey: string };
  customPage: { id: string; url: string };
  openIncidentId: string;
  /** a resolved incident whose updates hold markdown lists (nested too) and links */
  markdownIncidentId: string;
}

/** What the markdown incident's first update says: lists inside a timeline item, and a link in running text. */
export const MARKDOWN_UPDATE = [
  "We are rolling back. Steps taken:",
  "",
  "- Paused the deploy",
  "  - nested: drained the canary",
  "- Rolled back **DNS** config",
  "",
  "1. first ordered step",
  "2. second ordered step",
  "",
  "Details in the [runbook](https://example.com/runbook) and on [our blog](https://example.com/blog).",
].join("\n");

/** The widths the page is checked at: two phones, a tablet, a laptop. */
export const WIDTHS = [320, 390, 768, 1280] as const;

/** A private page (password + page key) and a custom-domain page, each listing one demo service. */
export async function makeExtras(server: RunningServer): Promise<Extras> {
  const key = server.apiKey()!;
  expect(key).toMatch(/^hg_/);
  const services = await api<{ entries: { id: string; name: string }[] }>(server.url, key, "GET", "/v1/status-pages/services?limit=100");
  const dns = services.json.entries.find((s) => s.name === "DNS")!;
  const priv = await api<{ id: string; url: string }>(server.url, key, "POST", "/v1/status-pages", {
    name: "Internal tools", url: "internal", isPrivate: true, cards: [{ name: "Secret card", services: [{ id: dns.id }] }],
  });
  expect(priv.status, JSON.stringify(priv.json)).toBe(201);
  expect((await api(server.url, key, "PUT", `/v1/status-pages/${priv.json.id}/password`, { password: PASSWORD })).status).toBe(204);
  const pageKey = await api<{ key: string }>(server.url, key, "POST", `/v1/status-pages/${priv.json.id}/keys`, {});
  expect(pageKey.status).toBe(201);
  const custom = await api<{ id: string; url: string }>(server.url, key, "POST", "/v1/status-pages", {
    name: "Custom Co", url: "custom-co", customDomain: CUSTOM_DOMAIN, defaultTheme: "DARK", cards: [{ name: "Edge", services: [{ id: dns.id }] }],
  });
  expect(custom.status, JSON.stringify(custom.json)).toBe(201);
  const incidents = await api<{ entries: { id: string; lastUpdateStatus: string }[] }>(server.url, key, "GET", "/v1/status-pages/incidents?limit=100");
  const open = incidents.json.entries.find((i) => i.lastUpdateStatus !== "RESOLVED")!;
  const md = await api<{ id: string }>(server.url, key, "POST", "/v1/status-pages/incidents", {
    name: "DNS lookups failing for some zones", severity: "MINOR", services: [{ id: dns.id }], incidentUpdates: [{ description: MARKDOWN_UPDATE }],
  });
  expect(md.status, JSON.stringify(md.json)).toBe(201);
  const resolved = await api(server.url, key, "POST", `/v1/status-pages/incidents/${md.json.id}/incident-updates`, {
    description: "Resolved. See the [post-mortem](https://example.com/pm) for what we change.", status: "RESOLVED",
  });
  expect(resolved.status).toBe(200);
  return { key, privatePage: { ...priv.json, rawKey: pageKey.json.key }, customPage: custom.json, openIncidentId: open.id, markdownIncidentId: md.json.id };
}

export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Horizontal overflow of the document in CSS pixels (0 when nothing sticks out). */
export async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Collects console errors and failed page errors, to assert none happened. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/** "#0b1020" → "rgb(11, 16, 32)", as getComputedStyle reports it. */
export function rgb(hex: string): string {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
