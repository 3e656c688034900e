import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIncident } from "@/lib/incidents/service";
import { bulkCreateSubscriptions, listSubscriptions } from "@/lib/subscriptions/service";
import { getDeliveryReport } from "@/lib/notifications/service";
import { alreadyDown, closeMailers, deliveriesOf, loopbackGuard, pageWithServices, testWorker } from "./fixtures";
import { startReceiver, startSmtp, until, type SmtpPeer } from "./peers";

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  closeMailers();
  await smtp.close();
});

async function hooks(slug: string, urls: string[]) {
  const ctx = await pageWithServices(slug);
  await alreadyDown(ctx.db, ctx.accountId, ctx.services[0].id);
  await bulkCreateSubscriptions(ctx.db, ctx.accountId, ctx.page.id, { subscriptions: urls.map((config) => ({ type: "WEBHOOK" as const, config })), autoVerify: true }, loopbackGuard());
  const incident = () => createIncident(ctx.db, ctx.accountId, { name: "Outage", severity: "MAJOR", serviceIds: [ctx.services[0].id], update: { description: "Down", notifySubscribers: true } });
  return { ...ctx, incident };
}

describe(`delivery retries on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("a hanging receiver does not delay the others", async () => {
    const hang = await startReceiver(() => {}); // never answers
    const fast = await startReceiver();
    const urls = [...Array.from({ length: 8 }, (_, i) => `${hang.url}?n=${i}`), ...Array.from({ length: 30 }, (_, i) => `${fast.url}?n=${i}`)];
    const { db, page, incident } = await hooks("retry-hang", urls);
    await incident();
    const w = testWorker(db, { worker: { timeoutMs: 5000, hostConcurrency: 2, concurrency: 8 } });
    w.start();
    await until(() => fast.received.length >= 30);
    // Every fast delivery went through while the hanging receiver still held its first two, untimed-out requests.
    expect(hang.received.length).toBeLessThanOrEqual(2);
    const rows = await deliveriesOf(db, page.id, "incident.update");
    expect(rows.filter((r) => r.status === "RETRYING")).toHaveLength(0);
    await until(async () => (await deliveriesOf(db, page.id, "incident.update")).filter((r) => r.status === "SENT").length === 30);
    await w.stop();
    await Promise.all([hang.close(), fast.close()]);
  });

  it("500 then 200: exactly one accepted delivery per subscriber, with the same idempotency key", async () => {
    const seen = new Map<string, number>();
    const accepted = new Map<string, number>();
    const rec = await startReceiver((r, res) => {
      const id = r.headers["webhook-id"];
      const n = (seen.get(id) ?? 0) + 1;
      seen.set(id, n);
      if (n === 1) return void res.writeHead(500).end("boom");
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
    const { db, page, incident } = await hooks("retry-500", [`${rec.url}?a`, `${rec.url}?b`, `${rec.url}?c`]);
    const { incident: inc, updates } = await incident();
    const w = testWorker(db);
    await until(async () => {
      await w.drain();
      return (await deliveriesOf(db, page.id, "incident.update")).every((d) => d.status === "SENT");
    });
    expect([...accepted.values()]).toEqual([1, 1, 1]);
    expect([...seen.values()]).toEqual([2, 2, 2]);
    const rows = await deliveriesOf(db, page.id, "incident.update");
    expect(rows.map((r) => r.attempts)).toEqual([2, 2, 2]);
    const report = await getDeliveryReport(db, page.account_id, inc.id, updates[0].id);
    expect(report).toMatchObject({ queued: 0, sent: 3, failed: 0, dead: 0, deadLetters: [] });
    await rec.close();
  });

  it("410 unsubscribes; Retry-After is honoured", async () => {
    const gone = await startReceiver((_r, res) => void res.writeHead(410).end());
    const busy = await startReceiver((_r, res) => void res.writeHead(429, { "retry-after": "3600" }).end());
    const { db, accountId, page, incident } = await hooks("retry-410", [gone.url, busy.url]);
    await incident();
    const w = testWorker(db);
    const t0 = Date.now();
    await w.drain();
    const rows = await deliveriesOf(db, page.id, "incident.update");
    const g = rows.find((r) => r.target === gone.url)!;
    const b = rows.find((r) => r.target === busy.url)!;
    expect(g).toMatchObject({ status: "DEAD", response_code: 410 });
    expect(b).toMatchObject({ status: "RETRYING", response_code: 429 });
    expect(b.next_attempt_at).toBeGreaterThanOrEqual(t0 + 3600_000);
    expect((await listSubscriptions(db, accountId, page.id)).map((s) => s.target)).toEqual([busy.url]);
    await Promise.all([gone.close(), busy.close()]);
  });

  it("gives up after ~24 h into the dead letters, visible in the delivery report", async () => {
    const rec = await startReceiver((_r, res) => void res.writeHead(503).end("down"));
    const { db, page, incident } = await hooks("retry-dead", [rec.url]);
    const { incident: inc, updates } = await incident();
    const w = testWorker(db, { now: () => Date.now() + 25 * 3_600_000 });
    await w.drain();
    const report = await getDeliveryReport(db, page.account_id, inc.id, updates[0].id);
    expect(report).toMatchObject({ queued: 0, sent: 0, dead: 1 });
    expect(report.deadLetters[0]).toMatchObject({ type: "WEBHOOK", address: rec.url, attempts: 1, responseCode: 503 });
    expect(report.deadLetters[0].lastError).toMatch(/HTTP 503/);
    await rec.close();
  });

  it("a subscriber failing for 3 days is disabled and told by e-mail", async () => {
    const rec = await startReceiver((_r, res) => void res.writeHead(500).end());
    const { db, accountId, page, incident } = await hooks("retry-disable", [rec.url]);
    const [sub] = await listSubscriptions(db, accountId, page.id);
    await db.updateTable("subscribers").set({ contact_email: "owner@example.com", failing_since: Date.now() - 3 * 86_400_000 - 1000 }).where("id", "=", sub.id).execute();
    await incident();
    const before = smtp.mails.length;
    const w = testWorker(db, { smtpPort: smtp.port });
    await w.drain();
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(0);
    const row = await db.selectFrom("subscribers").selectAll().where("id", "=", sub.id).executeTakeFirstOrThrow();
    expect(row.disabled_at).not.toBeNull();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect((mail.to as { text: string }).text).toBe("owner@example.com");
    expect(mail.subject).toBe(`Status updates from ${page.name} were stopped`);
    await rec.close();
  });
});
