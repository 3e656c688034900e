/**
 * Migration 004 on a release-0.1 database: every existing subscriber gets a token nonce of its own, so
 * manage links work after the upgrade, and links minted before it (bound to no nonce) do not.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import type { Db } from "@/lib/db";

const ids = releaseFixtureIds();
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("subscription token nonces after an upgrade from release 0.1", () => {
  it("gives every existing subscriber a distinct nonce", async () => {
    const rows = await db.selectFrom("subscribers").select(["id", "token_nonce"]).execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const r of rows) expect(r.token_nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(rows.map((r) => r.token_nonce)).size).toBe(rows.length);
  });

  it("manage links of an upgraded subscriber work, until it unsubscribes", async () => {
    const { getPageOrThrow } = await import("@/lib/status-pages/lookup");
    const { subscriberLinks } = await import("@/lib/notifications/worker/links");
    const { subscriptionKeys } = await import("@/lib/subscriptions/crypto");
    const { getManagedSubscription, unsubscribeByToken } = await import("@/lib/subscriptions/self-service");
    const page = await getPageOrThrow(db, ids.accountId, ids.pageId);
    const sub = await db.selectFrom("subscribers").selectAll().where("status_page_id", "=", page.id).where("channel", "=", "WEBHOOK").executeTakeFirstOrThrow();
    const token = new URL(subscriberLinks(await subscriptionKeys(db), page, sub).manage).searchParams.get("token")!;
    expect((await getManagedSubscription(db, page, token))?.subscriber.id).toBe(sub.id);
    expect(await unsubscribeByToken(db, page, token)).toBe(true);
    expect(await getManagedSubscription(db, page, token)).toBeNull();
  });
});
