import { describe, expect, it } from "vitest";
import { classifyHost, internalPath, planRequest, type TenancyConfig } from "@/lib/tenancy/route";

const cfg: TenancyConfig = { publicOrigin: "https://status.example.com", trustProxy: false, rootRedirect: null };
const req = (host: string | null, pathname = "/", search = "", forwardedHost: string | null = null) => ({ host, forwardedHost, pathname, search });

describe("planRequest", () => {
  it.each([
    ["status.example.com", "/acme", { action: "slug", slug: "acme", rest: "", canonicalPath: null }],
    ["STATUS.example.com.", "/acme/history", { action: "slug", slug: "acme", rest: "/history", canonicalPath: null }],
    ["status.example.com:443", "/acme/incidents/abc", { action: "slug", slug: "acme", rest: "/incidents/abc", canonicalPath: null }],
    ["status.example.com", "/ACME/history", { action: "slug", slug: "acme", rest: "/history", canonicalPath: "/acme/history" }],
    ["status.example.com", "/", { action: "pass" }],
    ["status.example.com", "/robots.txt", { action: "pass" }],
    ["status.example.com", "/sitemap.xml", { action: "pass" }],
    ["status.example.com", "/heliograph.svg", { action: "pass" }],
    ["status.example.com", "/_next/static/x.js", { action: "pass" }],
    ["status.example.com", "/openapi.json", { action: "pass" }],
    ["status.example.com", "/v1/status-pages", { action: "pass" }],
    ["status.example.com", "/v1", { action: "pass" }],
    ["status.example.com", "/v2/anything", { action: "pass" }],
    ["status.example.com", "/v3", { action: "pass" }],
    ["status.example.com", "/next/accounts/x", { action: "pass" }],
    ["status.acme.com", "/next/users/me", { action: "pass" }],
    ["status.acme.com", "/v3/status-pages", { action: "pass" }],
    [null, "/v2/x", { action: "pass" }],
    ["status.example.com", "/nextdoor", { action: "slug", slug: "nextdoor", rest: "", canonicalPath: null }],
    ["status.example.com", "/v10/x", { action: "slug", slug: "v10", rest: "/x", canonicalPath: null }],
    ["status.example.com", "/-bad", { action: "not-found" }],
    ["status.example.com", "/favicon.ico", { action: "not-found" }],
    ["status.example.com", "/_heliograph/not-found", { action: "not-found" }],
    ["status.acme.com", "/", { action: "domain", hostname: "status.acme.com", rest: "", wwwOf: null }],
    ["Status.Acme.com.:8443", "/incidents/x", { action: "domain", hostname: "status.acme.com", rest: "/incidents/x", wwwOf: null }],
    ["www.status.acme.com", "/history", { action: "domain", hostname: "www.status.acme.com", rest: "/history", wwwOf: "status.acme.com" }],
    ["status.acme.com", "/robots.txt", { action: "pass" }],
    ["bücher.de", "/", { action: "domain", hostname: "xn--bcher-kva.de", rest: "", wwwOf: null }],
    [null, "/acme", { action: "unknown-host" }],
    ["", "/acme", { action: "unknown-host" }],
    ["evil.com@status.example.com", "/acme", { action: "unknown-host" }],
    ["nul\u0000host", "/", { action: "unknown-host" }],
  ])("%j %s", (host, pathname, plan) => {
    expect(planRequest(req(host, pathname), cfg)).toEqual(plan);
  });

  it("redirects www. of the primary host to the primary host, keeping path and query", () => {
    expect(planRequest(req("www.status.example.com", "/acme", "?x=1"), cfg)).toEqual({
      action: "redirect",
      location: "https://status.example.com/acme?x=1",
      permanent: true,
    });
  });

  it("redirects / on the primary host when a root redirect is configured", () => {
    expect(planRequest(req("status.example.com", "/"), { ...cfg, rootRedirect: "https://acme.com/" })).toEqual({
      action: "redirect",
      location: "https://acme.com/",
      permanent: false,
    });
  });

  it("treats every loopback name as primary when the public URL is a loopback one", () => {
    const local = { ...cfg, publicOrigin: "http://localhost:3000" };
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST"]) {
      expect(planRequest(req(host, "/acme"), local).action).toBe("slug");
    }
    expect(planRequest(req("127.0.0.1", "/acme"), cfg).action).toBe("domain");
  });

  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const r = req("10.0.0.5:3000", "/", "", "status.acme.com");
    expect(planRequest(r, cfg)).toMatchObject({ action: "domain", hostname: "10.0.0.5" });
    expect(planRequest(r, { ...cfg, trustProxy: true })).toMatchObject({ action: "domain", hostname: "status.acme.com" });
  });
});

describe("internalPath", () => {
  it("maps custom-domain paths below /<slug>", () => {
    expect(internalPath("acme", "")).toBe("/acme");
    expect(internalPath("acme", "/")).toBe("/acme");
    expect(internalPath("acme", "/incidents/x")).toBe("/acme/incidents/x");
  });
});

describe("classifyHost", () => {
  it("sorts hosts for robots.txt and sitemap.xml", () => {
    expect(classifyHost({ host: "status.example.com", forwardedHost: null }, cfg)).toEqual({ kind: "primary" });
    expect(classifyHost({ host: "status.acme.com", forwardedHost: null }, cfg)).toEqual({ kind: "domain", hostname: "status.acme.com" });
    expect(classifyHost({ host: "bad host", forwardedHost: null }, cfg)).toEqual({ kind: "unknown" });
  });
});
