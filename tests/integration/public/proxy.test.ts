import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { PUBLIC_CACHE_CONTROL } from "@/lib/cache/headers";
import { updatePage } from "@/lib/status-pages/service";
import { makePage, request } from "./fixtures";

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
      expect(forwardedHeader(res, "x-heliograph-page")).toBe(page.id);
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
      const res = (await proxy(request(`http://${domain}/incidents/abc?x=1`, { host })))!;
      expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe(`/${slug}/incidents/abc`);
      expect(new URL(res.headers.get("x-middleware-rewrite")!).search).toBe("?x=1");
      expect(forwardedHeader(res, "x-heliograph-base")).toBe("");
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

  it("passes unknown slugs and top-level files through untouched (Next answers 404)", async () => {
    for (const path of ["/no-such-page", "/robots.txt", "/sitemap.xml", "/heliograph.svg", "/"]) {
      const res = (await proxy(request(`${BASE}${path}`)))!;
      expect(res.headers.get("x-middleware-next")).toBe("1");
      expect(res.headers.get("x-heliograph-cache-tags")).toBeNull();
    }
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
