/**
 * The header matrix: every route class, as it leaves a real production server, carries a strict CSP
 * (default-src, object-src 'none', base-uri 'none', frame-ancestors per route: only the widget may be
 * framed), nosniff, a Referrer-Policy, the cache headers of its class, and no internal header.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raw, type Raw } from "../cache-helpers";
import { startServer, type RunningServer } from "../harness";
import { CUSTOM_DOMAIN, makeExtras, type Extras } from "../page-fixtures";

let server: RunningServer;
let x: Extras;

beforeAll(async () => {
  server = await startServer();
  x = await makeExtras(server);
});
afterAll(async () => {
  await server?.stop();
});

/** public: shared-cacheable and tagged; document: the same for everyone, untagged (OpenAPI); private; none: never shared. */
type Cache = "public" | "document" | "private" | "none";
interface Row {
  name: string;
  path: () => string;
  headers?: () => Record<string, string>;
  method?: string;
  /** one status, or the ones Next may choose between (it redirects an RSC request whose ?_rsc hash is stale) */
  status: number | number[];
  cache: Cache;
  frame: "none" | "any";
}

const PUBLIC = "public, max-age=0, s-maxage=5, stale-while-revalidate=30, stale-if-error=86400";
const key = () => ({ authorization: `Bearer ${x.privatePage.rawKey}` });

const ROWS: Row[] = [
  { name: "public page", path: () => "/acme", status: 200, cache: "public", frame: "none" },
  { name: "public page (custom domain)", path: () => "/", headers: () => ({ host: CUSTOM_DOMAIN }), status: 200, cache: "public", frame: "none" },
  { name: "incident page", path: () => `/acme/incidents/${x.openIncidentId}`, status: 200, cache: "public", frame: "none" },
  { name: "history page", path: () => "/acme/history", status: 200, cache: "public", frame: "none" },
  { name: "subscribe page", path: () => "/acme/subscribe", status: 200, cache: "none", frame: "none" },
  { name: "private page, locked", path: () => `/${x.privatePage.url}`, status: 401, cache: "private", frame: "none" },
  { name: "private page, with its key", path: () => `/${x.privatePage.url}`, headers: key, status: 200, cache: "private", frame: "none" },
  { name: "private subscribe page, locked", path: () => `/${x.privatePage.url}/subscribe`, status: 401, cache: "private", frame: "none" },
  { name: "widget", path: () => "/acme/embed", status: 200, cache: "public", frame: "any" },
  { name: "widget (custom domain)", path: () => "/embed?theme=dark", headers: () => ({ host: CUSTOM_DOMAIN }), status: 200, cache: "public", frame: "any" },
  { name: "embed.js", path: () => "/acme/embed.js", status: 200, cache: "public", frame: "none" },
  { name: "badge (svg)", path: () => "/acme/badge.svg", status: 200, cache: "public", frame: "none" },
  { name: "badge (shields JSON)", path: () => "/acme/badge.json", status: 200, cache: "public", frame: "none" },
  { name: "Statuspage JSON", path: () => "/acme/api/v2/summary.json", status: 200, cache: "public", frame: "none" },
  { name: "private JSON with its key", path: () => `/${x.privatePage.url}/api/v2/summary.json`, headers: key, status: 200, cache: "private", frame: "none" },
  { name: "RSS feed", path: () => "/acme/feed.rss", status: 200, cache: "public", frame: "none" },
  { name: "Atom history feed", path: () => "/acme/history.atom", status: 200, cache: "public", frame: "none" },
  { name: "calendar", path: () => "/acme/maintenance.ics", status: 200, cache: "public", frame: "none" },
  { name: "Open Graph image", path: () => "/acme/og.png", status: 200, cache: "public", frame: "none" },
  { name: "API", path: () => "/v1/status-pages", headers: () => ({ authorization: `Bearer ${x.key}` }), status: 200, cache: "none", frame: "none" },
  { name: "API without a key", path: () => "/v1/status-pages", status: 401, cache: "none", frame: "none" },
  { name: "OpenAPI document", path: () => "/openapi.json", status: 200, cache: "document", frame: "none" },
  { name: "unlock form", path: () => `/${x.privatePage.url}/access`, method: "POST", headers: () => ({ "content-type": "application/x-www-form-urlencoded" }), status: 303, cache: "private", frame: "none" },
  { name: "RSC request", path: () => "/acme", headers: () => ({ rsc: "1" }), status: 307, cache: "private", frame: "none" },
  { name: "RSC payload (?_rsc=)", path: () => "/acme?_rsc=abc", headers: () => ({ rsc: "1" }), status: [200, 307], cache: "private", frame: "none" },
  { name: "public page past the cache (Authorization)", path: () => "/acme", headers: () => ({ authorization: "Bearer x" }), status: 200, cache: "public", frame: "none" },
  { name: "badge past the cache (Authorization)", path: () => "/acme/badge.svg", headers: () => ({ authorization: "Bearer x" }), status: 200, cache: "public", frame: "none" },
  { name: "stray query, ignored at the edge", path: () => "/acme/og.png?x=1", status: 200, cache: "public", frame: "none" },
  { name: "stray query, redirected by routing", path: () => "/acme/og.png?x=1", headers: () => ({ authorization: "Bearer x" }), status: 308, cache: "none", frame: "none" },
  { name: "missing page", path: () => "/no-such-page", status: 404, cache: "none", frame: "none" },
  { name: "unknown host", path: () => "/", headers: () => ({ host: "nobody.example" }), status: 404, cache: "none", frame: "none" },
  { name: "dot segments (server edge)", path: () => "/x/%2e%2e/acme", status: 308, cache: "none", frame: "none" },
];

function csp(r: Raw): Map<string, string[]> {
  const value = String(r.headers["content-security-policy"] ?? "");
  const out = new Map<string, string[]>();
  for (const part of value.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

const REFERRER_OK = new Set(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]);

describe("header matrix, per route class", () => {
  it.each(ROWS.map((r) => [r.name, r] as const))("%s", async (_name, row) => {
    const r = await raw(server.url, row.path(), row.headers?.() ?? {}, row.method ?? "GET");
    expect([row.status].flat()).toContain(r.status);
    const policy = csp(r);
    // A strict default: nothing from elsewhere unless a directive below allows it.
    expect(policy.get("default-src"), "default-src").toBeDefined();
    expect(["'self'", "'none'"]).toContain(policy.get("default-src")!.join(" "));
    expect((policy.get("object-src") ?? policy.get("default-src"))!.join(" "), "object-src").toBe("'none'");
    expect(policy.get("base-uri")?.join(" "), "base-uri").toBe("'none'");
    expect(policy.get("frame-ancestors")?.join(" "), "frame-ancestors").toBe(row.frame === "any" ? "*" : "'none'");
    for (const [name, sources] of policy) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      if (name === "script-src" || name === "default-src") expect(sources.filter((s) => s === "*" || /^[a-z]+:$/.test(s)), name).toEqual([]);
    }
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(REFERRER_OK.has(String(r.headers["referrer-policy"]))).toBe(true);
    const cc = String(r.headers["cache-control"] ?? "");
    if (row.cache === "public") expect(cc).toBe(PUBLIC);
    else if (row.cache === "document") expect(cc).toMatch(/^public, max-age=\d+$/);
    else expect(cc, "never shared-cacheable").not.toMatch(/public|s-maxage/);
    if (row.cache === "private") expect(cc).toBe("private, no-store");
    const internal = Object.keys(r.headers).filter((h) => h.startsWith("x-heliograph-") && h !== "x-heliograph-cache");
    expect(internal).toEqual([]);
    expect(Object.keys(r.headers).filter((h) => h.startsWith("x-middleware-"))).toEqual([]);
  });

  it("an RSC answer says it varies on the RSC headers", async () => {
    const r = await raw(server.url, "/acme", { rsc: "1" });
    expect(String(r.headers.vary).toLowerCase()).toContain("rsc");
    const page = await raw(server.url, "/acme");
    expect(String(page.headers.vary).toLowerCase()).toContain("rsc");
  });

  it("the unlock form sends a visitor back to a non-ASCII or control-character `next` without a 500", async () => {
    for (const [next, location] of [["/ф", `/${x.privatePage.url}/%D1%84`], ["/\u{1F600}", `/${x.privatePage.url}/%F0%9F%98%80`], ["/%00", `/${x.privatePage.url}`], ["/é", `/${x.privatePage.url}/%C3%A9`]]) {
      const body = new URLSearchParams({ secret: "wrong", next }).toString();
      const r = await fetch(`${server.url}/${x.privatePage.url}/access`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
      expect(r.status, next).toBe(303);
      expect(r.headers.get("location"), next).toBe(`${location}?denied=1`);
    }
  });

  it("random query strings on every cached route are answered from the cache, not rendered", async () => {
    const paths = ["/acme/og.png", "/acme/feed.rss", "/acme/history.atom", "/acme/badge.svg", "/acme/badge.json", "/acme/api/v2/summary.json", "/acme/maintenance.ics", "/acme/embed", "/acme/embed.js", "/acme", "/acme/history"];
    for (const path of paths) {
      await raw(server.url, path);
      for (let i = 0; i < 3; i++) {
        const r = await raw(server.url, `${path}?cb=${Math.random().toString(36).slice(2)}`);
        expect(r.status, path).toBe(200);
        expect(r.headers["x-heliograph-cache"], path).toMatch(/^HIT/);
      }
    }
  });
});
