import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisGenerationStore } from "@/lib/cache/redis-generations";
import { requireRedis } from "../../e2e/cache-pg";

const REDIS_URL = process.env.HELIOGRAPH_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `hgtest:${randomUUID().slice(0, 8)}:`;
const stores: RedisGenerationStore[] = [];
function store(url = REDIS_URL) {
  const s = new RedisGenerationStore({ url, prefix, commandTimeoutMs: 300 }, Redis);
  stores.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  const r = new Redis(REDIS_URL);
  await r.del(`${prefix}seq`, `${prefix}gens`);
  r.disconnect();
});

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe("Redis generation store (several instances)", () => {
  beforeAll(() => requireRedis(REDIS_URL));
  it("a bump on one instance is seen by another within milliseconds, in one global sequence", async () => {
    const a = store();
    const b = store();
    expect(await a.ready()).toBe(true);
    expect(await b.ready()).toBe(true);
    const heard: string[][] = [];
    b.subscribe((tags) => heard.push([...tags]));
    const before = b.current();
    const t0 = performance.now();
    await a.bump(["page:1", "tenancy"]);
    // bump() resolves after the local apply
    expect(a.latest(["page:1"])).toBeGreaterThan(before);
    await until(() => b.latest(["page:1"]) === a.latest(["page:1"]));
    const lag = performance.now() - t0;
    expect(b.latest(["page:2"])).toBe(0);
    expect(b.current()).toBe(a.current());
    expect(heard).toContainEqual(["page:1", "tenancy"]);
    await b.bump(["page:2"]);
    await until(() => a.latest(["page:2"]) > a.latest(["page:1"]));
    console.log(`cross-instance bump visible after ${lag.toFixed(1)} ms`);
  });

  it("a new instance starts from the generations already in Redis", async () => {
    const a = store();
    await a.ready();
    await a.bump(["page:late"]);
    const c = store();
    expect(await c.ready()).toBe(true);
    expect(c.latest(["page:late"])).toBe(a.latest(["page:late"]));
  });

  it("when Redis is unreachable a bump still invalidates locally and the store reports itself unhealthy", async () => {
    const down = store("redis://127.0.0.1:1");
    expect(await down.ready(200)).toBe(false);
    const heard: string[][] = [];
    down.subscribe((t) => heard.push([...t]));
    await down.bump(["page:x"]); // resolves, does not throw
    expect(down.latest(["page:x"])).toBe(Number.POSITIVE_INFINITY);
    expect(down.latest(["page:y"])).toBe(0);
    expect(down.healthy()).toBe(false);
    expect(heard).toContainEqual(["page:x"]);
  });
});
