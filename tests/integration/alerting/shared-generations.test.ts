/**
 * `npm run runner` in its own process with REDIS_URL set: the incident its failing run opens bumps the page's
 * generation through Redis, so another instance's store (a web server's) sees the page change.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisGenerationStore } from "@/lib/cache/redis-generations";
import { pageTag } from "@/lib/cache/tags";
import { requireRedis } from "../../e2e/cache-pg";
import { slug, tenant } from "../api/fixtures";
import { until } from "../notifications/peers";
import { httpTarget } from "../scheduling/fixtures";

const ROOT = join(import.meta.dirname, "../../..");
const REDIS_URL = process.env.HELIOGRAPH_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `hgtest:${randomUUID().slice(0, 8)}:`;
let other: RedisGenerationStore;

beforeAll(async () => {
  await requireRedis(REDIS_URL);
  other = new RedisGenerationStore({ url: REDIS_URL, prefix }, Redis);
  expect(await other.ready()).toBe(true);
});

afterAll(async () => {
  await other?.close();
  const r = new Redis(REDIS_URL);
  await r.del(`${prefix}seq`, `${prefix}gens`);
  r.disconnect();
});

/** `npm run runner` as one node process on this file's store, sharing generations through Redis under `prefix`. */
function startRunnerProcess() {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [node, ...args] = pkg.scripts.runner.split(/\s+/);
  if (node !== "node") throw new Error(`npm run runner no longer starts with node: ${node}`);
  const env: NodeJS.ProcessEnv = { ...process.env, REDIS_URL, HELIOGRAPH_REDIS_PREFIX: prefix, LOG_LEVEL: "silent" };
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  return spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

describe(`an out-of-process runner on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("bumps the page it changes in the generations every instance reads", async () => {
    const t = await tenant();
    const service = (await t.api.post("/v1/status-pages/services", { name: "Checkout" })).body as { id: string };
    const page = await t.api.post("/v1/status-pages", { name: "Status", url: slug("gen"), cards: [{ name: "Core", services: [{ id: service.id }] }] });
    expect(page.status, page.text).toBe(201);
    const target = await httpTarget(500);
    const triggerIncident = { serviceId: service.id, severity: "MAJOR", name: "Checkout down", description: "The checkout check fails.", notifySubscribers: false };
    const check = await t.api.post("/v1/checks/api", { name: "Checkout", frequency: 1440, request: { method: "GET", url: target.url }, triggerIncident });
    expect(check.status, check.text).toBe(201);
    await t.db.updateTable("checks").set({ next_run_at: Date.now() - 1000 }).where("id", "=", check.body.id).execute();

    const tag = pageTag(page.body.id);
    const before = other.latest([tag]);
    const child = startRunnerProcess();
    const exited = new Promise((r) => child.once("exit", r));
    try {
      await until(() => other.latest([tag]) > before, 90_000, 10);
      const incidents = await t.db.selectFrom("incidents").select(["name", "resolved_at"]).where("account_id", "=", t.accountId).execute();
      expect(incidents).toEqual([{ name: "Checkout down", resolved_at: null }]);
      expect(target.hits()).toBeGreaterThan(0);
    } finally {
      child.kill("SIGTERM");
      await exited;
      await target.close();
    }
  }, 120_000);
});
