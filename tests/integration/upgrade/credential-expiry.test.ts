/**
 * Migration 014 (expiry of minted credentials) on a database written by release 0.2: the release's ingest token and
 * private page key never expire and keep working; what an expiring key mints after the upgrade expires with it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease, type ReleaseFixtureIds } from "@/tests/setup/release-fixture";
import { pageCredentials } from "@/lib/access";
import { CreatedApiKey } from "@/lib/api-keys/schema";
import { CreatedIntegration, Integration } from "@/lib/integrations/schema";
import { CreatedStatusPageKey, StatusPageKey } from "@/lib/status-pages/schema";
import { findPageById } from "@/lib/status-pages/queries";
import type { Db } from "@/lib/db";
import { client } from "../api/client";
import { expectShape } from "../api/fixtures";
import { amAlert, amBody, ingest } from "../integrations/helpers";

const ids = releaseFixtureIds("release-0.2") as ReleaseFixtureIds & { integrationId: string; ingestToken: string };
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease("release-0.2");
});

describe("credential expiry after the upgrade from release 0.2", () => {
  it("adds the expiries, null for the release's ingest tokens and page keys", async () => {
    const tokens = await db.selectFrom("integrations").select("token_expires_at").execute();
    const keys = await db.selectFrom("status_page_keys").select("expires_at").execute();
    expect(tokens.length).toBeGreaterThan(0);
    expect(keys.length).toBeGreaterThan(0);
    expect([...tokens.map((r) => r.token_expires_at), ...keys.map((r) => r.expires_at)].every((v) => v === null)).toBe(true);
  });

  it("keeps the release's ingest token and page key working, and shows them as never expiring", async () => {
    const api = client(ids.apiKey);
    expect((await ingest(ids.integrationId, amBody([amAlert({ fingerprint: "after-upgrade", startsAt: new Date().toISOString() })]), { token: ids.ingestToken })).status).toBe(202);
    expect(Integration.parse((await api.get(`/v1/integrations/${ids.integrationId}`)).body).tokenExpiresAt).toBeNull();
    const keys = ((await api.get(`/v1/status-pages/${ids.privatePageId}/keys`)).body as unknown[]).map((k) => StatusPageKey.parse(k));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.expiresAt === null)).toBe(true);
    const credentials = await pageCredentials(db, (await findPageById(db, ids.privatePageId))!);
    for (const k of keys) expect(credentials).toContain(`k.${k.id}`);
  });

  it("a key made after the upgrade with an expiry bounds what it rotates and mints", async () => {
    const api = client(ids.apiKey);
    const short = expectShape(await api.post("/v1/api-keys", { name: "after upgrade", expiresInDays: 1 }), 201, CreatedApiKey);
    const rotated = expectShape(await client(short.key).post(`/v1/integrations/${ids.integrationId}/rotate-token`), 200, CreatedIntegration);
    expect(rotated.tokenExpiresAt).toBe(short.expiresAt);
    const pageKey = expectShape(await client(short.key).post(`/v1/status-pages/${ids.privatePageId}/keys`), 201, CreatedStatusPageKey);
    expect(pageKey.expiresAt).toBe(short.expiresAt);
  });
});
