/**
 * Migration 003 (API key expiry) on a database written by release 0.1: the release's key keeps
 * working (it never expires), and can be listed and revoked through the API after the upgrade.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import { ApiKeyPage } from "@/lib/api-keys/schema";
import { client } from "../api/client";
import { expectError, expectShape } from "../api/fixtures";
import type { Db } from "@/lib/db";

const ids = releaseFixtureIds();
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("API keys after the upgrade from release 0.1", () => {
  it("adds expires_at, null for the release's keys", async () => {
    const rows = await db.selectFrom("api_keys").select(["account_id", "expires_at"]).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.expires_at === null)).toBe(true);
  });

  it("keeps the release's key working, lists it masked, and revokes it", async () => {
    const api = client(ids.apiKey);
    const list = expectShape(await api.get("/v1/api-keys"), 200, ApiKeyPage);
    expect(list.entries.every((k) => k.expiresAt === null && k.revokedAt === null)).toBe(true);
    const key = list.entries.find((k) => k.maskedKey === `${ids.apiKey.slice(0, 7)}********${ids.apiKey.slice(-4)}`);
    expect(key, JSON.stringify(list.entries)).toBeDefined();
    expect(key!.lastUsedAt).not.toBeNull();

    const spare = (await api.post("/v1/api-keys", { name: "after upgrade", expiresInDays: 30 })).body;
    expect((await api.delete(`/v1/api-keys/${key!.id}`)).status).toBe(204);
    expectError(await api.get("/v1/accounts"), 401);
    const after = expectShape(await client(spare.key).get("/v1/api-keys"), 200, ApiKeyPage);
    expect(after.entries.find((k) => k.id === key!.id)?.revokedAt).not.toBeNull();
    expect(after.entries.find((k) => k.id === spare.id)?.expiresAt).not.toBeNull();
  });
});
