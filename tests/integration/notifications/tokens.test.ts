/**
 * Manage and unsubscribe links are bound to the subscription they were sent for: a link leaked from an
 * earlier subscription (webhook payloads carry it in every delivery) must not act on a later one.
 */
import { describe, expect, it } from "vitest";
import { getManagedSubscription, rotateWebhookSecret, unsubscribeByToken } from "@/lib/subscriptions/self-service";
import { listSubscriptions, subscribe } from "@/lib/subscriptions/service";
import { resetSignupLimiter } from "@/lib/subscriptions/abuse";
import { loopbackGuard, pageWithServices, testWorker } from "./fixtures";
import { startReceiver, type Received } from "./peers";

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const metaOf = (r: Received) => (JSON.parse(r.body) as { meta: { manage: string; unsubscribe: string } }).meta;

describe(`manage links on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("a link from before an unsubscribe and re-subscribe no longer acts on the new subscription", async () => {
    resetSignupLimiter(1000);
    const { db, accountId, page } = await pageWithServices("tokens-resub");
    const rec = await startReceiver();
    const w = testWorker(db);
    await subscribe(db, page, { type: "WEBHOOK", address: rec.url }, { client: "198.51.100.20" }, loopbackGuard());
    await w.drain();
    const old = metaOf(rec.received[0]);
    expect(await unsubscribeByToken(db, page, tokenOf(old.unsubscribe))).toBe(true);
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(0);

    await subscribe(db, page, { type: "WEBHOOK", address: rec.url }, { client: "198.51.100.20" }, loopbackGuard());
    await w.drain();
    const [again] = await listSubscriptions(db, accountId, page.id);
    expect(again.status).toBe("VERIFIED");
    const fresh = metaOf(rec.received[1]);

    // The leaked link of the first subscription: no view, no new secret, no unsubscribe.
    expect(await getManagedSubscription(db, page, tokenOf(old.manage))).toBeNull();
    expect(await rotateWebhookSecret(db, page, tokenOf(old.manage))).toBeNull();
    expect(await unsubscribeByToken(db, page, tokenOf(old.unsubscribe))).toBe(false);
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(1);

    // The link of the current subscription works.
    expect((await getManagedSubscription(db, page, tokenOf(fresh.manage)))?.subscriber.id).toBe(again.id);
    expect(await unsubscribeByToken(db, page, tokenOf(fresh.unsubscribe))).toBe(true);
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(0);
    await w.stop();
    await rec.close();
  });
});
