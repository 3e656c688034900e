/**
 * The browser half of the standing XSS corpus: every payload in every text field a page shows, rendered by a
 * production server and opened in Chromium (the page, each incident page, history, the widget). No dialog opens, and
 * the live DOM after hydration holds no script but the app's own, no handler, no script URL, no element a payload brought.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { THEME_SCRIPT_PATTERN } from "@/lib/theme/script";
import { PAGE_DATA_ID } from "@/components/islands/page-data";
import { XSS_PAYLOADS } from "../../attack/xss-payloads";
import { launch } from "../page-fixtures";
import { startServer, type RunningServer } from "../harness";

const BATCH = 23; // cards (one per payload) on each batch page: at most 25 per page
const HOUR = 3_600_000;
const stored = (payload: string) => payload.replaceAll("\u0000", ""); // NUL: refused or stripped at input
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

let server: RunningServer;
let browser: Browser;
let tab: Page;
let host: Page;
const dialogs: string[] = [];
let loads = 0;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  for (;;) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.apiKey()}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
      continue;
    }
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** Run in the page: everything in the live DOM that could run script or that a payload brought. */
function findHostile({ themeScript, dataId }: { themeScript: string; dataId: string }): string[] {
  const bad: string[] = [];
  const URL_ATTRS = ["href", "src", "action", "formaction", "xlink:href", "data", "background", "poster", "srcset"];
  const FOREIGN = ["iframe", "object", "embed", "base", "frame", "xss", "x", "marquee", "isindex", "keygen", "foreignobject", "math", "video", "audio", "animate"];
  for (const el of Array.from(document.querySelectorAll("*"))) {
    const tag = el.localName.toLowerCase();
    if (FOREIGN.includes(tag)) bad.push(`<${tag}>`);
    if (tag === "script") {
      const s = el as HTMLScriptElement;
      // the app's own: Next chunks and the islands script by src, and the inline bootstraps Next and next-themes
      // write (flight data carries page text only inside JSON string literals); a statically rendered page's
      // island data is JSON that never runs, and must parse as JSON (a payload that broke out would not)
      const isJson = (text: string) => {
        try {
          JSON.parse(text);
          return true;
        } catch {
          return false;
        }
      };
      const own = s.src
        ? new URL(s.src).origin === location.origin && new URL(s.src).pathname.startsWith("/_next/")
        : new RegExp(themeScript, "s").test(s.text) ||
          /^\s*(\(self\.__next_f\s*=|self\.__next_f\.push\(|\(globalThis\["TURBOPACK"\])/.test(s.text) ||
          (s.type === "application/json" && s.id === dataId && isJson(s.text) && document.querySelectorAll(`script#${dataId}`).length === 1);
      if (!own) bad.push(`<script> ${s.src || s.text.slice(0, 80)}`);
    }
    if (tag === "meta" && (el.getAttribute("http-equiv") ?? "").toLowerCase() === "refresh" && /url\s*=/i.test(el.getAttribute("content") ?? "")) bad.push("<meta refresh url>");
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on")) bad.push(`<${tag} ${name}>`);
      if (name === "srcdoc") bad.push(`<${tag} srcdoc>`);
      if (URL_ATTRS.includes(name)) {
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(a.value.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, ""))?.[1]?.toLowerCase();
        if (scheme === "javascript" || scheme === "vbscript" || scheme === "data") bad.push(`<${tag} ${name}=${scheme}:>`);
      }
    }
  }
  return bad;
}

/**
 * Opens a page and checks its DOM. `hydrated`: wait until the network is idle, so the DOM read is the one
 * React left after hydration; otherwise the server's DOM as loaded (text can only become markup through
 * the server's HTML, which hydration reuses).
 */
async function visit(path: string, label: string, hydrated = false): Promise<{ title: string; text: string }> {
  const res = await tab.goto(`${server.url}${path}`, { waitUntil: "load" });
  expect(res?.status(), `${path} (${label})`).toBe(200);
  if (hydrated) await tab.waitForLoadState("networkidle");
  loads++;
  expect(await tab.evaluate(findHostile, { themeScript: THEME_SCRIPT_PATTERN, dataId: PAGE_DATA_ID }), `${path} (${label})`).toEqual([]);
  expect(dialogs, `${path} (${label})`).toEqual([]);
  return tab.evaluate(() => ({ title: document.title, text: document.body.textContent ?? "" }));
}

/** embed.js on a blank page: the pill names the page as text, and nothing else enters its shadow root. */
async function pill(slug: string, name: string) {
  await host.setContent(`<!doctype html><title>host</title><script src="${server.url}/${slug}/embed.js"></script>`);
  const handle = await host.waitForFunction(() => {
    const root = document.querySelector("[data-heliograph-status]")?.shadowRoot;
    const link = root?.querySelector("a");
    return link?.title ? { title: link.title, tags: Array.from(root!.querySelectorAll("*")).map((e) => e.localName) } : null;
  });
  const shown = (await handle.jsonValue())!;
  loads++;
  expect(shown.title.startsWith(`${name}: `), name).toBe(true);
  expect(shown.tags, name).toEqual(["style", "a", "i", "span"]);
  expect(dialogs, name).toEqual([]);
}

interface Batch {
  id: string;
  url: string;
  cards: { name: string; services: { id: string }[] }[];
  payloads: string[];
  incidents: string[];
}
const batches: Batch[] = [];

beforeAll(async () => {
  // Hundreds of API writes set the corpus up: the rate limit is not under test here, and waiting it out cost a minute.
  server = await startServer({ env: { HELIOGRAPH_API_RATE_LIMIT: "100000" } });
  browser = await launch();
  tab = await browser.newPage();
  tab.on("dialog", (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  // the pill's host: routing every request turns the HTTP cache off, so status.json follows each rename
  host = await browser.newPage();
  await host.route("**/*", (route) => route.continue());
  host.on("dialog", (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  const now = Date.now();
  for (let b = 0; b * BATCH < XSS_PAYLOADS.length; b++) {
    const payloads = XSS_PAYLOADS.slice(b * BATCH, (b + 1) * BATCH);
    const services: { id: string }[] = [];
    for (const p of payloads) services.push(await api<{ id: string }>("POST", "/v1/status-pages/services", { name: stored(p) }));
    const cards = payloads.map((p, i) => ({ name: stored(p), services: [{ id: services[i].id }] }));
    const page = await api<{ id: string; url: string }>("POST", "/v1/status-pages", { name: stored(payloads[0]), url: `xss-${b}`, description: stored(payloads[0]), cards });
    const incidents: string[] = [];
    for (const [i, p] of payloads.entries()) {
      const at = new Date(now - HOUR + i * 1000).toISOString();
      const inc = await api<{ id: string }>("POST", "/v1/status-pages/incidents", {
        name: stored(p), severity: "MINOR", services: [{ id: services[i].id }], incidentUpdates: [{ description: stored(p), status: "INVESTIGATING", publicIncidentUpdateDate: at }],
      });
      incidents.push(inc.id);
      await api("POST", "/v1/maintenance-windows", {
        name: stored(p), description: stored(p), startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + HOUR).toISOString(), repeatUnit: null,
        statusPageVisibility: { enabled: true, statusPageIds: [page.id], serviceIds: [services[i].id], showAffectedServices: true },
      });
    }
    batches.push({ ...page, cards, payloads, incidents });
  }
}, 300_000);

afterAll(async () => {
  console.log(`XSS corpus in Chromium: ${XSS_PAYLOADS.length} payloads, ${loads} page loads checked`);
  await browser?.close();
  await server?.stop();
});

describe("XSS corpus in Chromium against a production server", () => {
  it("each batch page, its history and its widget: every card, service, incident and maintenance text inert", async () => {
    for (const b of batches) {
      const page = await visit(`/${b.url}`, "page", true);
      for (const p of b.payloads) expect(squash(page.text), p).toContain(squash(stored(p)).slice(0, 40));
      await visit(`/${b.url}/history`, "history", true);
      await visit(`/${b.url}/embed`, "widget", true);
    }
  }, 300_000);

  it("every incident page", async () => {
    for (const b of batches) {
      for (const [i, id] of b.incidents.entries()) {
        const page = await visit(`/${b.url}/incidents/${id}`, b.payloads[i], i === 0);
        expect(squash(page.text), b.payloads[i]).toContain(squash(stored(b.payloads[i])).slice(0, 40));
      }
    }
  }, 300_000);

  it("every payload as the page's name and description (title, header, meta tags; embed.js's pill)", async () => {
    const b = batches[0];
    const cards = b.cards.slice(0, 1);
    const small = await api<{ id: string; url: string }>("POST", "/v1/status-pages", { name: "Rotating", url: "xss-names", cards });
    for (const [i, p] of XSS_PAYLOADS.entries()) {
      await api("PUT", `/v1/status-pages/${small.id}`, { name: stored(p), url: small.url, description: stored(p), cards });
      const page = await visit(`/${small.url}`, p, i === 0);
      expect(squash(page.title), p).toContain(squash(stored(p)));
      await pill(small.url, stored(p).trim());
    }
  }, 300_000);
});
