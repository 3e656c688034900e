import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { createIncident } from "@/lib/incidents/service";
import { encryptSecret, newWebhookSecret, subscriptionKeys } from "@/lib/subscriptions/crypto";
import { alreadyDown, deliveriesOf, pageWithServices } from "./fixtures";
import { startReceiver, until } from "./peers";

const ROOT = join(import.meta.dirname, "../../..");
const SUBSCRIBERS = 2000;

/** `npm run worker` as a single process (no npm or tsx wrapper between the test and the worker), on this file's store. */
function startWorker(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HELIOGRAPH_OUTBOUND_ALLOWLIST: "127.0.0.1",
    HELIOGRAPH_WORKER_LEASE_SECONDS: "2",
    HELIOGRAPH_WORKER_CONCURRENCY: "16",
    HELIOGRAPH_WORKER_HOST_CONCURRENCY: "16",
    HELIOGRAPH_DEMO: "false",
    LOG_LEVEL: "silent",
  };
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  return spawn(process.execPath, ["--import", "tsx", "lib/cli/worker.ts"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

describe(`crash recovery on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it(`${SUBSCRIBERS} subscribers, worker SIGKILLed mid-fan-out and restarted: everyone gets the update, no key accepted twice`, async () => {
    const { db, accountId, page, services } = await pageWithServices("crash");
    await alreadyDown(db, accountId, services[0].id);
    const secret = newWebhookSecret();
    const wh = new Webhook(secret);
    const accepted = new Map<string, number>();
    let redeliveries = 0;
    let rejected = 0;
    const rec = await startReceiver((r, res) => {
      try {
        wh.verify(r.body, r.headers);
      } catch {
        rejected++;
        return void res.writeHead(400).end();
      }
      const key = r.headers["webhook-id"];
      // An idempotent receiver: a key it already accepted is acknowledged, not processed again.
      if (accepted.has(key)) redeliveries++;
      else accepted.set(key, r.at);
      setTimeout(() => res.writeHead(200).end(), 20);
    });

    const keys = await subscriptionKeys(db);
    const at = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < SUBSCRIBERS; i += 500) {
      const rows = Array.from({ length: Math.min(500, SUBSCRIBERS - i) }, (_, j) => {
        const id = crypto.randomUUID();
        ids.push(id);
        return { id, status_page_id: page.id, channel: "WEBHOOK" as const, target: `${rec.url}?s=${i + j}`, status: "VERIFIED" as const, service_ids: null, dest_host: new URL(rec.url).host, secret_enc: encryptSecret(keys, secret), token_nonce: id, created_at: at, updated_at: at };
      });
      await db.insertInto("subscribers").values(rows).execute();
    }
    await createIncident(db, accountId, { name: "Crash test", severity: "CRITICAL", serviceIds: [services[0].id], update: { description: "x", notifySubscribers: true } });

    const first = startWorker();
    const exited = new Promise((r) => first.once("exit", r));
    await until(() => accepted.size >= 500, 60_000, 5);
    first.kill("SIGKILL");
    await exited;
    const atKill = accepted.size;
    const leased = (await deliveriesOf(db, page.id, "incident.update")).filter((d) => d.status === "QUEUED" && d.lease_until !== null).length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    const second = startWorker();
    try {
      await until(() => accepted.size >= SUBSCRIBERS, 120_000, 20);
      await until(async () => (await deliveriesOf(db, page.id, "incident.update")).every((d) => d.status === "SENT"), 30_000, 100);
    } finally {
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
      await rec.close();
    }
    console.log(`[${process.env.HELIOGRAPH_TEST_STORE}] killed after ${atKill} accepted with ${leased} leased rows; ${redeliveries} redeliveries of already-accepted keys after restart`);
    expect(rejected).toBe(0);
    expect(accepted.size).toBe(SUBSCRIBERS);
    // One stable key per (update, subscriber): every subscriber appears in exactly one accepted key.
    const subscribersReached = [...accepted.keys()].map((k) => k.split("_").at(-1)!);
    expect(new Set(subscribersReached).size).toBe(SUBSCRIBERS);
    expect(new Set(subscribersReached)).toEqual(new Set(ids));
    // Only what was in flight (leased, or sent but not yet recorded) at the kill can come again.
    expect(redeliveries).toBeLessThanOrEqual(16 + 200);
  }, 240_000);
});
