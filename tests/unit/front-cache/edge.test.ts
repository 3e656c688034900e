import { afterEach, describe, expect, it } from "vitest";
import { rawExchange, requestText } from "../../e2e/attack/raw-socket";
import { get, origin, serve } from "./origin";

const servers: { close: () => Promise<void> }[] = [];
async function start(...args: Parameters<typeof serve>) {
  const s = await serve(...args);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const internal = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => (h.startsWith("x-heliograph-") && h !== "x-heliograph-cache") || h.startsWith("x-middleware-"));

describe("front cache edge: what every response may carry", () => {
  it("never sends internal headers, also on answers that bypass the cache", async () => {
    const { port } = await start(origin());
    const variants: [string, Record<string, string>][] = [
      ["/acme", {}], ["/acme", { authorization: "Bearer x" }], ["/acme", { rsc: "1" }], ["/acme?_rsc=abc", {}],
      ["/acme", { "next-router-prefetch": "1" }], ["/private", {}], ["/acme", { "x-heliograph-cache-tags": "page:x" }],
    ];
    for (const [path, headers] of variants) {
      const res = await get(port, path, headers);
      expect(internal(res.headers), `${path} ${JSON.stringify(headers)}`).toEqual([]);
    }
    // Next writes some answers as writeHead(status, undefined, headers).
    for (const headers of [{}, { authorization: "Bearer x" }] as Record<string, string>[]) {
      const withMessage = await get(port, "/acme", { "x-test-writehead": "message", ...headers });
      expect(withMessage.status).toBe(200);
      expect(internal(withMessage.headers)).toEqual([]);
    }
    const post = await get(port, "/acme", {}, "POST");
    expect(internal(post.headers)).toEqual([]);
    // A hit is sent without the guard: its entry was built without them.
    const hit = await get(port, "/acme");
    expect(hit.headers["x-heliograph-cache"]).toBe("HIT");
    expect(internal(hit.headers)).toEqual([]);
  });

  it("never lets an RSC or prefetch answer be shared-cached, and says it varies on the RSC headers", async () => {
    const { port } = await start(origin());
    for (const [path, headers] of [["/acme", { rsc: "1" }], ["/acme?_rsc=x", {}], ["/acme", { "next-router-prefetch": "1", rsc: "1" }]] as const) {
      const res = await get(port, path, headers);
      expect(res.headers["cache-control"], path).toBe("private, no-store");
      expect(String(res.headers.vary).toLowerCase()).toContain("rsc");
      expect(String(res.headers.vary).toLowerCase()).toContain("next-router-prefetch");
    }
    // The page's HTML keeps its public headers.
    expect((await get(port, "/acme")).headers["cache-control"]).toContain("public");
  });
});

describe("front cache edge: request targets and hosts", () => {
  it("takes an absolute-form target's authority as the host, whatever the Host header says", async () => {
    const o = origin();
    const { port } = await start(o);
    const evil = await rawExchange(port, requestText("http://unknown.example/acme", [["Host", "status.example"]]));
    expect(evil.status).toBe(404);
    expect(evil.headers.location).toBeUndefined();
    expect(evil.body).toContain("Unknown host");
    const own = await rawExchange(port, requestText("http://status.example/acme?x=1", [["Host", "unknown.example"]]));
    expect(own.status).toBe(200);
    expect(own.body).toContain('<p id="status">v1</p>');
    for (const target of ["ftp://status.example/acme", "http://user:pw@status.example/acme", "*", "status.example:80", "http://"]) {
      expect((await rawExchange(port, requestText(target, [["Host", "status.example"]]))).status, target).toBe(400);
    }
  });

  it("answers two Host headers with 400", async () => {
    const { port } = await start(origin());
    const res = await rawExchange(port, requestText("/acme", [["Host", "status.example"], ["Host", "unknown.example"]]));
    expect(res.status).toBe(400);
  });

  it("redirects dot segments, also percent-encoded, to the path they stand for, never to another host", async () => {
    const o = origin();
    const { port } = await start(o);
    const cases: [string, string][] = [
      ["/x/%2e%2e/acme", "/acme"], ["/x/../acme?a=1", "/acme?a=1"], ["/./acme", "/acme"], ["/%2E/acme", "/acme"], ["/x/.%2e/acme", "/acme"],
      ["/..//evil.example/x", "/evil.example/x"], ["/a/%2e%2e/%2e%2e//evil.example", "/evil.example"], ["/%2e%2e/\\evil.example", "/%5Cevil.example"],
    ];
    for (const [from, to] of cases) {
      const res = await get(port, from);
      expect(res.status, from).toBe(308);
      expect(res.headers.location, from).toBe(to);
    }
    expect(o.rendersByPath.get("/acme") ?? 0).toBe(0);
  });

  it("keys on the host name routing sees: a port, a trailing dot or upper case share one entry", async () => {
    const o = origin();
    const { port } = await start(o);
    for (const host of ["status.example", "status.example:1", "STATUS.example:2", "status.example.", "status.example.:3"]) {
      expect((await get(port, "/acme", { host })).status, host).toBe(200);
    }
    expect(o.renders).toBe(1);
  });
});

describe("front cache edge: query parameters a route never reads", () => {
  const tenancy = { publicOrigin: "http://status.example", trustProxy: false, rootRedirect: null };

  it("are dropped before keying and rendering, on every stored route class, so random ones cannot force renders", async () => {
    const o = origin();
    const { port } = await start(o, { tenancy });
    for (const path of ["/acme/og.png?x=1", "/acme/og.png?x=2", "/acme/og.png", "/acme/og.png?utm_source=a&b=c"]) expect((await get(port, path)).status, path).toBe(200);
    expect(o.rendersByPath.get("/acme/og.png")).toBe(1);
    expect(o.urls).toEqual(["/acme/og.png"]);
    for (const path of ["/acme/badge.svg?style=flat&r=1", "/acme/badge.svg?r=2&style=flat", "/acme/badge.svg?style=flat"]) await get(port, path);
    expect(o.urls.slice(1)).toEqual(["/acme/badge.svg?style=flat"]);
    await get(port, "/acme/history?page=2&cb=9");
    expect(o.urls.at(-1)).toBe("/acme/history?page=2");
  });

  it("keeps ?key= for private pages' routes, out of the key; leaves unstored routes and other hosts alone", async () => {
    const o = origin();
    const { port } = await start(o, { tenancy });
    await get(port, "/acme/feed.rss?key=k1&x=1");
    expect(o.urls.at(-1)).toBe("/acme/feed.rss?key=k1");
    await get(port, "/acme/manage?token=t&x=1");
    expect(o.urls.at(-1)).toBe("/acme/manage?token=t&x=1");
    await get(port, "/acme?x=1", { host: "unknown.example" });
    expect(o.urls.at(-1)).toBe("/acme?x=1");
    // A custom domain serves the page at its root.
    await get(port, "/og.png?x=1", { host: "status.acme.test" });
    expect(o.urls.at(-1)).toBe("/og.png");
  });
});
