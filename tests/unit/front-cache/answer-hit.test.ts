/**
 * FrontCache.answerHit, the server's first step for every request (lib/front-cache/server.ts): a fresh entry is sent
 * exactly as handle sends it; anything else is left untouched (no byte written, the target unchanged) for handle.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryGenerationStore } from "@/lib/cache/generations";
import { FrontCache, type FrontCacheOptions } from "@/lib/front-cache/front-cache";
import { accessCookieName, signGrant } from "@/lib/access/token";
import { MEMBERS_PAGE, MEMBERS_SECRET, get, origin, originHandler, tick } from "./origin";

interface Seen {
  url: string;
  hit: boolean;
  /** whether answerHit wrote anything when it declined */
  touched: boolean;
  /** the target after answerHit, when it declined */
  urlAfter: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function start(opts: Partial<FrontCacheOptions> = {}) {
  const o = origin();
  const store = new MemoryGenerationStore();
  const cache = new FrontCache({ handler: originHandler(o), maxBytes: 8 * 1024 * 1024, generations: () => store, serverSecret: () => MEMBERS_SECRET, ...opts });
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? "";
    const hit = cache.answerHit(req, res) !== undefined;
    seen.push({ url, hit, touched: !hit && (res.headersSent || res.writableEnded), urlAfter: req.url ?? "" });
    if (!hit) cache.handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { o, store, cache, seen, port: (server.address() as AddressInfo).port };
}

const last = (seen: Seen[]) => seen[seen.length - 1];
const withoutDate = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "date"));

describe("front cache: answerHit", () => {
  it("sends a fresh entry exactly as handle does (status, headers, bytes; 304 on its etag; HEAD without a body)", async () => {
    const { cache, seen, port, o } = await start();
    const miss = await get(port, "/acme", { "accept-encoding": "br" });
    expect(miss.headers["x-heliograph-cache"]).toBe("MISS");
    expect(last(seen)).toMatchObject({ hit: false, touched: false });
    const fast = await get(port, "/acme", { "accept-encoding": "br" });
    expect(last(seen).hit).toBe(true);
    // The same entry through handle alone, as a server without the fast path would answer.
    const viaHandle = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
      const server = http.createServer(cache.handle).listen(0, "127.0.0.1", () => {
        const req = http.get({ port: (server.address() as AddressInfo).port, path: "/acme", agent: false, headers: { host: "status.example", "accept-encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => server.close(() => resolve(Object.assign(res, { body: Buffer.concat(chunks) }))));
        });
        req.on("error", reject);
      });
    });
    expect(fast.status).toBe(200);
    expect(fast.headers["x-heliograph-cache"]).toBe("HIT");
    expect(withoutDate(fast.headers)).toEqual(withoutDate(viaHandle.headers));
    expect(fast.body.equals(viaHandle.body)).toBe(true);
    expect(cache.stats.hits).toBe(2);

    const notModified = await get(port, "/acme", { "accept-encoding": "br", "if-none-match": String(fast.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(last(seen).hit).toBe(true);
    const head = await get(port, "/acme", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(last(seen).hit).toBe(true);
    expect(o.renders).toBe(1);
  });

  it("leaves every other request untouched for handle", async () => {
    const { store, seen, port, o } = await start();
    await get(port, "/acme");
    await get(port, "/acme?b=1");
    const declined: [string, () => Promise<unknown>][] = [
      ["a query", () => get(port, "/acme?b=1")],
      ["another host's key", () => get(port, "/acme", { host: "other.example" })],
      ["an absolute-form target", () => get(port, "http://status.example/acme")],
      ["dot segments", () => get(port, "/x/../acme")],
      ["an authorization header", () => get(port, "/acme", { authorization: "Bearer x" })],
      ["an RSC request", () => get(port, "/acme", { rsc: "1" })],
      ["a POST", () => get(port, "/acme", {}, "POST")],
    ];
    for (const [what, send] of declined) {
      await send();
      expect(last(seen), what).toMatchObject({ hit: false, touched: false });
      expect(last(seen).urlAfter, what).toBe(last(seen).url);
    }
    // Two Host headers: handle refuses them (400), answerHit does not look further.
    const twoHosts = await new Promise<number>((resolve, reject) => {
      const req = http.request({ port, path: "/acme", setHost: false, headers: [["Host", "status.example"], ["Host", "evil.example"]] as unknown as http.OutgoingHttpHeaders }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(twoHosts).toBe(400);
    expect(last(seen)).toMatchObject({ hit: false, touched: false });

    // A bumped tag: handle renders it anew, answerHit does not serve the old copy.
    await get(port, "/acme");
    expect(last(seen).hit).toBe(true);
    await store.bump(["page:acme"]);
    o.db.set("acme", "v2");
    expect((await get(port, "/acme")).text).toContain('<p id="status">v2</p>');
    expect(last(seen)).toMatchObject({ hit: false, touched: false });
  });

  it("leaves an expired entry to handle (served stale while one refresh runs)", async () => {
    const { seen, port } = await start({ ttlMs: 100 });
    await get(port, "/acme");
    await tick(150);
    expect((await get(port, "/acme")).headers["x-heliograph-cache"]).toBe("HIT-STALE");
    expect(last(seen)).toMatchObject({ hit: false, touched: false });
  });

  it("answers a private page's copy only to a visitor its cookie lets in", async () => {
    const { seen, port } = await start();
    const grant = { pageId: MEMBERS_PAGE, credential: "k.key-1", expires: Math.floor(Date.now() / 1000) + 3600 };
    const cookie = `${accessCookieName(MEMBERS_PAGE)}=${signGrant(grant, MEMBERS_SECRET)}`;
    expect((await get(port, "/members", { cookie })).headers["x-heliograph-cache"]).toBe("MISS");
    const hit = await get(port, "/members", { cookie });
    expect(hit.headers["x-heliograph-cache"]).toBe("HIT");
    expect(last(seen).hit).toBe(true);
    const stranger = await get(port, "/members");
    expect(stranger.status).toBe(401);
    expect(last(seen)).toMatchObject({ hit: false, touched: false });
  });
});
