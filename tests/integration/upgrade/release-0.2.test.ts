/**
 * A database written by release 0.2 upgrades in place: every migration since runs on it, and what it held
 * (both demo pages, the automation rule with its recorded alerts, the integration and its token) still works.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import type { Db } from "@/lib/db";
import { client } from "../api/client";
import { amAlert, amBody, ingest } from "../integrations/helpers";

const ids = releaseFixtureIds("release-0.2");
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease("release-0.2");
});

describe("upgrade from release 0.2", () => {
  it("applies every migration and keeps both demo pages", async () => {
    const { migrations } = await import("@/lib/db/migrations");
    const applied = await db.selectFrom("kysely_migration" as never).select("name" as never).execute();
    expect(applied.map((r) => (r as { name: string }).name).sort()).toEqual(Object.keys(migrations).sort());
    const api = client(ids.apiKey);
    expect((await api.get(`/v1/status-pages/${ids.pageId}`)).status).toBe(200);
    const components = await api.get(`/v3/status-pages/${ids.v3PageId}/components`);
    expect(components.status).toBe(200);
    expect(components.body.entries.length).toBeGreaterThan(0);
  });

  it("keeps the rule's open incident, and the release's ingest token resolves it", async () => {
    const api = client(ids.apiKey);
    const rule = (await api.get(`/v3/status-pages/${ids.v3PageId}/automation-rules/${ids.ruleId}`)).body;
    expect(rule.incidentId).not.toBeNull();
    const recorded = await db.selectFrom("automation_alerts").select("dedup_key").where("rule_id", "=", ids.ruleId!).execute();
    expect(recorded.length).toBeGreaterThan(0);
    const res = await ingest(ids.integrationId!, amBody([amAlert({ status: "resolved", labels: { alertname: "Apia3", component: "api" }, fingerprint: "a3", startsAt: new Date(Date.now() - 3_595_000).toISOString(), endsAt: new Date().toISOString() })]), { token: ids.ingestToken! });
    expect(res.status).toBe(202);
    expect(res.body.decisions).toMatchObject([{ outcome: "resolved" }]);
  });
});
