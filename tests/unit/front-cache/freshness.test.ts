import { afterEach, describe, expect, it } from "vitest";
import { get, origin, serve, tick } from "./origin";

const servers: { close: () => Promise<void> }[] = [];
async function start(...args: Parameters<typeof serve>) {
  const s = await serve(...args);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function until(cond: () => boolean, what = "condition") {
  const end = Date.now() + 3000;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`${what}: not met within 3 s`);
    await tick(2);
  }
}

/** Polls until `path` is served as a plain hit containing `text` (a background refresh finished). */
async function untilFresh(port: number, path: string, text: string) {
  const end = Date.now() + 3000;
  for (;;) {
    const r = await get(port, path);
    if (r.headers["x-heliograph-cache"] === "HIT" && r.text.includes(text)) return r;
    if (Date.now() > end) throw new Error(`${path} never served "${text}" as a fresh hit`);
    await tick(5);
  }
}

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe("front cache: version-safe invalidation", () => {
  it("serves the new text at the next request after a bump", async () => {
    const o = origin();
    const { port, store } = await start(o);
    expect((await get(port, "/acme")).text).toContain(">v1<");
    o.db.set("acme", "v2");
    await store.bump(["page:acme"]);
    expect((await get(port, "/acme")).text).toContain(">v2<");
    expect((await get(port, "/acme.json")).text).toContain('"v2"');
    // Another page's entry is untouched.
    await get(port, "/other");
    await store.bump(["page:acme"]);
    expect((await get(port, "/other")).headers["x-heliograph-cache"]).toBe("HIT");
  });

  it("does not store a render that began before an invalidation (delayed render)", async () => {
    const o = origin();
    const { port, store, cache } = await start(o);
    const slow = gate();
    o.gate = slow.promise;
    const first = get(port, "/acme"); // reads v1, then waits
    await until(() => o.renders === 1, "the render started");
    o.db.set("acme", "v2");
    await store.bump(["page:acme"]); // lands while the render is in flight
    o.gate = undefined;
    slow.open();
    expect((await first).text).toContain(">v1<"); // the request that started before the write may see v1 ...
    expect(cache.stats.discardedRaces).toBe(1);
    expect(cache.lru.peek("status.example/acme")).toBeUndefined(); // ... but it is never stored
    const next = await get(port, "/acme");
    expect(next.text).toContain(">v2<");
    expect(o.renders).toBe(2);
  });

  it("a request that arrives after an invalidation never joins a render that began before it", async () => {
    const o = origin();
    const { port, store } = await start(o);
    const slow = gate();
    o.gate = slow.promise;
    const before = get(port, "/acme");
    await until(() => o.renders === 1, "the first render started");
    o.db.set("acme", "v2");
    await store.bump(["page:acme"]);
    o.gate = undefined;
    const after = get(port, "/acme");
    await until(() => o.renders === 2, "the later request rendered on its own");
    slow.open();
    expect((await before).text).toContain(">v1<");
    expect((await after).text).toContain(">v2<");
  });

  it("coalesces simultaneous misses into one render", async () => {
    const o = origin();
    const { port, cache } = await start(o);
    const slow = gate();
    o.gate = slow.promise;
    const all = Array.from({ length: 25 }, () => get(port, "/acme"));
    await until(() => cache.stats.misses === 25, "all 25 requests arrived");
    slow.open();
    const results = await Promise.all(all);
    expect(results.every((r) => r.status === 200 && r.text.includes(">v1<"))).toBe(true);
    expect(o.renders).toBe(1);
  });

  it("does not hold other requests behind an uncacheable answer that is still streaming", async () => {
    const o = origin();
    const { port } = await start(o);
    const held = gate();
    o.streamGate = held.promise;
    const first = get(port, "/stream");
    await until(() => o.renders === 1, "the stream started");
    o.streamGate = undefined;
    const second = await get(port, "/stream"); // would wait for the first stream's end if it had joined it
    expect(second.text).toBe("first last");
    held.open();
    expect((await first).text).toBe("first last");
    expect(o.renders).toBe(2);
  });

  it("never loses an update: many bumps landing during re-renders all end on the last text", async () => {
    const o = origin();
    const { port, store } = await start(o);
    await get(port, "/acme");
    for (let i = 0; i < 50; i++) {
      const slow = gate();
      o.gate = slow.promise;
      await store.bump(["page:acme"]); // e.g. an earlier write: the next read re-renders
      const rendersBefore = o.renders;
      const reader = get(port, "/acme"); // that re-render starts ...
      await until(() => o.renders > rendersBefore, "the re-render started");
      o.db.set("acme", `u${i}`); // ... and this write lands during it
      await store.bump(["page:acme"]);
      o.gate = undefined;
      slow.open();
      await reader;
      expect((await get(port, "/acme")).text).toContain(`>u${i}<`);
    }
  });
});

describe("front cache: time-based refresh", () => {
  it("serves an expired but unchanged entry while one background render refreshes it", async () => {
    const o = origin();
    // Fresh for 400 ms: long enough that the refreshed entry is still fresh when polled on a loaded machine.
    const { port } = await start(o, { ttlMs: 400, staleMs: 60_000 });
    await get(port, "/acme");
    o.db.set("acme", "v2"); // a change nobody invalidated (e.g. the day rolled over)
    await tick(450);
    const stale = await get(port, "/acme");
    expect(stale.headers["x-heliograph-cache"]).toBe("HIT-STALE");
    expect(stale.text).toContain(">v1<");
    await untilFresh(port, "/acme", ">v2<");
    expect(o.renders).toBe(2);
  });

  it("never serves stale-while-revalidate after an explicit invalidation", async () => {
    const o = origin();
    const { port, store } = await start(o, { ttlMs: 40, staleMs: 60_000 });
    await get(port, "/acme");
    await tick(60);
    o.db.set("acme", "v2");
    await store.bump(["page:acme"]);
    const r = await get(port, "/acme");
    expect(r.headers["x-heliograph-cache"]).toBe("MISS");
    expect(r.text).toContain(">v2<");
  });

  it("expires entries quickly while the generation store is unhealthy (cannot hear other instances)", async () => {
    const o = origin();
    const s = await start(o, { ttlMs: 60_000, degradedTtlMs: 30 });
    let healthy = true;
    (s.store as { healthy?: () => boolean }).healthy = () => healthy;
    await get(s.port, "/acme");
    healthy = false;
    o.db.set("acme", "v2");
    await tick(50);
    expect((await get(s.port, "/acme")).headers["x-heliograph-cache"]).toBe("HIT-STALE");
    const end = Date.now() + 3000;
    while (!(await get(s.port, "/acme")).text.includes(">v2<")) {
      if (Date.now() > end) throw new Error("the unhealthy store's entry was never refreshed");
      await tick(5);
    }
  });
});

describe("front cache: database outage", () => {
  it("answers 200 with the last good copy, marked stale with a visible note, then recovers by itself", async () => {
    const o = origin();
    const { port, store } = await start(o, { failureBackoffMs: 1000 });
    await get(port, "/acme");
    await get(port, "/acme.json");
    o.down = true;
    o.db.set("acme", "v2");
    await store.bump(["page:acme"]);
    const html = await get(port, "/acme", { "accept-encoding": "br" });
    expect(html.status).toBe(200);
    expect(html.headers.warning).toBe('110 - "Response is Stale"');
    expect(Number(html.headers.age)).toBeGreaterThanOrEqual(0);
    expect(html.text).toContain(">v1<");
    expect(html.text).toContain("Status may be out of date");
    expect(html.text.indexOf('<div role="status" data-heliograph-stale')).toBeGreaterThan(html.text.indexOf("<body"));
    // The same words in a style in <head>, for when hydration drops the element.
    expect(html.text.indexOf("<style data-heliograph-stale")).toBeLessThan(html.text.indexOf("</head>"));
    const json = await get(port, "/acme.json");
    expect(json.status).toBe(200);
    expect(json.headers.warning).toContain("110");
    expect(JSON.parse(json.text).status).toBe("v1");
    // Within the back-off the origin is not asked again.
    const renders = o.renders;
    await get(port, "/acme");
    expect(o.renders).toBe(renders);
    o.down = false;
    await tick(1100);
    const back = await get(port, "/acme");
    expect(back.status).toBe(200);
    expect(back.headers.warning).toBeUndefined();
    expect(back.text).toContain(">v2<");
    expect(back.text).not.toContain("Status may be out of date");
  });

  it("answers with the last good copy when a render hangs", async () => {
    const o = origin();
    const { port, store } = await start(o, { slowRenderMs: 50 });
    await get(port, "/acme");
    await store.bump(["page:acme"]);
    const hang = gate();
    o.gate = hang.promise;
    const r = await get(port, "/acme");
    expect(r.status).toBe(200);
    expect(r.headers.warning).toContain("110");
    o.gate = undefined;
    hang.open();
  });

  it("passes the error through when there is no good copy", async () => {
    const o = origin();
    o.down = true;
    const { port } = await start(o);
    expect((await get(port, "/acme")).status).toBe(500);
  });

  it("keeps no copy of a page whose address or access changed (it may have become private)", async () => {
    const o = origin();
    const { port, store, cache } = await start(o);
    await get(port, "/acme");
    await get(port, "/other");
    o.down = true;
    await store.bump(["page:acme", "tenancy"]);
    expect(cache.lru.peek("status.example/acme")).toBeUndefined();
    expect(cache.lru.peek("status.example/other")).toBeDefined();
    expect((await get(port, "/acme")).status).toBe(500);
  });
});
