/**
 * A release-0.1 page whose slug this release reserves (/metrics, /v3 …) stays reachable after the
 * upgrade under "<slug>-page" (a free variant when that is taken), keeping its id and everything else.
 */
import { beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { loadReleaseFixture, releaseFixtureIds } from "@/tests/setup/release-fixture";
import type { Db } from "@/lib/db";

const ids = releaseFixtureIds();
let db: Db;

/** Pages written straight into the release's schema, as that release allowed those slugs. */
async function addOldPages(slugs: string[]) {
  const t = ids.now;
  const rows = slugs.map((slug, i) => [`00000000-0000-4000-8000-00000000000${i}`, ids.accountId, `Old ${slug}`, slug, t, t] as const);
  const insert = "insert into status_pages (id, account_id, name, url, is_private, default_theme, created_at, updated_at) values ";
  if (process.env.HELIOGRAPH_TEST_STORE === "postgres") {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    for (const r of rows) await c.query(`${insert} ($1, $2, $3, $4, 0, 'AUTO', $5, $6)`, [...r]);
    await c.end();
  } else {
    const s = new Database(process.env.HELIOGRAPH_SQLITE_PATH!);
    for (const r of rows) s.prepare(`${insert} (?, ?, ?, ?, 0, 'AUTO', ?, ?)`).run(...r);
    s.close();
  }
}

beforeAll(async () => {
  await loadReleaseFixture();
  await addOldPages(["metrics", "v3", "v3-page", "console"]);
  const { getReadyDb } = await import("@/lib/db");
  db = await getReadyDb();
});

describe("reserved slugs on upgrade", () => {
  it("renames shadowed pages to a free address and keeps the rest", async () => {
    const { findPageBySlug } = await import("@/lib/status-pages/queries");
    expect(await findPageBySlug(db, "metrics")).toBeUndefined();
    expect((await findPageBySlug(db, "metrics-page"))?.name).toBe("Old metrics");
    // "v3-page" was already taken by another page of that release: the shadowed one gets the next free variant.
    expect((await findPageBySlug(db, "v3-page"))?.name).toBe("Old v3-page");
    expect((await findPageBySlug(db, "v3-page-2"))?.name).toBe("Old v3");
    expect((await findPageBySlug(db, "console-page"))?.id).toBe("00000000-0000-4000-8000-000000000003");
    expect((await findPageBySlug(db, "acme"))?.id).toBe(ids.pageId);
  });

  it("no longer lets a page take a reserved slug", async () => {
    const { Slug } = await import("@/lib/status-pages/schema");
    for (const s of ["metrics", "readyz", "v2", "v3", "next", "ingest"]) expect(Slug.safeParse(s).success).toBe(false);
    expect(Slug.safeParse("v3-page").success).toBe(true);
  });
});
