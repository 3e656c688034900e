/**
 * Two server processes on different ports, one PostgreSQL schema, one Redis (a key prefix of this run):
 * an incident update posted through instance A is served by instance B at once.
 */
import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./harness";
import { openIncident, postUpdate, raw, timeUntilServed } from "./cache-helpers";
import { REDIS_URL, freshSchema, requireRedis } from "./cache-pg";

let a: RunningServer;
let b: RunningServer;
let key: string;
let db: Awaited<ReturnType<typeof freshSchema>>;
const prefix = `hg-e2e-${randomUUID().slice(0, 8)}:`;

beforeAll(async () => {
  await requireRedis();
  db = await freshSchema();
  const env = { DATABASE_URL: db.url(), REDIS_URL, HELIOGRAPH_REDIS_PREFIX: prefix };
  a = await startServer({ env });
  key = a.apiKey()!;
  b = await startServer({ env });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  r.disconnect();
});

describe("several instances (PostgreSQL + Redis)", () => {
  it("an update posted through instance A is served by instance B at its next request", async () => {
    // Both instances hold the page in their front caches.
    for (const s of [a, b]) {
      await raw(s.url, "/acme");
      expect((await raw(s.url, "/acme")).headers["x-heliograph-cache"]).toBe("HIT");
    }
    const incident = await openIncident(a.url, key);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const text = `Cross-instance update ${i} ${Date.now()}`;
      const writer = i % 2 === 0 ? a : b;
      const reader = writer === a ? b : a;
      await postUpdate(writer.url, key, incident.id, text);
      // The bound only guards against a hang; the figures are printed (timing is the benchmark's job).
      times.push(await timeUntilServed(reader.url, "/acme", text, 15_000));
      expect((await raw(reader.url, "/acme")).headers["x-heliograph-cache"]).toBe("HIT");
    }
    console.log(`time until the other instance served the update (ms): ${times.map((t) => t.toFixed(1)).join(", ")}`);
  });
});
