import { describe, expect, it } from "vitest";
import { backoffMs } from "@/lib/notifications/worker/worker";
import { personalize, MANAGE_PLACEHOLDER, UNSUBSCRIBE_PLACEHOLDER } from "@/lib/notifications/channels/render";
import { classifyHttp } from "@/lib/notifications/channels/types";
import { slackBody } from "@/lib/notifications/channels/slack";
import { smsText } from "@/lib/notifications/channels/sms";
import { fitHead, smsSize } from "@/lib/notifications/channels/sms-segments";
import { webhookBody } from "@/lib/notifications/channels/webhook";
import { parseRetryAfter } from "@/lib/outbound";
import { decryptSecret, encryptSecret, MANAGE_TTL_MS, parseRefToken, parseSignedToken, refToken, signedToken, signedTokenValid, smsCode } from "@/lib/subscriptions/crypto";
import { normalizeEmail, normalizePhone } from "@/lib/notifications/channels/address";
import { confirmLinks, subscriberLinks } from "@/lib/notifications/worker/links";
import type { EventPayload } from "@/lib/notifications/channels/payload";

const keys = { sign: Buffer.alloc(32, 1), encrypt: Buffer.alloc(32, 2) };
const id = "6f1c2a9e-2b7d-4c1e-9a55-0f8e2d3c4b5a";

const payload = (over: Partial<EventPayload> = {}): EventPayload => ({
  kind: "incident.update",
  page: { id: "p", name: "Acme <Cloud> & Co", address: "https://status.acme.test" },
  title: "Elevated API errors",
  status: "INVESTIGATING",
  body: "We are *looking* <b>into</b> it",
  at: Date.UTC(2026, 10, 21, 10),
  services: [{ id: "s1", name: "API" }],
  incident: { id: "i", severity: "MEDIUM", createdAt: 1, updatedAt: 2, resolvedAt: null, updates: [{ id: "u", status: "INVESTIGATING", description: "x", displayAt: 1, createdAt: 1, updatedAt: 1 }] },
  ...over,
});

describe("retry timing", () => {
  const o = { baseDelayMs: 1000, maxDelayMs: 60_000 };
  it("full jitter: between 0 and the exponential cap", () => {
    expect(backoffMs(1, null, o, () => 0.999)).toBe(999);
    expect(backoffMs(3, null, o, () => 0.5)).toBe(2000);
    expect(backoffMs(20, null, o, () => 0.999)).toBe(59_940);
    expect(backoffMs(5, null, o, () => 0)).toBe(0);
  });
  it("never sooner than Retry-After", () => {
    expect(backoffMs(1, 120, o, () => 0.1)).toBe(120_000);
    expect(parseRetryAfter("30")).toBe(30);
    expect(parseRetryAfter(new Date(Date.now() + 90_000).toUTCString())).toBeGreaterThanOrEqual(89);
    expect(parseRetryAfter("soon")).toBeNull();
  });
  it("classifies answers", () => {
    expect(classifyHttp(204, null, "")).toEqual({ ok: true, code: 204 });
    expect(classifyHttp(410, null, "")).toMatchObject({ ok: false, gone: true, permanent: true });
    expect(classifyHttp(503, 5, "busy")).toMatchObject({ ok: false, retryAfterSeconds: 5, error: "HTTP 503: busy" });
    expect(classifyHttp(301, null, "")).toMatchObject({ ok: false, error: "HTTP 301: redirect not followed" });
  });
});

describe("messages", () => {
  it("SMS fits one segment with the status and the link: 160 GSM characters, 70 once any character needs UCS-2", () => {
    const long = smsText(payload({ title: "x".repeat(300) }));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.length).toBeGreaterThan(150);
    expect(long.endsWith("x... - Investigating, 10:00 UTC. https://status.acme.test")).toBe(true);
    // A kanji (or "’") makes the whole message UCS-2: 70 units, still with the status and the link.
    const wide = fitHead(`東京リージョン${"障害".repeat(60)}`, " - 調査中、10:00 JST. https://x.test")!;
    expect(smsSize(wide)).toEqual({ units: wide.length, limit: 70 });
    expect(wide.length).toBeGreaterThan(60);
    expect(wide.endsWith("... - 調査中、10:00 JST. https://x.test")).toBe(true);
    // Curly punctuation is sent as its plain twin, so the message stays in the 160-character alphabet.
    const curly = smsText(payload({ title: `Can’t reach “eu-west” — retrying… ${"x".repeat(200)}` }));
    expect(curly.startsWith(`Acme <Cloud> & Co: Can't reach "eu-west" - retrying... xxx`)).toBe(true);
    expect(smsSize(curly).limit).toBe(160);
    // Where keeping a wide character would cost the status, the title is cut before it (GSM again).
    const cut = smsText(payload({ title: `Can't reach 東京 ${"x".repeat(200)}` }));
    expect(cut).toBe("Acme <Cloud> & Co: Can't reach... - Investigating, 10:00 UTC. https://status.acme.test");
    expect(fitHead("x", " - ".repeat(100))).toBeNull();
    // An emoji is never cut in half.
    const emoji = smsText(payload({ title: "🔥".repeat(100) }));
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    // Extension characters count twice in GSM.
    expect(smsSize("€[]")).toEqual({ units: 6, limit: 160 });
    expect(smsText(payload())).toBe("Acme <Cloud> & Co: Elevated API errors - Investigating, 10:00 UTC. https://status.acme.test");
  });
  it("Slack text is escaped", () => {
    const b = slackBody(payload());
    expect(JSON.stringify(b)).not.toContain("<b>");
    expect(b.blocks.at(-1)!.elements![0].text).toContain("Acme &lt;Cloud&gt; &amp; Co status page");
  });
  it("webhook body follows the Statuspage shape", () => {
    const b = webhookBody(payload());
    expect(b.incident).toMatchObject({ impact: "minor", status: "investigating", components: [{ id: "s1", name: "API", status: "partial_outage" }] });
    expect(b.meta.unsubscribe).toBe(UNSUBSCRIBE_PLACEHOLDER);
    const resolved = webhookBody(payload({ status: "RESOLVED" }));
    expect(resolved.page.status_indicator).toBe("none");
    expect(resolved.incident.components[0].status).toBe("operational");
  });
  it("personalizes links with the escaping each format needs", () => {
    const links = { manage: 'https://x.test/manage?token=a&b="c"', unsubscribe: "https://x.test/u" };
    expect(personalize(`<a href="${MANAGE_PLACEHOLDER}">`, links, "html")).toBe('<a href="https://x.test/manage?token=a&amp;b=&quot;c&quot;">');
    expect(JSON.parse(personalize(JSON.stringify({ u: MANAGE_PLACEHOLDER }), links, "json")).u).toBe(links.manage);
  });
});

describe("subscription tokens", () => {
  it("confirmation links expire and die when a newer confirmation is sent", () => {
    const now = Date.now();
    const t = parseSignedToken(signedToken(keys, "confirm", id, "nonce1", now + 1000))!;
    expect(signedTokenValid(keys, "confirm", t, "nonce1", now)).toBe(true);
    expect(signedTokenValid(keys, "confirm", t, "nonce2", now)).toBe(false);
    expect(signedTokenValid(keys, "confirm", t, "nonce1", now + 2000)).toBe(false);
    expect(signedTokenValid({ ...keys, sign: Buffer.alloc(32, 9) }, "confirm", t, "nonce1", now)).toBe(false);
  });
  it("manage links: signed per purpose, bound to the subscription's token nonce, valid MANAGE_TTL_MS after the message", () => {
    const sent = Date.now();
    const links = subscriberLinks(keys, { url: "acme", custom_domain: null }, { id, token_nonce: "t1" }, sent);
    const m = parseSignedToken(new URL(links.manage).searchParams.get("token")!)!;
    expect(new URL(links.unsubscribe).searchParams.get("token")).toBe(new URL(links.manage).searchParams.get("token"));
    expect(signedTokenValid(keys, "manage", m, "t1", sent + MANAGE_TTL_MS - 1000)).toBe(true);
    expect(signedTokenValid(keys, "manage", m, "t1", sent + MANAGE_TTL_MS + 1000)).toBe(false);
    expect(signedTokenValid(keys, "manage", m, "t2", sent)).toBe(false);
    expect(signedTokenValid(keys, "manage", m, null, sent)).toBe(false);
    expect(signedTokenValid(keys, "confirm", m, "t1", sent)).toBe(false);
    const s = refToken(keys, "sms", id);
    expect(parseRefToken(keys, "sms", s)).toBe(id);
    expect(parseRefToken(keys, "sms", s.slice(0, -1) + (s.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(smsCode(keys, id, "n")).toMatch(/^\d{6}$/);
    expect(smsCode(keys, id, "n")).not.toBe(smsCode(keys, id, "m"));
  });
  it("webhook secrets are stored encrypted and authenticated", () => {
    const stored = encryptSecret(keys, "whsec_abc");
    expect(stored).not.toContain("abc");
    expect(decryptSecret(keys, stored)).toBe("whsec_abc");
    expect(() => decryptSecret({ ...keys, encrypt: Buffer.alloc(32, 3) }, stored)).toThrow();
  });
  it("normalizes addresses", () => {
    expect(normalizeEmail(" Ops@Example.COM ")).toBe("ops@example.com");
    expect(() => normalizeEmail("ops@")).toThrow();
    expect(normalizePhone("+44 (20) 7946-0958")).toBe("+442079460958");
    expect(() => normalizePhone("020 7946 0958")).toThrow();
  });
});

describe("links in messages", () => {
  it("come from the page's configured address: the custom domain when set, else the public URL and slug", () => {
    const onDomain = subscriberLinks(keys, { url: "acme", custom_domain: "status.acme.test" }, { id, token_nonce: "t" });
    expect(onDomain.page).toBe("http://status.acme.test");
    expect(onDomain.manage).toMatch(/^http:\/\/status\.acme\.test\/manage\?token=[\w-]+\.\d+\.[\w-]+$/);
    expect(onDomain.unsubscribe).toMatch(/^http:\/\/status\.acme\.test\/manage\/unsubscribe\?token=/);
    const onSlug = confirmLinks(keys, { url: "acme", custom_domain: null }, id, "nonce", Date.now());
    expect(onSlug.confirm).toMatch(/^http:\/\/localhost:3000\/acme\/confirm\?token=/);
    expect(onSlug.code).toMatch(/^http:\/\/localhost:3000\/acme\/confirm\?sms=/);
  });
});
