/**
 * The front cache in the real server (production build), once on SQLite and once on PostgreSQL + Redis:
 * what is stored and for whom, 304s, freshness after a write through the API, time-based refresh.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ROOT, startServer, type RunningServer } from "./harness";
import { api, openIncident, postUpdate, raw } from "./cache-helpers";
import { REDIS_URL, freshSchema, requireRedis } from "./cache-pg";

const TTL_S = 5;
let server: RunningServer;
let key: string;

describe.each(["sqlite", "postgres+redis"])("front cache in the production server (%s)", (store) => {
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const env: Record<string, string> = { HELIOGRAPH_FRONT_CACHE_TTL_SECONDS: String(TTL_S) };
    if (store === "postgres+redis") {
      await requireRedis();
      const db = await freshSchema();
      const prefix = `hg-e2e-${randomUUID().slice(0, 8)}:`;
      Object.assign(env, { DATABASE_URL: db.url(), REDIS_URL, HELIOGRAPH_REDIS_PREFIX: prefix });
      cleanup = async () => {
        await db.drop();
        const r = new Redis(REDIS_URL);
        const keys = await r.keys(`${prefix}*`);
        if (keys.length) await r.del(...keys);
        r.disconnect();
      };
    }
    server = await startServer({ env });
    key = server.apiKey()!;
    expect(key).toMatch(/^hg_/);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });
  tests();
});

/** A page with one card listing one of the demo's services; returns its id, slug and that service's name. */
async function createPage(body: Record<string, unknown>): Promise<{ id: string; url: string; serviceName: string }> {
  const services = await api<{ entries: { id: string; name: string }[] }>(server.url, key, "GET", "/v1/status-pages/services?limit=1");
  const service = services.json.entries[0];
  const r = await api<{ id: string; url: string }>(server.url, key, "POST", "/v1/status-pages", {
    cards: [{ name: "Main", services: [{ id: service.id }] }],
    ...body,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return { ...r.json, serviceName: service.name };
}

function tests() {
  it("serves the demo page from the cache after one render, compressed, with a strong ETag and 304s", async () => {
    const first = await raw(server.url, "/acme", { "accept-encoding": "br, gzip" });
    expect(first.status).toBe(200);
    expect(first.text).toContain("Acme");
    expect(first.headers["x-heliograph-cache-tags"]).toBeUndefined();
    const second = await raw(server.url, "/acme", { "accept-encoding": "br, gzip" });
    expect(second.headers["x-heliograph-cache"]).toBe("HIT");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.headers["cache-control"]).toContain("stale-if-error");
    expect(second.text).toBe(first.text);
    const etag = second.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const nm = await raw(server.url, "/acme", { "accept-encoding": "br, gzip", "if-none-match": etag });
    expect(nm.status).toBe(304);
    expect(nm.headers.etag).toBe(etag);
  });

  it("shows an incident update posted through the API at the next request", async () => {
    await raw(server.url, "/acme");
    const incident = await openIncident(server.url, key);
    const text = `Cache e2e update ${Date.now()}`;
    await postUpdate(server.url, key, incident.id, text);
    const page = await raw(server.url, "/acme");
    expect(page.text).toContain(text);
    const incidentPage = await raw(server.url, `/acme/incidents/${incident.id}`);
    expect(incidentPage.status).toBe(200);
    expect(incidentPage.text).toContain(text);
  });

  it("never serves a private page from the cache to a request without its cookie", async () => {
    const page = await createPage({ name: "Hidden Corp", url: `hidden-${Date.now()}`, isPrivate: true });
    const slug = page.url;
    const created = await api<{ key: string }>(server.url, key, "POST", `/v1/status-pages/${page.id}/keys`, {});
    const pageKey = created.json.key;
    expect(pageKey, JSON.stringify(created.json)).toBeTruthy();
    const enter = await fetch(`${server.url}/${slug}/access`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: pageKey }),
      redirect: "manual",
    });
    expect(enter.status).toBe(303);
    const cookie = (enter.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toContain("=");
    const inside = await raw(server.url, `/${slug}`, { cookie });
    expect(inside.status).toBe(200);
    expect(inside.text).toContain(page.serviceName);
    expect(inside.headers["cache-control"]).toContain("no-store");
    for (const headers of [{}, { cookie: "other=1" }] as Record<string, string>[]) {
      const outside = await raw(server.url, `/${slug}`, headers);
      expect(outside.headers["x-heliograph-cache"]).toBeUndefined();
      expect(outside.text).not.toContain(page.serviceName);
      expect(outside.headers["cache-control"]).toContain("no-store");
    }
  });

  it("keeps two custom domains with the same path apart, and caches nothing for an unknown host", async () => {
    const stamp = Date.now();
    await createPage({ name: "Alpha Status", url: `alpha-${stamp}`, customDomain: `alpha-${stamp}.example` });
    await createPage({ name: "Beta Status", url: `beta-${stamp}`, customDomain: `beta-${stamp}.example` });
    for (let i = 0; i < 2; i++) {
      const a = await raw(server.url, "/", { host: `alpha-${stamp}.example` });
      const b = await raw(server.url, "/", { host: `beta-${stamp}.example` });
      expect(a.text).toContain("Alpha Status");
      expect(a.text).not.toContain("Beta Status");
      expect(b.text).toContain("Beta Status");
      expect(b.text).not.toContain("Alpha Status");
      if (i === 1) expect([a.headers["x-heliograph-cache"], b.headers["x-heliograph-cache"]]).toEqual(["HIT", "HIT"]);
    }
    for (let i = 0; i < 2; i++) {
      const unknown = await raw(server.url, "/", { host: `nobody-${stamp}.example` });
      expect(unknown.status).toBe(404);
      expect(unknown.headers["x-heliograph-cache"]).toBeUndefined();
    }
  });

  it("refreshes an unchanged page in the background after its time-based expiry", async () => {
    await raw(server.url, "/acme/history");
    expect((await raw(server.url, "/acme/history")).headers["x-heliograph-cache"]).toBe("HIT");
    await new Promise((r) => setTimeout(r, TTL_S * 1000 + 300));
    const stale = await raw(server.url, "/acme/history");
    expect(stale.status).toBe(200);
    expect(stale.headers["x-heliograph-cache"]).toBe("HIT-STALE");
    const deadline = Date.now() + 5000;
    let state = "";
    while (state !== "HIT" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      state = String((await raw(server.url, "/acme/history")).headers["x-heliograph-cache"]);
    }
    expect(state).toBe("HIT");
  });

  it("leaves API requests to Next untouched", async () => {
    const r = await raw(server.url, "/v1/status-pages", { authorization: `Bearer ${key}` });
    expect(r.status).toBe(200);
    expect(r.headers["x-heliograph-cache"]).toBeUndefined();
  });

  it("the build has no incremental (ISR) pages that Next could serve stale behind the front cache", () => {
    const file = join(ROOT, DIST_DIR, "prerender-manifest.json");
    expect(existsSync(file)).toBe(true);
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { routes: Record<string, { initialRevalidateSeconds?: number | false }>; dynamicRoutes: Record<string, unknown> };
    const isr = Object.entries(manifest.routes).filter(([, r]) => typeof r.initialRevalidateSeconds === "number");
    expect(isr).toEqual([]);
    expect(Object.keys(manifest.dynamicRoutes)).toEqual([]);
  });
}
