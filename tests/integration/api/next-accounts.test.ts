import { describe, expect, it } from "vitest";
import { NextAccount, NextAccountList } from "@/lib/accounts/schema";
import { ApiKeyActor } from "@/lib/api-keys/schema";
import { createApiKey } from "@/lib/api-keys/service";
import { client } from "./client";
import { expectError, expectShape, STORE, tenant } from "./fixtures";

/** The calls the vendor's command-line client makes besides /v1: its key check, `login` and `whoami`. */
describe(`/next account calls of the vendor's client (${STORE})`, () => {
  it("answer the key's account with its plan and features, and 404 for any other account", async () => {
    const t = await tenant("Acme Inc.");
    const other = await tenant("Other");
    const account = expectShape(await t.api.get(`/next/accounts/${t.accountId}`), 200, NextAccount);
    expect(account).toMatchObject({ id: t.accountId, name: "Acme Inc.", plan: "SELF_HOSTED", planDisplayName: "Heliograph (self-hosted)" });
    expect(account.features).toContain("STATUS_PAGE_SUBSCRIPTIONS");
    // The client sends the id as the user typed it; the account header it adds names the same account.
    const upper = await client(t.apiKey, { "x-checkly-account": t.accountId }).get(`/next/accounts/${t.accountId.toUpperCase()}`);
    expect(expectShape(upper, 200, NextAccount).id).toBe(t.accountId);
    expectError(await t.api.get(`/next/accounts/${other.accountId}`), 404);
    expectError(await t.api.get("/next/accounts/not-a-uuid"), 400, "accountId");
    expectError(await client(t.apiKey, { "x-checkly-account": other.accountId }).get(`/next/accounts/${other.accountId}`), 403);
    expectError(await client(null).get(`/next/accounts/${t.accountId}`), 401);
    expectError(await t.api.delete(`/next/accounts/${t.accountId}`), 405);
  });

  it("lists only the key's own account", async () => {
    const t = await tenant("Solo");
    await tenant("Someone else");
    const list = expectShape(await t.api.get("/next/accounts"), 200, NextAccountList);
    expect(list.map((a) => [a.id, a.name])).toEqual([[t.accountId, "Solo"]]);
    expectError(await t.api.post("/next/accounts", { name: "x" }), 405);
  });

  it("names the calling API key as the current actor", async () => {
    const t = await tenant();
    const { key, rawKey } = await createApiKey(t.db, t.accountId, "deploy pipeline");
    const me = expectShape(await client(rawKey).get("/next/users/me"), 200, ApiKeyActor);
    expect(me).toEqual({ id: key.id, name: "deploy pipeline", type: "API_KEY", accountId: t.accountId, maskedKey: key.masked_key });
    expect(me.maskedKey).not.toBe(rawKey);
    expectError(await client(null).get("/next/users/me"), 401);
  });
});
