/**
 * A database written by release 0.1 upgrades in place: every migration since runs on it, and what
 * it held (pages, cards, services, incidents, windows, subscribers, keys) is still there and served.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import type { Db } from "@/lib/db";

const ids = releaseFixtureIds();
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("upgrade from release 0.1", () => {
  it("applies every migration and keeps the demo page as it was", async () => {
    const { migrations } = await import("@/lib/db/migrations");
    const applied = await db.selectFrom("kysely_migration" as never).select("name" as never).execute();
    expect(applied.map((r) => (r as { name: string }).name).sort()).toEqual(Object.keys(migrations).sort());

    const { getPageOrThrow } = await import("@/lib/status-pages/lookup");
    const { loadPageSnapshot } = await import("@/lib/public-page/load");
    const page = await getPageOrThrow(db, ids.accountId, ids.pageId);
    expect(page.url).toBe("acme");
    const snap = await loadPageSnapshot(db, page, ids.now);
    expect(page.version).toBe(1);
    expect(snap.entries.map((e) => [e.kind, e.children.length])).toEqual([["group", 4], ["group", 3], ["group", 3]]);
    expect(snap.incidents.length).toBeGreaterThanOrEqual(12);
    expect(snap.incidents.some((i) => i.incident.resolved_at === null)).toBe(true);
    expect(snap.status).not.toBe("OPERATIONAL");
  });

  it("keeps the private page locked with its password and key", async () => {
    const { getPageOrThrow } = await import("@/lib/status-pages/lookup");
    const { listPageKeys } = await import("@/lib/status-pages/service");
    const page = await getPageOrThrow(db, ids.accountId, ids.privatePageId);
    expect(page.is_private).toBeTruthy();
    expect(page.password_hash).toBeTruthy();
    expect(await listPageKeys(db, ids.accountId, page.id)).toHaveLength(1);
  });

  it("keeps subscribers with their channels and states, and the release's API key still works", async () => {
    const { listSubscriptions } = await import("@/lib/subscriptions/service");
    const subs = await listSubscriptions(db, ids.accountId, ids.pageId);
    expect(subs.map((s) => `${s.channel}:${s.status}`).sort()).toEqual(["EMAIL:PENDING", "EMAIL:VERIFIED", "SLACK:VERIFIED", "SMS:VERIFIED", "WEBHOOK:VERIFIED"]);
    const { authenticateApiKey } = await import("@/lib/api-keys/service");
    expect((await authenticateApiKey(db, ids.apiKey))?.account_id).toBe(ids.accountId);
  });

  it("keeps the maintenance window with its repeat and time zone", async () => {
    const { listWindowsForPage } = await import("@/lib/maintenance/shown");
    const windows = await listWindowsForPage(db, ids.accountId, ids.pageId);
    const weekly = windows.find((w) => w.name === "Weekly database patching");
    expect(weekly?.repeat_unit).toBe("WEEK");
    expect(weekly?.timezone).toBe("Europe/Berlin");
  });
});
