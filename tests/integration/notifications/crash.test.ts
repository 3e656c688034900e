import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { createIncident } from "@/lib/incidents/service";
import { encryptSecret, newWebhookSecret, subscriptionKeys } from "@/lib/subscriptions/crypto";
import { alreadyDown, deliveriesOf, pageWithServices } from "./fixtures";
import { startReceiver, until } from "./peers";
import { workerNodeArgs } from "@/scripts/server-process.mjs";

const ROOT = join(import.meta.dirname, "../../..");
const WEBHOOKS = 1200;
/** The chat channels post to a URL like webhooks but carry no idempotency key: a redelivery shows twice in the channel. */
const CHATS = ["SLACK", "TEAMS", "DISCORD", "GOOGLE_CHAT"] as const;
const PER_CHAT = 200;
const SUBSCRIBERS = WEBHOOKS + CHATS.length * PER_CHAT;

/** The top-level shape each platform documents, enough to tell a chat message from anything else. */
const CHAT_SHAPE: Record<(typeof CHATS)[number], (b: Record<string, unknown>) => boolean> = {
  SLACK: (b) => typeof b.text === "string" && Array.isArray(b.blocks),
  TEAMS: (b) => b.type === "message" && Array.isArray(b.attachments),
  DISCORD: (b) => Array.isArray(b.embeds),
  GOOGLE_CHAT: (b) => Array.isArray(b.cardsV2) || typeof b.text === "string",
};

/**
 * `npm run worker` as a single process (no npm wrapper between the test and the worker), on this file's store.
 * Its bundle goes to a folder of the tests' own: the browser tests rebuild .next meanwhile.
 */
function startWorker(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HELIOGRAPH_OUTBOUND_ALLOWLIST: "127.0.0.1",
    HELIOGRAPH_WORKER_LEASE_SECONDS: "2",
    HELIOGRAPH_WORKER_CONCURRENCY: "16",
    HELIOGRAPH_WORKER_HOST_CONCURRENCY: "16",
    HELIOGRAPH_DEMO: "false",
    LOG_LEVEL: "silent",
    HELIOGRAPH_DIST_DIR: "tests/.tmp/worker-bundle",
  };
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  return spawn(process.execPath, workerNodeArgs(), { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

describe(`crash recovery on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it(`${WEBHOOKS} webhook and ${CHATS.length * PER_CHAT} chat subscribers, worker SIGKILLed mid-fan-out and restarted: everyone gets the update, no key accepted twice`, async () => {
    const { db, accountId, page, services } = await pageWithServices("crash");
    await alreadyDown(db, accountId, services[0].id);
    const secret = newWebhookSecret();
    const wh = new Webhook(secret);
    const accepted = new Map<string, number>();
    /** chat messages received per subscriber index, and those of the wrong shape */
    const chatCount = new Map<string, number>();
    let redeliveries = 0;
    let rejected = 0;
    const rec = await startReceiver((r, res, req) => {
      const url = new URL(req.url ?? "/", "http://x");
      const chat = url.pathname.split("/").at(-1)!.toUpperCase() as (typeof CHATS)[number];
      if (CHATS.includes(chat)) {
        if (!CHAT_SHAPE[chat](JSON.parse(r.body))) {
          rejected++;
          return void res.writeHead(400).end();
        }
        const who = `${chat}:${url.searchParams.get("s")}`;
        chatCount.set(who, (chatCount.get(who) ?? 0) + 1);
        return void setTimeout(() => res.writeHead(chat === "DISCORD" ? 204 : 200).end(), 20);
      }
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
    const reached = () => accepted.size + chatCount.size;

    const keys = await subscriptionKeys(db);
    const at = Date.now();
    const ids: string[] = [];
    const row = (channel: "WEBHOOK" | (typeof CHATS)[number], target: string) => {
      const id = crypto.randomUUID();
      if (channel === "WEBHOOK") ids.push(id);
      return { id, status_page_id: page.id, channel, target, status: "VERIFIED" as const, service_ids: null, dest_host: new URL(rec.url).host, secret_enc: channel === "WEBHOOK" ? encryptSecret(keys, secret) : null, token_nonce: id, created_at: at, updated_at: at };
    };
    const rows = [
      ...Array.from({ length: WEBHOOKS }, (_, i) => row("WEBHOOK", `${rec.url}?s=${i}`)),
      ...CHATS.flatMap((c) => Array.from({ length: PER_CHAT }, (_, i) => row(c, `${rec.url}/${c.toLowerCase()}?s=${i}`))),
    ];
    // Interleaved, so the kill lands while both kinds are in flight.
    rows.sort((a, b) => a.id.localeCompare(b.id));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto("subscribers").values(rows.slice(i, i + 500)).execute();
    await createIncident(db, accountId, { name: "Crash test", severity: "CRITICAL", serviceIds: [services[0].id], update: { description: "x", notifySubscribers: true } });

    const first = startWorker();
    const exited = new Promise((r) => first.once("exit", r));
    await until(() => reached() >= 500, 60_000, 5);
    first.kill("SIGKILL");
    await exited;
    const atKill = reached();
    const chatsAtKill = chatCount.size;
    const leased = (await deliveriesOf(db, page.id, "incident.update")).filter((d) => d.status === "QUEUED" && d.lease_until !== null).length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);
    expect(chatsAtKill, "chat deliveries were under way when the worker died").toBeGreaterThan(0);

    const second = startWorker();
    try {
      await until(() => reached() >= SUBSCRIBERS, 120_000, 20);
      await until(async () => (await deliveriesOf(db, page.id, "incident.update")).every((d) => d.status === "SENT"), 30_000, 100);
    } finally {
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
      await rec.close();
    }
    const chatRepeats = [...chatCount.values()].reduce((n, c) => n + c - 1, 0);
    console.log(`[${process.env.HELIOGRAPH_TEST_STORE}] killed after ${atKill} reached (${chatsAtKill} by chat) with ${leased} leased rows; ${redeliveries} webhook redeliveries of accepted keys, ${chatRepeats} repeated chat messages after restart`);
    expect(rejected).toBe(0);
    expect(accepted.size).toBe(WEBHOOKS);
    // One stable key per (update, subscriber): every subscriber appears in exactly one accepted key.
    const subscribersReached = [...accepted.keys()].map((k) => k.split("_").at(-1)!);
    expect(new Set(subscribersReached).size).toBe(WEBHOOKS);
    expect(new Set(subscribersReached)).toEqual(new Set(ids));
    // Every chat subscriber got the message: nobody lost to the kill.
    for (const c of CHATS) for (let i = 0; i < PER_CHAT; i++) expect(chatCount.get(`${c}:${i}`), `${c} subscriber ${i}`).toBeGreaterThanOrEqual(1);
    // Only what was in flight (leased, or sent but not yet recorded) at the kill can come again, whatever the channel.
    expect(redeliveries + chatRepeats).toBeLessThanOrEqual(16 + 200);
  }, 240_000);
});
