import { describe, expect, it } from "vitest";
import { createIncident } from "@/lib/incidents/service";
import { claimDue, markSent } from "@/lib/notifications/worker/claim-queries";
import { bulkCreateSubscriptions } from "@/lib/subscriptions/service";
import { alreadyDown, deliveriesOf, loopbackGuard, pageWithServices, testWorker } from "./fixtures";
import { startReceiver } from "./peers";

async function backlog(slug: string, n: number, url: string) {
  const ctx = await pageWithServices(slug);
  await alreadyDown(ctx.db, ctx.accountId, ctx.services[0].id);
  const subscriptions = Array.from({ length: n }, (_, i) => ({ type: "WEBHOOK" as const, config: `${url}?n=${i}` }));
  // the bulk endpoint takes 100 at a time
  for (let i = 0; i < n; i += 100) await bulkCreateSubscriptions(ctx.db, ctx.accountId, ctx.page.id, { subscriptions: subscriptions.slice(i, i + 100), autoVerify: true }, loopbackGuard());
  await createIncident(ctx.db, ctx.accountId, { name: "Outage", severity: "MAJOR", serviceIds: [ctx.services[0].id], update: { description: "Down", notifySubscribers: true } });
  return ctx;
}

describe(`claims of parallel workers on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("a claim passes over rows another worker holds, returns each row with its subscriber, and recording them ends failing streaks", async () => {
    const rec = await startReceiver();
    const ctx = await backlog("parallel-claims-rows", 30, rec.url);
    const now = Date.now() + 1000;
    const a = await claimDue(ctx.db, "w-a", now, 60_000, 10, () => 100, []);
    const b = await claimDue(ctx.db, "w-b", now, 60_000, 100, () => 100, []);
    expect(a).toHaveLength(10);
    expect(b).toHaveLength(20);
    const ids = [...a, ...b].map((c) => c.delivery.id);
    expect(new Set(ids).size).toBe(30);
    for (const c of a) {
      expect(c.delivery).toMatchObject({ lease_owner: "w-a", lease_until: now + 60_000, attempts: 1, status: "QUEUED" });
      expect(c.subscriber.id).toBe(c.delivery.subscriber_id);
      expect(c.subscriber.target).toContain(rec.url);
      expect(c.subscriber.channel).toBe("WEBHOOK");
    }
    // Nothing is due any more while the leases last; the capacity per host still holds.
    expect(await claimDue(ctx.db, "w-c", now, 60_000, 100, () => 100, [])).toHaveLength(0);

    await ctx.db.updateTable("subscribers").set({ failing_since: 1 }).where("status_page_id", "=", ctx.page.id).execute();
    await markSent(ctx.db, a.map((c) => c.delivery.id), now);
    const rows = await deliveriesOf(ctx.db, ctx.page.id, "incident.update");
    expect(rows.filter((d) => d.status === "SENT").map((d) => d.id).sort()).toEqual(a.map((c) => c.delivery.id).sort());
    const failing = await ctx.db.selectFrom("subscribers").select(["id", "failing_since"]).where("status_page_id", "=", ctx.page.id).execute();
    const sentTo = new Set(a.map((c) => c.subscriber.id));
    for (const s of failing) expect(s.failing_since).toBe(sentTo.has(s.id) ? null : 1);
    await rec.close();
  });

  it("a claim takes at most the capacity of each host", async () => {
    const rec = await startReceiver();
    const ctx = await backlog("parallel-claims-capacity", 12, rec.url);
    const got = await claimDue(ctx.db, "w-a", Date.now() + 1000, 60_000, 100, () => 5, []);
    expect(got).toHaveLength(5);
    expect(await claimDue(ctx.db, "w-b", Date.now() + 1000, 60_000, 100, () => 100, [got[0].delivery.host])).toHaveLength(0);
    await rec.close();
  });

  it("three workers draining one backlog together send each delivery once", async () => {
    const rec = await startReceiver();
    const ctx = await backlog("parallel-claims-drain", 150, rec.url);
    const workers = [1, 2, 3].map(() => testWorker(ctx.db, { worker: { hostConcurrency: 4, concurrency: 8, batchSize: 20 } }));
    await Promise.all(workers.map((w) => w.drain()));
    expect(rec.received).toHaveLength(150);
    expect(new Set(rec.received.map((r) => r.headers["webhook-id"])).size).toBe(150);
    const rows = await deliveriesOf(ctx.db, ctx.page.id, "incident.update");
    expect(rows.map((d) => [d.status, d.attempts]).filter(([s, n]) => s !== "SENT" || n !== 1)).toEqual([]);
    await rec.close();
  });
});
