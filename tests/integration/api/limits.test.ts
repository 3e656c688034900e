import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { configureLimits, limitOf, type AccountLimitKey } from "@/lib/accounts/entitlements";
import { Entitlements } from "@/lib/accounts/schema";
import { RateLimitedError } from "@/lib/errors";
import type { Mailer } from "@/lib/notifications/channels/email";
import { resetMailBudgets } from "@/lib/notifications/channels/mail-budget";
import { NotificationWorker } from "@/lib/notifications/worker/worker";
import { sweepStaleIntegrations } from "@/lib/integrations/stale";
import { createGuard } from "@/lib/outbound";
import { resetSignupLimiter } from "@/lib/subscriptions/abuse";
import { subscribe } from "@/lib/subscriptions/service";
import { getPageOrThrow } from "@/lib/status-pages/lookup";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import type { ApiResponse } from "./client";
import { expectError, expectShape, rowCounts, slug, STORE, tenant, type Tenant } from "./fixtures";

afterEach(() => {
  configureLimits();
  resetMailBudgets();
});

const OWNED = ["api_keys", "integrations", "automation_rules", "notification_deliveries"] as const;
/** Every table a create (or a sign-up) writes. */
async function counts(db: Db) {
  const out: Record<string, number> = await rowCounts(db);
  for (const t of OWNED) out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ruleBody = { name: "API failing", firstUpdate: "Investigating", lastUpdate: "Recovered", tags: ["api"], components: [] };

/** One create of each limited thing, by the API (a v3 page holds the rules). */
const CREATE: Record<AccountLimitKey, (t: Tenant, i: number, v3PageId: string) => Promise<ApiResponse>> = {
  STATUS_PAGES: (t, i) => (i % 2 === 0 ? t.api.post("/v1/status-pages", { name: `P${i}`, url: slug("lim"), cards: [] }) : t.api.post("/v3/status-pages", { name: `P${i}`, url: slug("lim") })),
  SERVICES: (t, i) => t.api.post("/v1/status-pages/services", { name: `S${i}` }),
  MAINTENANCE_WINDOWS: (t, i) => t.api.post("/v1/maintenance-windows", { name: `W${i}`, startsAt: iso(Date.now() + 3_600_000), endsAt: iso(Date.now() + 7_200_000), repeatUnit: null }),
  API_KEYS: (t, i) => t.api.post("/v1/api-keys", { name: `K${i}` }),
  INTEGRATIONS: (t, i) => t.api.post("/v1/integrations", { name: `I${i}`, type: "alertmanager" }),
  AUTOMATION_RULES: (t, i, pageId) => t.api.post(`/v3/status-pages/${pageId}/automation-rules`, { ...ruleBody, name: `R${i}` }),
  CHECKS: (t, i) => t.api.post("/v1/checks/api", { name: `C${i}`, request: { method: "GET", url: "http://127.0.0.1:9/" } }),
  CHECK_GROUPS: (t, i) => t.api.post("/v2/check-groups", { name: `G${i}` }),
  CHECK_VARIABLES: (t, i) => t.api.post("/v1/checks/api", { name: `V${i}`, request: { method: "GET", url: "http://127.0.0.1:9/" }, environmentVariables: [{ key: "TOKEN", value: `v${i}` }] }),
};

async function usage(t: Tenant): Promise<Record<string, number | undefined>> {
  const ent = expectShape(await t.api.get("/v1/accounts/me/entitlements"), 200, Entitlements);
  return Object.fromEntries(ent.entitlements.map((e) => [e.key, e.usage]));
}

describe(`per-account limits (${STORE})`, () => {
  it("reports every limit in the vendor's Entitlements shape, with what the account has now", async () => {
    const t = await tenant();
    const res = await t.api.get("/v1/accounts/me/entitlements");
    expect(vendorSchemaErrors("Entitlements", res.body), res.text).toEqual([]);
    const ent = expectShape(res, 200, Entitlements);
    const byKey = new Map(ent.entitlements.map((e) => [e.key, e]));
    for (const key of ["STATUS_PAGES", "SERVICES", "MAINTENANCE_WINDOWS", "API_KEYS", "INTEGRATIONS", "AUTOMATION_RULES", "VERIFICATION_EMAILS_PER_HOUR", "ALERT_EMAILS_PER_HOUR"] as const) {
      expect(byKey.get(key), key).toMatchObject({ type: "metered", enabled: true, quantity: limitOf(key) });
    }
    // The tenant's own key is the one thing it has.
    expect(await usage(t)).toMatchObject({ STATUS_PAGES: 0, SERVICES: 0, MAINTENANCE_WINDOWS: 0, API_KEYS: 1, INTEGRATIONS: 0, AUTOMATION_RULES: 0 });

    const page = (await CREATE.STATUS_PAGES(t, 1, "")).body as { id: string };
    for (const key of ["SERVICES", "MAINTENANCE_WINDOWS", "API_KEYS", "INTEGRATIONS", "AUTOMATION_RULES"] as const) expect((await CREATE[key](t, 0, page.id)).status).toBeLessThan(300);
    // A revoked key no longer counts.
    const spare = (await CREATE.API_KEYS(t, 1, page.id)).body as { id: string };
    expect((await t.api.delete(`/v1/api-keys/${spare.id}`)).status).toBe(204);
    expect(await usage(t)).toMatchObject({ STATUS_PAGES: 1, SERVICES: 1, MAINTENANCE_WINDOWS: 1, API_KEYS: 2, INTEGRATIONS: 1, AUTOMATION_RULES: 1 });
    // Limits of one page, and e-mail rates, have no account-wide usage.
    expect(byKey.get("KEYS_PER_STATUS_PAGE")?.usage).toBeUndefined();
    // Another account's things are not counted.
    expect(await usage(await tenant())).toMatchObject({ STATUS_PAGES: 0, API_KEYS: 1, AUTOMATION_RULES: 0 });
  });

  it.each(Object.keys(CREATE) as AccountLimitKey[])("answers one %s over the limit with the vendor's 402, writing nothing", async (key) => {
    const t = await tenant();
    const page = (await CREATE.STATUS_PAGES(t, 1, "")).body as { id: string };
    const quantity = 3;
    configureLimits({ [key]: quantity });
    const have = (await usage(t))[key]!;
    for (let i = have; i < quantity; i++) {
      const ok = await CREATE[key](t, i, page.id);
      expect(ok.status, ok.text).toBeLessThan(300);
    }
    const before = await counts(t.db);
    const res = await CREATE[key](t, quantity, page.id);
    const body = expectError(res, 402);
    expect(body.error).toBe("Payment Required");
    expect(vendorSchemaErrors("PaymentRequiredError", body), res.text).toEqual([]);
    expect(body.attributes).toEqual({ entitlement: key, quantity, usage: quantity });
    expect(await counts(t.db)).toEqual(before);
    expect((await usage(t))[key]).toBe(quantity);
    // The limit is the account's: another account creates freely.
    const other = await tenant();
    const otherPage = key === "AUTOMATION_RULES" ? ((await CREATE.STATUS_PAGES(other, 1, "")).body as { id: string }).id : "";
    expect((await CREATE[key](other, 0, otherPage)).status).toBeLessThan(300);
  });

  it("counts concurrent creates one after the other: together they never pass the limit", async () => {
    const t = await tenant();
    configureLimits({ STATUS_PAGES: 3, INTEGRATIONS: 3 });
    const pages = await Promise.all(Array.from({ length: 8 }, (_, i) => CREATE.STATUS_PAGES(t, i * 2, "")));
    const integrations = await Promise.all(Array.from({ length: 8 }, (_, i) => CREATE.INTEGRATIONS(t, i, "")));
    for (const results of [pages, integrations]) {
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      expect(results.filter((r) => r.status === 402)).toHaveLength(5);
    }
    expect(await usage(t)).toMatchObject({ STATUS_PAGES: 3, INTEGRATIONS: 3 });
  });
});

describe(`confirmation e-mails per account (${STORE})`, () => {
  const emails = (...names: string[]) => ({ subscriptions: names.map((n) => ({ type: "EMAIL", config: `${n}@example.com` })) });

  it("refuses the sign-up that would pass the hour's confirmation e-mails with 429 and Retry-After, writing nothing", async () => {
    configureLimits({ VERIFICATION_EMAILS_PER_HOUR: 3 });
    resetMailBudgets();
    const t = await tenant();
    const v1 = (await CREATE.STATUS_PAGES(t, 0, "")).body as { id: string };
    const v3 = (await CREATE.STATUS_PAGES(t, 1, "")).body as { id: string };
    const bulk = `/v1/status-pages/${v1.id}/subscriptions/bulk`;
    expect((await t.api.post(bulk, emails("a", "b"))).status).toBe(201);

    // Two more would make four: refused whole, and the refused two are not counted.
    const before = await counts(t.db);
    const refused = await t.api.post(bulk, emails("c", "d"));
    const body = expectError(refused, 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.attributes).toMatchObject({ entitlement: "VERIFICATION_EMAILS_PER_HOUR", quantity: 3, retryAfterSeconds: Number(refused.headers.get("retry-after")) });
    expect(await counts(t.db)).toEqual(before);

    // What needs no confirmation e-mail is not counted: addresses auto-verified, and SMS codes.
    expect((await t.api.post(bulk, { ...emails("e", "f", "g"), autoVerify: true })).status).toBe(201);
    expect((await t.api.post(bulk, { subscriptions: [{ type: "SMS", config: "+14155550100" }] })).status).toBe(201);

    // The third fits; the fourth, by the v3 API or the public form, does not.
    expect((await t.api.post(bulk, emails("c"))).status).toBe(201);
    const after = await counts(t.db);
    expectError(await t.api.post(`/v3/status-pages/${v3.id}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "h@example.com" } }] }), 429);
    resetSignupLimiter(1000);
    const page = await getPageOrThrow(t.db, t.accountId, v3.id);
    await expect(subscribe(t.db, page, { type: "EMAIL", address: "i@example.com" }, { client: "198.51.100.9" }, createGuard())).rejects.toBeInstanceOf(RateLimitedError);
    expect(await counts(t.db)).toEqual(after);

    // The budget is the account's.
    const other = await tenant();
    const otherPage = (await CREATE.STATUS_PAGES(other, 0, "")).body as { id: string };
    expect((await other.api.post(`/v1/status-pages/${otherPage.id}/subscriptions/bulk`, emails("a", "b", "c"))).status).toBe(201);
  });
});

describe(`notification e-mails per account (${STORE})`, () => {
  it("sends at most the hour's e-mails of an account and records the rest dead with the reason, in the delivery report", async () => {
    configureLimits({ ALERT_EMAILS_PER_HOUR: 2 });
    resetMailBudgets();
    const t = await tenant();
    const service = (await CREATE.SERVICES(t, 0, "")).body as { id: string };
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), cards: [{ name: "Core", services: [{ id: service.id }] }] })).body as { id: string };
    expect((await t.api.post(`/v1/status-pages/${page.id}/subscriptions/bulk`, { subscriptions: ["a", "b", "c"].map((n) => ({ type: "EMAIL", config: `alert-${n}@example.com` })), autoVerify: true })).status).toBe(201);
    const incident = (await t.api.post("/v1/status-pages/incidents", { name: "Errors", severity: "MAJOR", services: [{ id: service.id }], incidentUpdates: [{ description: "Looking", notifySubscribers: true }] })).body;
    const updateId = incident.incidentUpdates[0].id as string;

    // The worker drains the whole store (other tests' confirmations too): only this account's mails are counted.
    const sent: string[] = [];
    const send = async (m: { to: string }) => void (m.to.startsWith("alert-") && sent.push(m.to));
    const mailer: Mailer = { from: "Heliograph <status@example.test>", fromAddress: "status@example.test", send, close: () => {} };
    await new NotificationWorker({ db: t.db, guard: createGuard(), mailer, sms: null }, { pollMs: 20 }).drain();

    expect(sent).toHaveLength(2);
    const report = (await t.api.get(`/v1/status-pages/incidents/${incident.id}/incident-updates/${updateId}/deliveries`)).body;
    expect(report).toMatchObject({ sent: 2, dead: 1, total: 3, queued: 0, failed: 0 });
    expect(report.deadLetters).toHaveLength(1);
    expect(report.deadLetters[0].lastError).toBe("not sent: the account's e-mail limit (2 an hour) was reached");
    // Our limit is not the subscriber's failure: no failing streak, nothing to retry.
    const failing = await t.db.selectFrom("subscribers").select("failing_since").where("status_page_id", "=", page.id).where("failing_since", "is not", null).execute();
    expect(failing).toEqual([]);
    await new NotificationWorker({ db: t.db, guard: createGuard(), mailer, sms: null }, { pollMs: 20 }).drain();
    expect(sent).toHaveLength(2);
  });

  it("sends a stale integration's e-mail from the same hour, and its event says when none was sent", async () => {
    configureLimits({ ALERT_EMAILS_PER_HOUR: 1 });
    resetMailBudgets();
    const t = await tenant();
    const ids: string[] = [];
    for (const name of ["first", "second"]) {
      const res = await CREATE.INTEGRATIONS(t, 0, "");
      const id = (res.body as { id: string }).id;
      await t.db.updateTable("integrations").set({ name, stale_after_minutes: 10, alert_email: `stale-${name}@example.com`, created_at: Date.now() - 11 * 60_000 }).where("id", "=", id).execute();
      ids.push(id);
    }
    const sent: string[] = [];
    const send = async (m: { to: string }) => void (m.to.startsWith("stale-") && sent.push(m.to));
    await sweepStaleIntegrations(t.db, { from: "Heliograph <hg@example.com>", fromAddress: "hg@example.com", send, close: () => {} });
    expect(sent).toHaveLength(1);
    const reasons = await Promise.all(ids.map(async (id) => (await t.api.get(`/v1/integrations/${id}/events`)).body.entries[0].decisions[0].reason as string));
    expect(reasons.filter((r) => r.includes("No e-mail was sent: the account's e-mail limit for this hour was reached."))).toHaveLength(1);
  });
});
