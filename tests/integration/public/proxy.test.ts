import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { PUBLIC_CACHE_CONTROL } from "@/lib/cache/headers";
import { updatePage } from "@/lib/status-pages/service";
import { NOT_FOUND_PATH } from "@/lib/tenancy/route";
import { makePage, openIncident, request } from "./fixtures";

/** proxy.ts decisions as Next sees them: rewrites, request headers for the page, response headers. */
const BASE = "http://localhost:3000";
const forwardedHeader = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

describe(`proxy.ts on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("serves /<slug> on the primary host, marked shared-cacheable and tagged with the page", async () => {
    const { page, slug } = await makePage();
    for (const path of ["", "/history", "/incidents/00000000-0000-4000-8000-000000000000"]) {
      const res = (await proxy(request(`${BASE}/${slug}${path}`)))!;
      expect(res.headers.get("x-middleware-next")).toBe("1");
      expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers.get("x-heliograph-cache-tags")).toBe(`page:${page.id}`);
      expect(forwardedHeader(res, "x-heliograph-base")).toBe(`/${slug}`);
    }
  });

  it("leaves other routes under a public page to decide their own caching", async () => {
    const { slug } = await makePage();
    for (const path of ["/subscribe", "/access", "/badge.svg"]) {
      const res = (await proxy(request(`${BASE}/${slug}${path}`)))!;
      expect(res.headers.get("x-middleware-next")).toBe("1");
      expect(res.headers.get("x-heliograph-cache-tags")).toBeNull();
    }
    const post = (await proxy(request(`${BASE}/${slug}`, { method: "POST", body: "x" })))!;
    expect(post.headers.get("x-heliograph-cache-tags")).toBeNull();
  });

  it("marks a private page and everything under it private, no-store, noindex", async () => {
    const { slug } = await makePage({ isPrivate: true });
    for (const path of ["", "/history", "/incidents/x", "/badge.svg", "/feed.rss", "/access"]) {
      const res = (await proxy(request(`${BASE}/${slug}${path}`)))!;
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      expect(res.headers.get("x-heliograph-cache-tags")).toBeNull();
    }
  });

  it("serves a custom domain at / and its sub-routes, with odd case, trailing dot and port", async () => {
    const domain = `status-${Date.now()}.acme.test`;
    const { page, slug } = await makePage({ customDomain: domain });
    for (const host of [domain, domain.toUpperCase(), `${domain}.`, `${domain}:8443`]) {
      const res = (await proxy(request(`http://${domain}/incidents/abc?lang=de`, { host })))!;
      expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe(`/${slug}/incidents/abc`);
      expect(new URL(res.headers.get("x-middleware-rewrite")!).search).toBe("?lang=de");
      // A parameter the page never reads is dropped by a redirect, so it cannot force a fresh render.
      const stray = (await proxy(request(`http://${domain}/incidents/abc?x=1&lang=de`, { host })))!;
      expect(stray.status).toBe(308);
      expect(new URL(stray.headers.get("location")!).pathname + new URL(stray.headers.get("location")!).search).toBe("/incidents/abc?lang=de");
      expect(forwardedHeader(res, "x-heliograph-base")).toBe("domain");
      expect(res.headers.get("x-heliograph-cache-tags")).toBe(`page:${page.id}`);
    }
    const root = (await proxy(request(`http://${domain}/`, { host: domain })))!;
    expect(new URL(root.headers.get("x-middleware-rewrite")!).pathname).toBe(`/${slug}`);
    const www = (await proxy(request(`http://www.${domain}/history?page=2`, { host: `www.${domain}` })))!;
    expect(www.status).toBe(308);
    expect(www.headers.get("location")).toBe(`http://${domain}/history?page=2`);
  });

  it("answers an unknown or malformed host with a 404 that is never cached", async () => {
    for (const host of ["nobody.example.org", "evil.com@localhost", "bad host", "xn--.com", "\u00e9vil.test"]) {
      const res = (await proxy(request(`${BASE}/`, { host })))!;
      expect(res.status, host).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toContain("No status page here");
    }
  });

  it("trusts X-Forwarded-Host only when configured", async () => {
    const domain = `fwd-${Date.now()}.acme.test`;
    await makePage({ customDomain: domain });
    const res = (await proxy(request(`${BASE}/`, { headers: { "x-forwarded-host": domain } })))!;
    // HELIOGRAPH_TRUST_PROXY is off in tests: the Host (localhost) decides, so this is the landing page.
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("x-middleware-rewrite")).toBeNull();
  });

  it("strips forged routing headers and redirects odd-case slugs to the canonical one", async () => {
    const { slug } = await makePage();
    const forged = (await proxy(request(`${BASE}/`, { headers: { "x-heliograph-base": "//evil.com", "x-heliograph-page": "x" } })))!;
    expect(forwardedHeader(forged, "x-heliograph-base")).toBeNull();
    expect(forged.headers.get("x-middleware-override-headers")?.split(",")).not.toContain("x-heliograph-base");
    const upper = (await proxy(request(`${BASE}/${slug.toUpperCase()}/history?page=2`)))!;
    expect(upper.status).toBe(308);
    expect(upper.headers.get("location")).toBe(`${BASE}/${slug}/history?page=2`);
  });

  it("rewrites unknown slugs and paths to a route-less path, so Next renders the 404 page into the HTML", async () => {
    for (const path of ["/no-such-page", "/no-such-page/history", "/favicon.ico", "/-bad", "/_next-x"]) {
      const res = (await proxy(request(`${BASE}${path}`)))!;
      expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname, path).toBe(NOT_FOUND_PATH);
      expect(res.headers.get("x-heliograph-cache-tags")).toBeNull();
    }
    for (const path of ["/robots.txt", "/sitemap.xml", "/heliograph.svg", "/", "/v1/status-pages", "/openapi.json"]) {
      const res = (await proxy(request(`${BASE}${path}`)))!;
      expect(res.headers.get("x-middleware-next"), path).toBe("1");
    }
  });

  it("answers 404 for an incident that is not the page's, redirects a bad history page to the history, 200 otherwise", async () => {
    const p = await makePage();
    const other = await makePage();
    const mine = await openIncident(p.db, p.accountId, [p.services.api.id]);
    const theirs = await openIncident(other.db, other.accountId, [other.services.api.id]);
    const status = async (path: string) => (await proxy(request(`${BASE}/${p.slug}${path}`)))!.status;
    expect(await status(`/incidents/${mine.incident.id}`)).toBe(200);
    expect(await status(`/incidents/${theirs.incident.id}`)).toBe(404);
    expect(await status("/incidents/00000000-0000-4000-8000-000000000000")).toBe(404);
    expect(await status("/incidents/not-a-uuid")).toBe(404);
    expect(await status("/incidents/%E0%A4%A")).toBe(404);
    expect(await status("/history?page=2")).toBe(200);
    // Not a page of the history (page 1 included, which is the history itself): a stray parameter, as any other.
    for (const bad of ["?page=0", "?page=abc", "?page=1&page=2", "?page=99999", "?page=1", "?page=02"]) {
      const res = (await proxy(request(`${BASE}/${p.slug}/history${bad}`)))!;
      expect([res.status, res.headers.get("location")], bad).toEqual([308, `${BASE}/${p.slug}/history`]);
    }
    // A private page's are not redirected (nothing of it is shared): its history answers 404 as before.
    const hidden = await makePage({ isPrivate: true, withKey: true });
    const privateBad = (await proxy(request(`${BASE}/${hidden.slug}/history?page=abc`, { headers: { authorization: `Bearer ${hidden.key}` } })))!;
    expect(privateBad.status).toBe(404);
  });

  it("answers 401 on a private page's HTML routes until the visitor has access", async () => {
    const p = await makePage({ isPrivate: true, withKey: true });
    const incident = await openIncident(p.db, p.accountId, [p.services.api.id]);
    for (const path of ["", "/history", `/incidents/${incident.incident.id}`]) {
      expect((await proxy(request(`${BASE}/${p.slug}${path}`)))!.status, path).toBe(401);
      const withKey = (await proxy(request(`${BASE}/${p.slug}${path}`, { headers: { authorization: `Bearer ${p.key}` } })))!;
      expect(withKey.status, path).toBe(200);
      expect(withKey.headers.get("cache-control")).toBe("private, no-store");
    }
    // Other routes under the page (feeds, badges, the unlock form) check access themselves.
    expect((await proxy(request(`${BASE}/${p.slug}/badge.svg`)))!.status).toBe(200);
  });

  it("answers 401 on a locked private page's subscribe page, and a ?key= link opens subscribe, manage and confirm", async () => {
    const p = await makePage({ isPrivate: true, withKey: true });
    expect((await proxy(request(`${BASE}/${p.slug}/subscribe`)))!.status).toBe(401);
    expect((await proxy(request(`${BASE}/${p.slug}/subscribe`, { headers: { authorization: `Bearer ${p.key}` } })))!.status).toBe(200);
    for (const path of ["/subscribe", "/manage?token=t1", "/confirm?token=t2"]) {
      const sep = path.includes("?") ? "&" : "?";
      const res = (await proxy(request(`${BASE}/${p.slug}${path}${sep}key=${p.key}`)))!;
      expect(res.status, path).toBe(303);
      expect(res.headers.get("location"), path).toBe(`${BASE}/${p.slug}${path}`);
      expect(res.headers.get("set-cookie"), path).toMatch(/^hg_access_/);
    }
  });

  it("redirects parameters a cached route never reads away on every public route, keeping the ones it reads", async () => {
    const p = await makePage();
    const cases: [string, string][] = [
      ["/og.png?x=1", "/og.png"],
      ["/incidents/abc/og.png?x=1", "/incidents/abc/og.png"],
      ["/feed.rss?r=2", "/feed.rss"],
      ["/feed.atom?r=2", "/feed.atom"],
      ["/history.rss?r=2", "/history.rss"],
      ["/history.atom?r=2", "/history.atom"],
      ["/badge.svg?style=flat&r=3", "/badge.svg?style=flat"],
      ["/badge.json?label=API&r=3", "/badge.json?label=API"],
      [`/services/${p.services.api.id}/uptime/30d/badge.svg?r=4`, `/services/${p.services.api.id}/uptime/30d/badge.svg`],
      ["/api/v2/summary.json?r=5", "/api/v2/summary.json"],
      ["/maintenance.ics?r=6", "/maintenance.ics"],
      ["/embed?theme=dark&r=7", "/embed?theme=dark"],
      ["/embed.js?r=8", "/embed.js"],
    ];
    for (const [from, to] of cases) {
      const res = (await proxy(request(`${BASE}/${p.slug}${from}`)))!;
      expect(res.status, from).toBe(308);
      expect(res.headers.get("location"), from).toBe(`${BASE}/${p.slug}${to}`);
      expect(res.headers.get("access-control-allow-origin"), from).toBe("*");
      const clean = (await proxy(request(`${BASE}/${p.slug}${to}`)))!;
      expect(clean.headers.get("x-middleware-next"), to).toBe("1");
    }
    // A private page is never cached, and its feeds and badges read ?key=.
    const hidden = await makePage({ isPrivate: true, withKey: true });
    expect((await proxy(request(`${BASE}/${hidden.slug}/badge.svg?key=${hidden.key}`)))!.headers.get("x-middleware-next")).toBe("1");
  });

  it("sees a page's new address at the next request (tenancy cache invalidated by the write)", async () => {
    const { db, accountId, page, slug, services } = await makePage();
    expect((await proxy(request(`${BASE}/${slug}`)))!.headers.get("x-heliograph-cache-tags")).toBe(`page:${page.id}`);
    const domain = `moved-${Date.now()}.acme.test`;
    await updatePage(db, accountId, page.id, { name: "Test page", url: slug, customDomain: domain, isPrivate: true, cards: [{ name: "Core", services: [{ id: services.api.id }] }] });
    const after = (await proxy(request(`${BASE}/${slug}`)))!;
    expect(after.headers.get("cache-control")).toBe("private, no-store");
    const custom = (await proxy(request(`http://${domain}/`, { host: domain })))!;
    expect(custom.headers.get("x-middleware-rewrite")).not.toBeNull();
  });
});
