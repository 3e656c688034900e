import { afterEach, describe, expect, it } from "vitest";
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

describe("front cache: what is stored", () => {
  it("stores a tagged public response once and serves it from memory, without the tags header", async () => {
    const o = origin();
    const { port } = await start(o);
    const a = await get(port, "/acme");
    const b = await get(port, "/acme");
    expect(a.status).toBe(200);
    expect(a.headers["x-heliograph-cache"]).toBe("MISS");
    expect(b.headers["x-heliograph-cache"]).toBe("HIT");
    expect(b.text).toBe(a.text);
    expect(b.text).toContain('<p id="status">v1</p>');
    expect(b.headers["x-heliograph-cache-tags"]).toBeUndefined();
    expect(b.headers["cache-control"]).toContain("s-maxage=5");
    expect(o.renders).toBe(1);
  });

  it("keys on the normalized query: parameter order does not matter, values do", async () => {
    const o = origin();
    const { port } = await start(o);
    await get(port, "/acme?b=2&a=1");
    expect((await get(port, "/acme?a=1&b=2")).headers["x-heliograph-cache"]).toBe("HIT");
    expect((await get(port, "/acme?a=1&b=3")).headers["x-heliograph-cache"]).toBe("MISS");
    expect(o.renders).toBe(2);
  });

  it("never serves a private page from the cache to a request without its cookie", async () => {
    const o = origin();
    const { port } = await start(o);
    const withCookie = await get(port, "/private", { cookie: "hg_access=ok" });
    expect(withCookie.text).toContain("SECRET");
    expect(withCookie.headers["cache-control"]).toBe("private, no-store");
    const without = await get(port, "/private");
    expect(without.text).not.toContain("SECRET");
    expect(without.text).toContain("Enter the key");
    expect((await get(port, "/private", { cookie: "other=1" })).text).not.toContain("SECRET");
    expect(o.rendersByPath.get("/private")).toBe(3);
  });

  it("keeps two custom domains with the same path apart", async () => {
    const o = origin();
    const { port } = await start(o);
    const one = await get(port, "/acme", { host: "status.example" });
    const two = await get(port, "/acme", { host: "other.example" });
    expect(one.text).not.toContain("[other domain]");
    expect(two.text).toContain("[other domain]");
    expect((await get(port, "/acme", { host: "STATUS.example" })).text).not.toContain("[other domain]");
    expect((await get(port, "/acme", { host: "other.example" })).text).toContain("[other domain]");
    expect(o.renders).toBe(2);
  });

  it("does not cache an unknown host's 404", async () => {
    const o = origin();
    const { port } = await start(o);
    for (let i = 0; i < 3; i++) expect((await get(port, "/acme", { host: "unknown.example" })).status).toBe(404);
    expect(o.renders).toBe(3);
  });

  it("does not store responses that set a cookie or vary on something outside the key", async () => {
    const o = origin();
    const { port } = await start(o);
    for (let i = 0; i < 2; i++) {
      const withCookie = await get(port, "/cookie");
      expect(withCookie.headers["set-cookie"]).toEqual(["a=b"]);
      expect(withCookie.headers["x-heliograph-cache-tags"]).toBeUndefined();
      await get(port, "/vary");
    }
    expect(o.renders).toBe(4);
  });

  it("lets RSC, prefetch, authorized and non-GET requests through to the origin", async () => {
    const o = origin();
    const { port } = await start(o);
    await get(port, "/acme");
    await get(port, "/acme", { rsc: "1" });
    await get(port, "/acme", { "next-router-prefetch": "1" });
    await get(port, "/acme?_rsc=abc");
    await get(port, "/acme", { authorization: "Bearer x" });
    await get(port, "/acme", {}, "POST");
    expect(o.renders).toBe(6);
  });

  it("bounds memory: least recently used entries go first", async () => {
    const o = origin();
    for (let i = 0; i < 50; i++) o.db.set(`p${i}`, `text ${i} ${"y".repeat(4000)}`);
    const { port, cache } = await start(o, { maxBytes: 40_000 });
    for (let i = 0; i < 50; i++) await get(port, `/p${i}`);
    expect(cache.lru.bytes).toBeLessThanOrEqual(40_000);
    expect(cache.lru.size).toBeLessThan(50);
    expect(cache.lru.peek("status.example/p49")).toBeDefined();
    expect(cache.lru.peek("status.example/p0")).toBeUndefined();
  });
});

describe("front cache: representations", () => {
  it("serves brotli, gzip or identity from bodies compressed once, each with its own strong ETag", async () => {
    const o = origin();
    const { port } = await start(o);
    const plain = await get(port, "/acme");
    const br = await get(port, "/acme", { "accept-encoding": "gzip, deflate, br" });
    const gz = await get(port, "/acme", { "accept-encoding": "gzip" });
    const none = await get(port, "/acme", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(br.text).toBe(plain.text);
    expect(gz.text).toBe(plain.text);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(o.renders).toBe(1);
  });

  it("answers 304 with the right ETag to a matching If-None-Match, and 200 otherwise", async () => {
    const o = origin();
    const { port } = await start(o);
    const first = await get(port, "/acme", { "accept-encoding": "br" });
    const etag = first.headers.etag!;
    const nm = await get(port, "/acme", { "accept-encoding": "br", "if-none-match": etag });
    expect(nm.status).toBe(304);
    expect(nm.headers.etag).toBe(etag);
    expect(nm.body.length).toBe(0);
    expect((await get(port, "/acme", { "accept-encoding": "br", "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await get(port, "/acme", { "accept-encoding": "br", "if-none-match": '"nope"' })).status).toBe(200);
    // The gzip representation has another tag: a br validator does not match it.
    const gz = await get(port, "/acme", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(gz.status).toBe(200);
    expect(gz.headers.etag).not.toBe(etag);
  });

  it("decodes an upstream that compressed its answer itself", async () => {
    const o = origin();
    o.db.set("gz", "compressed upstream");
    const { port } = await start(o);
    await get(port, "/gz");
    const hit = await get(port, "/gz");
    expect(hit.headers["x-heliograph-cache"]).toBe("HIT");
    expect(hit.text).toContain("compressed upstream");
  });

  it("answers HEAD from an entry with headers only", async () => {
    const o = origin();
    const { port } = await start(o);
    await get(port, "/acme");
    const head = await get(port, "/acme", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(o.renders).toBe(1);
  });
});
