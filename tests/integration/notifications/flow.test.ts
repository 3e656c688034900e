import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { POST as unsubscribePost } from "@/app/(status)/[site]/manage/unsubscribe/route";
import { createIncident } from "@/lib/incidents/service";
import { confirmEmail, unsubscribeByToken } from "@/lib/subscriptions/self-service";
import { listSubscriptions, subscribe } from "@/lib/subscriptions/service";
import { resetSignupLimiter } from "@/lib/subscriptions/abuse";
import { env } from "@/lib/env";
import { closeMailers, deliveriesOf, pageWithServices, testWorker, loopbackGuard } from "./fixtures";
import { startReceiver, startSmtp, type SmtpPeer } from "./peers";

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtp();
  resetSignupLimiter(1000);
});
afterAll(async () => {
  closeMailers();
  await smtp.close();
});

const headerLine = (m: { headerLines: readonly { key: string; line: string }[] }, key: string) =>
  m.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, " ");

describe(`subscriber flow on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("e-mail: confirmation link, incident mail with one-click unsubscribe headers, unsubscribe stops mail", async () => {
    const { db, accountId, page, services } = await pageWithServices("flow-email");
    const before = smtp.mails.length;
    await subscribe(db, page, { type: "EMAIL", address: "Alice@Example.com" }, { client: "198.51.100.7" }, loopbackGuard());
    const w = testWorker(db, { smtpPort: smtp.port });
    await w.drain();
    const [confirmMail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(confirmMail.subject).toBe(`Confirm your subscription to ${page.name}`);
    expect((confirmMail.to as { text: string }).text).toBe("alice@example.com");
    const link = /http:\/\/localhost:3000\/flow-email\/confirm\?token=[\w.-]+/.exec(confirmMail.text ?? "")?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    expect(await confirmEmail(db, page, token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBe("invalid");
    expect((await listSubscriptions(db, accountId, page.id))[0].status).toBe("PENDING");
    expect(await confirmEmail(db, page, token)).toBe("confirmed");
    expect((await listSubscriptions(db, accountId, page.id))[0].status).toBe("VERIFIED");

    await createIncident(db, accountId, {
      name: "API errors",
      severity: "MAJOR",
      serviceIds: [services[0].id],
      update: { description: "We are **investigating** <script>alert(1)</script> elevated errors.", notifySubscribers: true },
    });
    await w.drain();
    const [mail] = (await smtp.waitFor(before + 2)).slice(before + 1);
    expect(mail.subject).toBe(`[${page.name}] API errors: Investigating`);
    expect(mail.html).toContain("<strong>investigating</strong>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("elevated errors");
    const [delivery] = (await deliveriesOf(db, page.id, "incident.update"));
    expect(delivery.status).toBe("SENT");
    expect(mail.messageId).toBe(`<${delivery.idempotency_key}@example.test>`);
    expect(headerLine(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // Exactly one URI, on the server's public URL (RFC 8058 one-click); no mailto that nothing would read.
    const listUnsub = headerLine(mail, "list-unsubscribe")!;
    const uris = listUnsub.split(",").map((u) => u.trim());
    expect(uris).toHaveLength(1);
    const oneClick = /^<([^>]+)>$/.exec(uris[0])![1];
    expect(new URL(oneClick).protocol).toBe(new URL(env.HELIOGRAPH_PUBLIC_URL).protocol);
    expect(oneClick.startsWith(`${env.HELIOGRAPH_PUBLIC_URL}/flow-email/manage/unsubscribe?token=`)).toBe(true);
    expect(mail.html).toContain(new URL(oneClick).searchParams.get("token"));

    // What a mail provider does with it: POST List-Unsubscribe=One-Click to that URL, nothing else.
    const site = { params: Promise.resolve({ site: page.url }) };
    const res = await unsubscribePost(new Request(oneClick, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }), site);
    expect(res.status).toBe(200);
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(0);
    await createIncident(db, accountId, { name: "Again", severity: "MINOR", serviceIds: [services[0].id], update: { description: "x", notifySubscribers: true } });
    await w.drain();
    expect(smtp.mails.length).toBe(before + 2);
    await w.stop();
  });

  it("webhook: signed test delivery verifies the subscriber; updates are signed, Statuspage-shaped; tampering and replay fail", async () => {
    const { db, accountId, page, services } = await pageWithServices("flow-hook");
    const rec = await startReceiver();
    const answer = await subscribe(db, page, { type: "WEBHOOK", address: rec.url, services: [services[1].id] }, { client: "198.51.100.8" }, loopbackGuard());
    expect(answer.secret).toMatch(/^whsec_/);
    const wh = new Webhook(answer.secret!);
    const w = testWorker(db);
    await w.drain();
    expect(rec.received).toHaveLength(1);
    expect(wh.verify(rec.received[0].body, rec.received[0].headers)).toMatchObject({ meta: { event: "subscription.test" } });
    expect((await listSubscriptions(db, accountId, page.id))[0]).toMatchObject({ status: "VERIFIED", service_ids: JSON.stringify([services[1].id]) });

    // Out of scope: an incident on another service sends nothing.
    await createIncident(db, accountId, { name: "Billing slow", severity: "MINOR", serviceIds: [services[2].id], update: { description: "slow", notifySubscribers: true } });
    await w.drain();
    expect(rec.received).toHaveLength(1);

    const incident = await createIncident(db, accountId, { name: "Dashboard down", severity: "CRITICAL", serviceIds: [services[1].id], update: { description: "Looking into it", notifySubscribers: true } });
    await w.drain();
    // the incident update, and Dashboard's flip to major outage (tests/integration/notifications/component-updates.test.ts)
    expect(rec.received).toHaveLength(3);
    const got = rec.received.find((r) => JSON.parse(r.body).meta.event === "incident.update")!;
    const body = wh.verify(got.body, got.headers) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(got.headers["webhook-id"]).toBe(got.headers["idempotency-key"]);
    expect(body.page).toMatchObject({ id: page.id, status_indicator: "critical" });
    expect(body.incident).toMatchObject({ id: incident.incident.id, name: "Dashboard down", status: "investigating", impact: "critical" });
    expect(body.incident.incident_updates[0]).toMatchObject({ body: "Looking into it", status: "investigating" });
    expect(body.incident.components).toEqual([{ id: services[1].id, name: "Dashboard", status: "major_outage" }]);
    expect(body.meta.unsubscribe).toMatch(/^http:\/\/localhost:3000\/flow-hook\/manage\/unsubscribe\?token=/);

    expect(() => wh.verify(got.body.replace("Dashboard down", "Dashboard fine"), got.headers)).toThrow();
    expect(() => wh.verify(got.body, { ...got.headers, "webhook-timestamp": String(Number(got.headers["webhook-timestamp"]) - 1) })).toThrow();
    expect(() => new Webhook("whsec_" + Buffer.from("another secret of 24 bytes").toString("base64")).verify(got.body, got.headers)).toThrow();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    try {
      expect(() => wh.verify(got.body, got.headers)).toThrow(/too old/i);
    } finally {
      vi.useRealTimers();
    }
    await w.stop();
    await rec.close();
  });

  it("Slack: the test message verifies the channel; a failing one stays pending", async () => {
    const { db, accountId, page } = await pageWithServices("flow-slack");
    const ok = await startReceiver();
    const down = await startReceiver((_r, res) => void res.writeHead(404).end("no_service"));
    await subscribe(db, page, { type: "SLACK", address: ok.url }, { client: "198.51.100.10" }, loopbackGuard());
    await subscribe(db, page, { type: "SLACK", address: down.url }, { client: "198.51.100.10" }, loopbackGuard());
    await testWorker(db).drain();
    const body = JSON.parse(ok.received[0].body);
    expect(body.text).toBe(`This channel will receive status updates from ${page.name}.`);
    expect(body.blocks[1].elements[0].text).toMatch(/<http:\/\/localhost:3000\/flow-slack\/manage\?token=[\w.-]+\|Manage subscription>/);
    const subs = await listSubscriptions(db, accountId, page.id);
    // Both may be created in the same millisecond (then listed in id order): compared by address.
    expect(new Map(subs.map((s) => [s.target, s.status]))).toEqual(
      new Map([
        [ok.url, "VERIFIED"],
        [down.url, "PENDING"],
      ]),
    );
    await Promise.all([ok.close(), down.close()]);
  });

  it("a known address gets the same answer and no second confirmation within 10 minutes", async () => {
    const { db, page } = await pageWithServices("flow-known");
    const first = await subscribe(db, page, { type: "EMAIL", address: "bob@example.com" }, { client: "198.51.100.9" });
    const second = await subscribe(db, page, { type: "EMAIL", address: "BOB@example.com" }, { client: "198.51.100.9" });
    expect(second).toEqual(first);
    expect(await deliveriesOf(db, page.id, "subscription.verify")).toHaveLength(1);
    // unknown unsubscribe tokens change nothing
    expect(await unsubscribeByToken(db, page, "nonsense")).toBe(false);
  });
});
