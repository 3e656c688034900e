/**
 * The front door (lib/static-pages/answer.ts) carries out the public door's decision for a page's home before and
 * without Next: the page or its unlock form, with the decision's status and headers; redirects, other routes, unknown
 * pages and RSC requests are left to Next. A real HTTP server in front; a recording renderer stands in for React.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_ACCESS_HEADER, CACHE_TAGS_HEADER, PUBLIC_CACHE_CONTROL } from "@/lib/cache/headers";
import { pageTag } from "@/lib/cache/tags";
import type { PageSnapshot } from "@/lib/public-page/load";
import type { Site } from "@/lib/public-page/site";
import { answerStatusPage } from "@/lib/static-pages/answer";
import { installStaticPages, staticPages, type StaticPages } from "@/lib/static-pages/registry";
import { updatePage } from "@/lib/status-pages/service";
import { makePage, openIncident } from "./fixtures";

const DECLINED = 599;
const rendered: { kind: "home" | "locked"; site: Site; snap?: PageSnapshot; query?: Record<string, string> }[] = [];
const recorder: StaticPages = {
  home: (site, snap) => (rendered.push({ kind: "home", site, snap }), Buffer.from(`<!DOCTYPE html><p>${site.page.name}</p>`)),
  locked: (site, query) => (rendered.push({ kind: "locked", site, query }), Buffer.from("<!DOCTYPE html><p>locked</p>")),
};

let server: http.Server;
let base: string;
let direct = false;
const before = staticPages();

beforeAll(async () => {
  installStaticPages(recorder);
  server = http.createServer((req, res) => {
    void answerStatusPage(req, res, { tenancy: { publicOrigin: "http://localhost:3000", trustProxy: false, rootRedirect: null }, direct }).then((answered) => {
      if (!answered) res.writeHead(DECLINED).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (before) installStaticPages(before);
  await new Promise((r) => server.close(r));
});

function get(path: string, init: { host?: string; headers?: Record<string, string>; method?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: init.method ?? "GET", headers: { host: init.host ?? "localhost:3000", ...init.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe(`the status page answered by Heliograph's server on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("answers a public page's home with its snapshot, the page's headers and its cache tag; ?lang= picks the words", async () => {
    const p = await makePage({ name: "Answered page" });
    await openIncident(p.db, p.accountId, [p.services.api.id], "Checkout errors");
    rendered.length = 0;
    const r = await get(`/${p.slug}?lang=de`);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe("<!DOCTYPE html><p>Answered page</p>");
    expect(r.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": PUBLIC_CACHE_CONTROL,
      [CACHE_TAGS_HEADER]: pageTag(p.page.id),
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "content-length": String(r.body.length),
    });
    expect(r.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(String(r.headers.vary).toLowerCase()).toContain("rsc");
    expect(rendered).toHaveLength(1);
    const [{ site, snap }] = rendered;
    expect(site).toMatchObject({ base: `/${p.slug}`, access: true, locale: "de", query: "", address: `http://localhost:3000/${p.slug}` });
    expect(snap!.incidents.map((i) => i.incident.name)).toEqual(["Checkout errors"]);

    const head = await get(`/${p.slug}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("compresses what goes straight to the visitor (front cache off), never what the front cache keeps", async () => {
    const p = await makePage({ name: "Zipped page" });
    direct = true;
    try {
      const r = await get(`/${p.slug}`, { headers: { "accept-encoding": "br, gzip" } });
      expect(r.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(r.body).toString()).toBe("<!DOCTYPE html><p>Zipped page</p>");
      const g = await get(`/${p.slug}`, { headers: { "accept-encoding": "gzip, deflate" } });
      expect(g.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(g.body).toString()).toBe("<!DOCTYPE html><p>Zipped page</p>");
      expect((await get(`/${p.slug}`)).headers["content-encoding"]).toBeUndefined();
    } finally {
      direct = false;
    }
    expect((await get(`/${p.slug}`, { headers: { "accept-encoding": "gzip" } })).headers["content-encoding"]).toBeUndefined();
  });

  it("answers on the page's custom domain at /, with links relative to the domain", async () => {
    const domain = `status-${Date.now().toString(36)}.example.com`;
    await makePage({ customDomain: domain });
    rendered.length = 0;
    expect((await get("/", { host: domain })).status).toBe(200);
    expect(rendered[0].site).toMatchObject({ base: "", address: expect.stringMatching(new RegExp(`^https?://${domain.replaceAll(".", "\\.")}$`)) });
  });

  it("leaves to Next what proxy.ts redirects or another route answers", async () => {
    const p = await makePage();
    rendered.length = 0;
    for (const path of [`/${p.slug.toUpperCase()}`, `/${p.slug}?utm_source=x`, `/${p.slug}/history`, `/${p.slug}/badge.svg`, "/no-such-page", "/", "/v1/status-pages", `/${p.slug}?_rsc=1`]) {
      expect((await get(path)).status, path).toBe(DECLINED);
    }
    expect((await get(`/${p.slug}`, { headers: { rsc: "1" } })).status).toBe(DECLINED);
    expect((await get(`/${p.slug}`, { method: "POST" })).status).toBe(DECLINED);
    expect((await get(`/${p.slug}`, { host: "unknown.example.org" })).status).toBe(DECLINED);
    expect(rendered).toEqual([]);
  });

  it("a private page: the unlock form (401, never shareable) to a stranger, the page with its credentials to a key holder; a ?key= link is Next's, one matching nothing the unlock form", async () => {
    const p = await makePage({ withKey: true });
    await updatePage(p.db, p.accountId, p.page.id, { name: "Private page", url: p.slug, isPrivate: true, cards: [{ name: "Core", services: [{ id: p.services.api.id }] }] });
    rendered.length = 0;
    const locked = await get(`/${p.slug}?denied=1`);
    expect(locked.status).toBe(401);
    expect(locked.headers["cache-control"]).toBe("private, no-store");
    expect(locked.headers[CACHE_TAGS_HEADER]).toBeUndefined();
    expect(rendered.map((r) => [r.kind, r.site.access, r.query])).toEqual([["locked", false, { denied: "1" }]]);

    const open = await get(`/${p.slug}`, { headers: { authorization: `Bearer ${p.key}` } });
    expect(open.status).toBe(200);
    expect(open.headers["cache-control"]).toBe("private, no-store");
    expect(String(open.headers[CACHE_ACCESS_HEADER]).split(" ")[0]).toBe(p.page.id);
    expect(rendered.at(-1)).toMatchObject({ kind: "home", site: { access: true } });

    expect((await get(`/${p.slug}?key=${p.key}`)).status).toBe(DECLINED);
    const wrong = await get(`/${p.slug}?key=hgp_wrong`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers["cache-control"]).toBe("private, no-store");
    expect(wrong.headers[CACHE_TAGS_HEADER]).toBeUndefined();
    expect(rendered.at(-1)).toMatchObject({ kind: "locked", site: { access: false }, query: { key: "hgp_wrong" } });
  });

  it("the store failing mid-answer is a 503 the front cache can cover, not a stack trace", async () => {
    const p = await makePage();
    installStaticPages({
      ...recorder,
      home: () => {
        throw new Error("the store went away");
      },
    });
    try {
      const r = await get(`/${p.slug}`);
      expect(r.status).toBe(503);
      expect(r.headers["retry-after"]).toBe("5");
      expect(r.body.toString()).not.toContain("the store went away");
    } finally {
      installStaticPages(recorder);
    }
  });
});
