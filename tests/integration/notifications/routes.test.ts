import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/(status)/[site]/manage/unsubscribe/route";
import { GET as deliveriesGet } from "@/app/v1/status-pages/incidents/[id]/incident-updates/[updateId]/deliveries/route";
import { createIncident } from "@/lib/incidents/service";
import { handleConfirmSms, handleManageForm, handleSubscribeForm } from "@/lib/subscriptions/form";
import { bulkCreateSubscriptions, deleteUnconfirmed, listSubscriptions } from "@/lib/subscriptions/service";
import { resetSignupLimiter } from "@/lib/subscriptions/abuse";
import { subscriberLinks } from "@/lib/notifications/worker/links";
import { subscriptionKeys } from "@/lib/subscriptions/crypto";
import { schedulerTick } from "@/lib/notifications/worker/schedule";
import { deliveriesOf, loopbackGuard, pageWithServices, testWorker } from "./fixtures";
import { startReceiver } from "./peers";

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return f;
};
const site = (slug: string) => ({ params: Promise.resolve({ site: slug }) });

describe(`public subscription endpoints on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("one-click unsubscribe: POST with the signed token ends it (no cookie); GET changes nothing", async () => {
    const { db, accountId, page } = await pageWithServices("route-unsub");
    await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "EMAIL", config: "one@example.com" }], autoVerify: true });
    const [sub] = await listSubscriptions(db, accountId, page.id);
    const url = subscriberLinks(await subscriptionKeys(db), page, sub).unsubscribe;
    const get = await unsubscribeGet(new Request(url), site(page.url));
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`/route-unsub/manage?token=${new URL(url).searchParams.get("token")}`);
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(1);
    const bad = await unsubscribePost(new Request(url.replace(/token=.{4}/, "token=xxxx"), { method: "POST", body: "List-Unsubscribe=One-Click" }), site(page.url));
    expect(bad.status).toBe(404);
    const res = await unsubscribePost(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }), site(page.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(0);
    // the link of another page does not work here
    const other = await pageWithServices("route-unsub-other");
    expect((await unsubscribePost(new Request(url, { method: "POST" }), site(other.page.url))).status).toBe(404);
  });

  it("sign-up form: errors say what was wrong; the honeypot and the per-client limit stop abuse", async () => {
    const { db, accountId, page, services } = await pageWithServices("route-form");
    resetSignupLimiter();
    const bad = await handleSubscribeForm(db, page, form({ type: "EMAIL", address: "nope" }), "192.0.2.1");
    expect(bad).toMatchObject({ kind: "error", fields: ["address"], values: { address: "nope" } });
    if (bad.kind === "error") expect(bad.message).toMatch(/valid e-mail/);
    const hostile = await handleSubscribeForm(db, page, form({ type: "WEBHOOK", address: "http://169.254.169.254/" }), "192.0.2.1");
    expect(hostile).toMatchObject({ kind: "error", fields: ["address"] });
    const scope = await handleSubscribeForm(db, page, form({ type: "EMAIL", address: "a@example.com", services: ["00000000-0000-4000-8000-000000000000"] }), "192.0.2.1");
    expect(scope).toMatchObject({ kind: "error", fields: ["services"] });
    const bot = await handleSubscribeForm(db, page, form({ type: "EMAIL", address: "bot@example.com", website: "http://spam.example" }), "192.0.2.1");
    const human = await handleSubscribeForm(db, page, form({ type: "EMAIL", address: "human@example.com", services: [services[0].id] }), "192.0.2.1");
    expect(bot).toEqual({ kind: "done", type: "EMAIL", address: "bot@example.com", secret: null, smsRef: null });
    expect(human).toEqual({ kind: "done", type: "EMAIL", address: "human@example.com", secret: null, smsRef: null });
    expect((await listSubscriptions(db, accountId, page.id)).map((s) => [s.target, s.service_ids])).toEqual([["human@example.com", JSON.stringify([services[0].id])]]);
    const limited = await handleSubscribeForm(db, page, form({ type: "EMAIL", address: "sixth@example.com" }), "192.0.2.1");
    expect(limited).toMatchObject({ kind: "error", fields: [] });
    if (limited.kind === "error") expect(limited.message).toMatch(/Too many sign-ups/);
    expect((await handleSubscribeForm(db, page, form({ type: "EMAIL", address: "sixth@example.com" }), "192.0.2.2")).kind).toBe("done");
  });

  it("SMS: the texted code confirms; wrong codes are limited", async () => {
    const { db, accountId, page } = await pageWithServices("route-sms");
    resetSignupLimiter();
    const twilio = await startReceiver((_r, res) => void res.writeHead(201, { "content-type": "application/json" }).end('{"sid":"SM1"}'));
    const sms = { baseUrl: twilio.url.replace("/hook", ""), accountSid: "AC123", authToken: "tok", from: "+15005550006" };
    const done = await handleSubscribeForm(db, page, form({ type: "SMS", address: "+1 415 555 0100" }), "192.0.2.3");
    expect(done).toMatchObject({ kind: "done", type: "SMS" });
    const ref = done.kind === "done" ? done.smsRef! : "";
    await testWorker(db, { sms }).drain();
    expect(twilio.received).toHaveLength(1);
    expect(twilio.received[0].headers.authorization).toBe(`Basic ${Buffer.from("AC123:tok").toString("base64")}`);
    const sent = new URLSearchParams(twilio.received[0].body);
    expect(sent.get("To")).toBe("+14155550100");
    const code = /^(\d{6}) /.exec(sent.get("Body")!)![1];
    expect(sent.get("Body")!.length).toBeLessThanOrEqual(160);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await handleConfirmSms(db, page, form({ ref, code: wrong }))).toMatchObject({ kind: "invalid" });
    expect(await handleConfirmSms(db, page, form({ ref, code }))).toEqual({ kind: "confirmed" });
    expect((await listSubscriptions(db, accountId, page.id))[0].status).toBe("VERIFIED");
    await twilio.close();
  });

  it("manage form: change services, then unsubscribe", async () => {
    const { db, accountId, page, services } = await pageWithServices("route-manage");
    await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "EMAIL", config: "m@example.com" }], autoVerify: true });
    const [sub] = await listSubscriptions(db, accountId, page.id);
    const token = new URL(subscriberLinks(await subscriptionKeys(db), page, sub).manage).searchParams.get("token")!;
    expect(await handleManageForm(db, page, form({ token, scope: "some" }))).toMatchObject({ kind: "error" });
    expect(await handleManageForm(db, page, form({ token, scope: "some", services: [services[1].id] }))).toEqual({ kind: "saved" });
    expect((await listSubscriptions(db, accountId, page.id))[0].service_ids).toBe(JSON.stringify([services[1].id]));
    expect(await handleManageForm(db, page, form({ token, scope: "all" }))).toEqual({ kind: "saved" });
    expect((await listSubscriptions(db, accountId, page.id))[0].service_ids).toBeNull();
    expect(await handleManageForm(db, page, form({ token, intent: "unsubscribe" }))).toEqual({ kind: "unsubscribed" });
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(0);
  });

  it("a webhook added through the API gets its signing secret from the manage link", async () => {
    const { db, accountId, page, services } = await pageWithServices("route-secret");
    const rec = await startReceiver();
    await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "WEBHOOK", config: rec.url }], autoVerify: true }, loopbackGuard());
    const [sub] = await listSubscriptions(db, accountId, page.id);
    const token = new URL(subscriberLinks(await subscriptionKeys(db), page, sub).manage).searchParams.get("token")!;
    const state = await handleManageForm(db, page, form({ token, intent: "new-secret" }));
    expect(state).toMatchObject({ kind: "secret", secret: expect.stringMatching(/^whsec_/) });
    await createIncident(db, accountId, { name: "S", severity: "MINOR", serviceIds: [services[0].id], update: { description: "x", notifySubscribers: true } });
    await testWorker(db).drain();
    // The incident also flips the service's status, so a component_update arrives too, in either order.
    const got = rec.received.find((r) => JSON.parse(r.body).meta?.event === "incident.update")!;
    expect(new Webhook(state.kind === "secret" ? state.secret : "").verify(got.body, got.headers)).toMatchObject({ incident: { name: "S" } });
    await rec.close();
  });

  it("unconfirmed sign-ups are deleted after 7 days", async () => {
    const { db, accountId, page } = await pageWithServices("route-cleanup");
    await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "EMAIL", config: "old@example.com" }, { type: "EMAIL", config: "new@example.com" }] });
    const eightDays = Date.now() - 8 * 86_400_000;
    await db.updateTable("subscribers").set({ created_at: eightDays, verify_sent_at: eightDays }).where("target", "=", "old@example.com").execute();
    expect(await deleteUnconfirmed(db)).toBeGreaterThanOrEqual(1);
    expect((await listSubscriptions(db, accountId, page.id)).map((s) => s.target)).toEqual(["new@example.com"]);
  });

  it("finished deliveries, their events and subscribers who left are pruned after 30 days", async () => {
    const { db, accountId, page, services } = await pageWithServices("route-prune");
    await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "EMAIL", config: "stay@example.com" }, { type: "EMAIL", config: "left@example.com" }], autoVerify: true });
    await createIncident(db, accountId, { name: "P", severity: "MINOR", serviceIds: [services[0].id], update: { description: "x", notifySubscribers: true } });
    await testWorker(db).drain(); // no mailer: both dead
    const [stay, left] = await listSubscriptions(db, accountId, page.id);
    await db.updateTable("subscribers").set({ unsubscribed_at: Date.now() - 31 * 86_400_000 }).where("id", "=", left.id).execute();
    const future = Date.now() + 31 * 86_400_000;
    const r = await schedulerTick(db, future);
    expect(r.pruned).toBeGreaterThanOrEqual(3);
    expect((await listSubscriptions(db, accountId, page.id)).map((s) => s.id)).toEqual([stay.id]);
    expect(await deliveriesOf(db, page.id)).toHaveLength(0);
    expect(await db.selectFrom("notification_events").select("id").where("status_page_id", "=", page.id).execute()).toHaveLength(0);
  });

  it("GET …/incident-updates/{updateId}/deliveries reports counts through the API", async () => {
    const { db, accountId, apiKey, page, services } = await pageWithServices("route-report");
    const rec = await startReceiver();
    await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "WEBHOOK", config: rec.url }, { type: "EMAIL", config: "r@example.com" }], autoVerify: true }, loopbackGuard());
    const { incident, updates } = await createIncident(db, accountId, { name: "R", severity: "MINOR", serviceIds: [services[0].id], update: { description: "x", notifySubscribers: true } });
    const call = (id: string, updateId: string, key = apiKey) =>
      deliveriesGet(new Request(`http://localhost/v1/status-pages/incidents/${id}/incident-updates/${updateId}/deliveries`, { headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({ id, updateId }) });
    let body = await (await call(incident.id, updates[0].id)).json();
    expect(body).toMatchObject({ queued: 2, sent: 0, failed: 0, dead: 0, total: 2 });
    await testWorker(db).drain(); // no mailer here: the e-mail goes to the dead letters
    body = await (await call(incident.id, updates[0].id)).json();
    expect(body).toMatchObject({ queued: 0, sent: 1, dead: 1, total: 2 });
    expect(body.deadLetters[0]).toMatchObject({ type: "EMAIL", address: "r@example.com", lastError: expect.stringMatching(/not configured/) });
    expect((await call(incident.id, incident.id)).status).toBe(404);
    expect((await call(incident.id, "nope")).status).toBe(400);
    expect((await call(incident.id, updates[0].id, "hg_wrong")).status).toBe(401);
    expect(await deliveriesOf(db, page.id, "incident.update")).toHaveLength(2);
    await rec.close();
  });
});
