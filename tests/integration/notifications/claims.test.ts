import { describe, expect, it } from "vitest";
import { createIncident } from "@/lib/incidents/service";
import { bulkCreateSubscriptions } from "@/lib/subscriptions/service";
import { alreadyDown, deliveriesOf, loopbackGuard, pageWithServices, testWorker } from "./fixtures";
import { startReceiver, until } from "./peers";

describe(`claiming ahead on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("a worker claims beyond what it sends, keeps each host to its limit, and hands back what it never started when it stops", async () => {
    let open = 0;
    let most = 0;
    const rec = await startReceiver((_r, res) => {
      most = Math.max(most, ++open);
      setTimeout(() => {
        open--;
        res.writeHead(204).end();
      }, 30);
    });
    const ctx = await pageWithServices("claims-ahead");
    await alreadyDown(ctx.db, ctx.accountId, ctx.services[0].id);
    const urls = Array.from({ length: 60 }, (_, i) => `${rec.url}?n=${i}`);
    await bulkCreateSubscriptions(ctx.db, ctx.accountId, ctx.page.id, { subscriptions: urls.map((config) => ({ type: "WEBHOOK" as const, config })), autoVerify: true }, loopbackGuard());
    await createIncident(ctx.db, ctx.accountId, { name: "Outage", severity: "MAJOR", serviceIds: [ctx.services[0].id], update: { description: "Down", notifySubscribers: true } });

    const w = testWorker(ctx.db, { worker: { hostConcurrency: 2, concurrency: 8, leaseMs: 60_000 } });
    w.start();
    await until(() => rec.received.length >= 6);
    const leased = (await deliveriesOf(ctx.db, ctx.page.id, "incident.update")).filter((d) => d.lease_owner === w.owner && d.lease_until !== null && d.status === "QUEUED");
    expect(leased.length, "claimed more than the two in flight").toBeGreaterThan(2);
    await w.stop();
    const sent = rec.received.length;
    const rows = await deliveriesOf(ctx.db, ctx.page.id, "incident.update");
    expect(rows.filter((d) => d.status === "SENT")).toHaveLength(sent);
    const waiting = rows.filter((d) => d.status === "QUEUED");
    expect(waiting).toHaveLength(60 - sent);
    // Handed back: free for any worker at once, their attempt not counted.
    for (const d of waiting) expect([d.lease_until, d.attempts]).toEqual([null, 0]);
    expect(most).toBeLessThanOrEqual(2);

    // Another worker takes them at once, and everyone has the update exactly once.
    const next = testWorker(ctx.db, { worker: { hostConcurrency: 2, concurrency: 8 } });
    await next.drain();
    expect(rec.received).toHaveLength(60);
    expect(new Set(rec.received.map((r) => r.headers["webhook-id"])).size).toBe(60);
    expect((await deliveriesOf(ctx.db, ctx.page.id, "incident.update")).every((d) => d.status === "SENT")).toBe(true);
    await rec.close();
  });
});
