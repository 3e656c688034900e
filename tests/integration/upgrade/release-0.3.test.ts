/**
 * A database written by release 0.3 upgrades in place: the monitoring tables arrive beside what it held, its accounts
 * keep the vendor's default alert settings, and its API key creates and lists checks at once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import type { Db } from "@/lib/db";
import { client } from "../api/client";

const ids = releaseFixtureIds("release-0.3");
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease("release-0.3");
});

describe("upgrade from release 0.3", () => {
  it("applies every migration and keeps the pages, incidents and keys it held", async () => {
    const { migrations } = await import("@/lib/db/migrations");
    const applied = await db.selectFrom("kysely_migration" as never).select("name" as never).execute();
    expect(applied.map((r) => (r as { name: string }).name).sort()).toEqual(Object.keys(migrations).sort());
    const api = client(ids.apiKey);
    const page = await api.get(`/v1/status-pages/${ids.pageId}`);
    expect(page.status).toBe(200);
    const incidents = await api.get(`/v1/status-pages/incidents?limit=100`);
    expect(incidents.status).toBe(200);
    expect(incidents.body.entries.length).toBeGreaterThan(0);
    const account = await db.selectFrom("accounts").selectAll().where("id", "=", ids.accountId).executeTakeFirstOrThrow();
    expect(account.alert_settings).toBeNull();
  });

  it("keeps its automation rules' severity unset (null: a check trigger opens MAJOR, as it did)", async () => {
    const rules = await db.selectFrom("automation_rules").select(["kind", "severity"]).where("account_id", "=", ids.accountId).execute();
    // The release's fixture holds a v3 rule and no check trigger.
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.map((r) => r.severity)).toEqual(rules.map(() => null));
  });

  it("lets the release's key create a check and see it listed", async () => {
    const api = client(ids.apiKey);
    const created = await api.post("/v1/checks/api", { name: "Upgraded API", request: { method: "GET", url: "http://127.0.0.1:9/health" } });
    expect(created.status).toBe(201);
    const listed = await api.get("/v1/checks?limit=100");
    expect(listed.status).toBe(200);
    expect(listed.body.map((c: { id: string }) => c.id)).toContain(created.body.id);
  });
});
