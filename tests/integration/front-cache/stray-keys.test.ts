/**
 * Cache keys a stranger cannot mint: `?denied=<anything>` on a public page's HTML routes and `/history?page=<junk>`
 * are stray, dropped before keying (or redirected away): no entry, no render; `?denied=1` keeps its one meaning, the
 * locked page's "wrong key" state. On lib/front-cache/server.ts's stack, Next stood in for, entries counted by stats.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { CACHE_ACCESS_HEADER, CACHE_TAGS_HEADER } from "@/lib/cache/headers";
import { CaptureResponse } from "@/lib/front-cache/capture";
import { FrontCache } from "@/lib/front-cache/front-cache";
import { answerStatusPage } from "@/lib/static-pages/answer";
import { createStaticPages } from "@/lib/static-pages/render";
import { installStaticPages, staticPages } from "@/lib/static-pages/registry";
import { tenancyConfig } from "@/lib/tenancy/config";
import { makePage, openIncident } from "../public/fixtures";

const STATS = "/_heliograph/front-cache";
const HOST = new URL(tenancyConfig().publicOrigin).host;
const WRONG_KEY = "That key or password is not right";
const before = staticPages();
let server: http.Server;
let port: number;

/** Next's part, stood in for: proxy.ts redirects or sets the status and cache headers, and the route answers. */
async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const decided = (await proxy(new NextRequest(`http://${HOST}${req.url}`, { headers })))!;
  const location = decided.headers.get("location");
  if (location) return void res.writeHead(decided.status, { location }).end();
  const out: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
  for (const h of ["cache-control", CACHE_TAGS_HEADER, CACHE_ACCESS_HEADER]) {
    const v = decided.headers.get(h);
    if (v !== null) out[h] = v;
  }
  res.writeHead(decided.status, out).end(`<!DOCTYPE html><p>${req.url}</p>`);
}

beforeAll(async () => {
  installStaticPages(createStaticPages({ css: [], islands: "/_next/static/heliograph/islands-T.js" }));
  const tenancy = tenancyConfig();
  const render = async (req: IncomingMessage, res: ServerResponse) => {
    if (await answerStatusPage(req, res, { tenancy, direct: !(res instanceof CaptureResponse) })) return;
    await nextStandIn(req, res);
  };
  const cache = new FrontCache({ handler: render, maxBytes: 16 * 1024 * 1024, tenancy, statsPath: STATS });
  server = http.createServer(cache.handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  if (before) installStaticPages(before);
  await new Promise<void>((r) => server.close(() => r()));
});

async function get(path: string): Promise<{ status: number; body: string; location: string | null }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { host: HOST }, redirect: "manual" });
  return { status: res.status, body: await res.text(), location: res.headers.get("location") };
}

const pathOf = (location: string | null) => {
  const u = new URL(location ?? "", "http://x");
  return `${u.pathname}${u.search}`;
};
const stats = async () => JSON.parse((await get(STATS)).body) as { entries: number; renders: number };

describe(`stray cache keys on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("?denied=<anything> on a public page's routes and /history?page=<junk> add no entry and force no render", async () => {
    const p = await makePage();
    const { incident } = await openIncident(p.db, p.accountId, [p.services.api.id]);
    const routes = ["", "/history", `/incidents/${incident.id}`, "/maintenance/1", "/uptime"].map((r) => `/${p.slug}${r}`);
    for (const r of [...routes, `/${p.slug}/history?page=2`]) expect((await get(r)).status, r).toBeLessThan(500);
    const warm = await stats();

    for (let i = 1; i <= 50; i++) {
      for (const r of routes) expect((await get(`${r}?denied=x${i}`)).status, r).toBeLessThan(500);
      await get(`/${p.slug}/history?page=junk${i}`);
    }
    for (const junk of ["1", "01", "0", "1201", "2&page=3", "+2", "2.0"]) await get(`/${p.slug}/history?page=${junk}`);
    const after = await stats();
    expect(after.entries).toBe(warm.entries);
    expect(after.renders).toBe(warm.renders);

    // `denied=1` means nothing on a public page either: sent away to the page's own address, never kept.
    const one = await get(`/${p.slug}/history?denied=1`);
    expect([one.status, pathOf(one.location)]).toEqual([308, `/${p.slug}/history`]);
    expect((await stats()).entries).toBe(warm.entries);
    // A valid history page is still one of its own.
    expect((await get(`/${p.slug}/history?page=3`)).status).toBe(200);
    expect((await stats()).entries).toBe(warm.entries + 1);
  });

  it("a locked private page still shows its wrong-key state with ?denied=1, and only then", async () => {
    const p = await makePage({ isPrivate: true, withKey: true });
    const denied = await get(`/${p.slug}?denied=1`);
    expect(denied.status).toBe(401);
    expect(denied.body).toContain(WRONG_KEY);
    for (const other of [`/${p.slug}`, `/${p.slug}?denied=x1`, `/${p.slug}?denied=1&denied=1`]) {
      const res = await get(other);
      expect(res.status, other).toBe(401);
      expect(res.body, other).not.toContain(WRONG_KEY);
    }
  });
});
