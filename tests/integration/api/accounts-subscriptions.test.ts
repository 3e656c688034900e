import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AccountList, Entitlements } from "@/lib/accounts/schema";
import { LIMITS } from "@/lib/accounts/entitlements";
import { CreateSubscriptionsResult, Subscription } from "@/lib/subscriptions/schema";
import { expectError, expectShape, rowCounts, slug, STORE, tenant } from "./fixtures";

describe(`accounts and entitlements (${STORE})`, () => {
  it("answers the key's account and this server's real limits", async () => {
    const t = await tenant("Acme Inc.");
    const accounts = expectShape(await t.api.get("/v1/accounts"), 200, AccountList);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ id: t.accountId, name: "Acme Inc." });
    const ent = expectShape(await t.api.get("/v1/accounts/me/entitlements"), 200, Entitlements);
    const quantity = Object.fromEntries(ent.entitlements.filter((e) => e.type === "metered").map((e) => [e.key, e.quantity]));
    expect(quantity).toEqual(LIMITS);
    expect((await t.api.post("/v1/accounts", { name: "x" })).status).toBe(405);
  });

  it("enforces the stated limits in the verbs (402 naming the entitlement)", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), isPrivate: true, cards: [] })).body;
    for (let i = 0; i < LIMITS.KEYS_PER_STATUS_PAGE; i++) expect((await t.api.post(`/v1/status-pages/${page.id}/keys`)).status).toBe(201);
    const before = await rowCounts(t.db);
    const res = expectError(await t.api.post(`/v1/status-pages/${page.id}/keys`), 402);
    expect(res.attributes).toMatchObject({ entitlement: "KEYS_PER_STATUS_PAGE", quantity: LIMITS.KEYS_PER_STATUS_PAGE });
    expect(await rowCounts(t.db)).toEqual(before);
    const cards = Array.from({ length: LIMITS.CARDS_PER_STATUS_PAGE + 1 }, (_, i) => ({ name: `c${i}`, services: [] }));
    expectError(await t.api.post("/v1/status-pages", { name: "P", url: slug(), cards }), 400, "cards");
  });
});

describe(`subscriptions API (${STORE})`, () => {
  it("bulk creates (201, duplicates skipped), lists and deletes subscribers", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), cards: [] })).body;
    const base = `/v1/status-pages/${page.id}/subscriptions`;
    const first = expectShape(
      await t.api.post(`${base}/bulk`, { subscriptions: [{ type: "EMAIL", config: "Ops@Example.com" }, { type: "EMAIL", config: "ops@example.com" }, { type: "SMS", config: "+14155550100" }] }),
      201,
      CreateSubscriptionsResult,
    );
    expect(first).toEqual({ created: 2, skipped: 1, status: "PENDING" });
    const again = expectShape(await t.api.post(`${base}/bulk`, { subscriptions: [{ type: "SMS", config: "+14155550100" }, { type: "EMAIL", config: "dev@example.com" }], autoVerify: true }), 201, CreateSubscriptionsResult);
    expect(again).toEqual({ created: 1, skipped: 1, status: "VERIFIED" });
    const list = expectShape(await t.api.get(base), 200, z.array(Subscription));
    expect(list.map((s) => [s.type, s.status]).sort()).toEqual([["EMAIL", "PENDING"], ["EMAIL", "VERIFIED"], ["SMS", "PENDING"]]);
    expect(list.every((s) => s.services === null)).toBe(true);

    const before = await rowCounts(t.db);
    expectError(await t.api.post(`${base}/bulk`, { subscriptions: [] }), 400, "subscriptions");
    expectError(await t.api.post(`${base}/bulk`, { subscriptions: Array.from({ length: 101 }, (_, i) => ({ type: "EMAIL", config: `u${i}@example.com` })) }), 400, "subscriptions");
    expectError(await t.api.post(`${base}/bulk`, { subscriptions: [{ type: "PIGEON", config: "x" }] }), 400, "subscriptions.0.type");
    expectError(await t.api.post(`${base}/bulk`, { subscriptions: [{ type: "EMAIL", config: "not an address" }] }), 400, "subscriptions.0.config");
    expectError(await t.api.post(`${base}/bulk`, { subscriptions: [{ type: "EMAIL", config: "a@example.com" }], extra: 1 }), 400, "extra");
    expect(await rowCounts(t.db)).toEqual(before);

    const del = await t.api.delete(`${base}/${list[0].id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expectError(await t.api.delete(`${base}/${list[0].id}`), 404);
    expectError(await t.api.delete(`${base}/not-a-uuid`), 400, "subscriptionId");
    expect((await t.api.get(base)).body).toHaveLength(2);
  });
});
