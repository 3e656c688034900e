/**
 * Migration 009 (automation) on a database written by release 0.1: its incidents were all written by
 * people, so they count as human-owned, and automation keeps off a service an incident left open then
 * covers; the new tables start empty and take rules and check triggers through the API.
 */
import { beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { loadReleaseFixture, releaseFixtureIds } from "@/tests/setup/release-fixture";
import { vendorSchemaErrors } from "@/tests/setup/vendor-schemas";
import type { Db } from "@/lib/db";
import { client } from "../api/client";

const ids = releaseFixtureIds();
let db: Db;
let reopened: { incident_id: string; service_id: string };

/** The release leaves one of its incidents unresolved (written into its own schema, before the upgrade). */
async function reopenInRelease(): Promise<{ incident_id: string; service_id: string }> {
  const pick = "select incident_id, service_id from incident_services order by incident_id, service_id limit 1";
  const stmt = "update incidents set resolved_at = null, last_update_status = 'INVESTIGATING' where id = ";
  if (process.env.HELIOGRAPH_TEST_STORE === "postgres") {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const row = (await c.query(pick)).rows[0];
    await c.query(`${stmt}$1`, [row.incident_id]);
    await c.end();
    return row;
  }
  const s = new Database(process.env.HELIOGRAPH_SQLITE_PATH!);
  const row = s.prepare(pick).get() as { incident_id: string; service_id: string };
  s.prepare(`${stmt}?`).run(row.incident_id);
  s.close();
  return row;
}

beforeAll(async () => {
  await loadReleaseFixture();
  reopened = await reopenInRelease();
  const { getReadyDb } = await import("@/lib/db");
  db = await getReadyDb();
});

describe("automation after the upgrade from release 0.1", () => {
  it("counts every release incident as written by people, and adds the automation tables empty", async () => {
    const incidents = await db.selectFrom("incidents").select(["humans_since", "created_at"]).execute();
    expect(incidents.length).toBeGreaterThan(0);
    for (const i of incidents) expect(i.humans_since).toBe(i.created_at);
    for (const table of ["automation_rules", "automation_rule_components", "automation_alerts"] as const) expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
  });

  it("keeps a check trigger off the service the release's open incident covers", async () => {
    const { applyAlert } = await import("@/lib/automation/apply");
    const api = client(ids.apiKey);
    const checks = (await api.post("/v1/integrations", { name: "Checks", type: "checkly" })).body as { id: string };
    const put = await api.put(`/v1/integrations/${checks.id}/checks/chk-1/trigger-incident`, { serviceId: reopened.service_id, name: "Checks failing", description: "x" });
    const before = await db.selectFrom("incidents").select("id").orderBy("id").execute();
    expect(put.status, put.text).toBe(200);
    const [decision] = await applyAlert(db, { accountId: ids.accountId, integrationId: "i", statusPageId: null }, { dedupKey: "chk-1", checkId: "chk-1", action: "trigger", occurredAt: ids.now, summary: "down", tags: [] });
    expect(decision).toMatchObject({ outcome: "ignored", reason: expect.stringMatching(/operator's open incident covers/) });
    expect(await db.selectFrom("incidents").select("id").orderBy("id").execute()).toEqual(before);
    const open = await db.selectFrom("incidents").select("id").where("resolved_at", "is", null).execute();
    expect(open.map((i) => i.id)).toContain(reopened.incident_id);
  });

  it("takes automation rules on a new v3 page", async () => {
    const api = client(ids.apiKey);
    const page = await api.post("/v3/status-pages", { name: "New", url: "after-upgrade" });
    expect(page.status, page.text).toBe(201);
    const component = await api.post(`/v3/status-pages/${page.body.id}/components`, { name: "API", displayOrder: 0 });
    const rule = await api.post(`/v3/status-pages/${page.body.id}/automation-rules`, { name: "API", firstUpdate: "a", lastUpdate: "b", tags: ["api"], components: [{ componentId: component.body.id, targetImpact: "MAJOR_OUTAGE" }] });
    expect(rule.status, rule.text).toBe(201);
    expect(vendorSchemaErrors("AutomationRuleV3", rule.body)).toEqual([]);
  });
});
