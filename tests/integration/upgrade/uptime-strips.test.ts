/**
 * Migration 012 (stored uptime strips) on a database written by release 0.1: the release's pages read the same
 * through the lean read as through the full one, their strips are stored on first use, and a write through the
 * API afterwards is seen by the next lean read.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import type { Db } from "@/lib/db";
import { createIncident } from "@/lib/incidents/service";
import { loadPageSnapshot, loadRecentSnapshot } from "@/lib/public-page/load";

const ids = releaseFixtureIds();
const D = 86_400_000;
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("stored uptime strips after the upgrade from release 0.1", () => {
  it("starts with no strips and no versions", async () => {
    expect(await db.selectFrom("uptime_strips").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("uptime_versions").selectAll().execute()).toEqual([]);
  });

  it("reads the release's page the same lean as full, stores its strips, and sees a later write", async () => {
    const page = await db.selectFrom("status_pages").selectAll().where("id", "=", ids.pageId).executeTakeFirstOrThrow();
    const now = ids.now + 2 * D;
    const shown = (s: Awaited<ReturnType<typeof loadPageSnapshot>>) => ({ status: s.status, entries: s.entries, components: s.components });
    const full = await loadPageSnapshot(db, page, now);
    expect(full.components.length).toBeGreaterThan(0);
    expect(shown(await loadRecentSnapshot(db, page, now))).toEqual(shown(full));
    const stored = await db.selectFrom("uptime_strips").select("component_id").where("status_page_id", "=", page.id).execute();
    expect(stored.map((r) => r.component_id).sort()).toEqual(full.components.map((c) => c.id).sort());

    const serviceId = full.components[0].id;
    await createIncident(db, ids.accountId, { name: "After the upgrade", severity: "MAJOR", serviceIds: [serviceId], update: { description: "x", publicIncidentUpdateDate: now - 3 * D } });
    const after = await loadPageSnapshot(db, page, now);
    expect(shown(after)).not.toEqual(shown(full));
    expect(shown(await loadRecentSnapshot(db, page, now))).toEqual(shown(after));
  });
});
