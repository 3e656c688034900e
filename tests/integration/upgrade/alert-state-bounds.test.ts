/**
 * Migration 013 on the database release 0.2 wrote (an integration whose alerts were decided, a rule with recorded
 * alerts and an open incident): the log's decided events stay seen once the log lets them go, and the release's
 * alert state is read and pruned by the new indexes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { REPLAY_HORIZON_MS } from "@/lib/automation/alert";
import { IngestAnswer } from "@/lib/integrations/schema";
import { releaseFixtureIds, upgradedFromRelease, type ReleaseFixtureIds } from "@/tests/setup/release-fixture";
import { expectShape } from "../api/fixtures";
import { amAlert, amBody, ingest } from "../integrations/helpers";

const ids = releaseFixtureIds("release-0.2") as ReleaseFixtureIds & { ruleId: string; integrationId: string; ingestToken: string };
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease("release-0.2");
});

const send = async (alerts: Record<string, unknown>[]) => expectShape(await ingest(ids.integrationId, amBody(alerts), { token: ids.ingestToken }), 202, IngestAnswer).decisions;
const firing = (fp: string, at: number) => amAlert({ fingerprint: fp, labels: { alertname: `Api${fp}`, component: "api" }, startsAt: new Date(at).toISOString() });
const alertKeys = async () => (await db.selectFrom("automation_alerts").select("dedup_key").where("rule_id", "=", ids.ruleId).execute()).map((r) => r.dedup_key).sort();

describe("alert state bounds after the upgrade from release 0.2", () => {
  it("keeps the release's decided events seen after the log lets them go: a re-send is a repeat", async () => {
    const log = await db.selectFrom("integration_events").select(["id", "seen_key"]).where("integration_id", "=", ids.integrationId).execute();
    const seen = await db.selectFrom("integration_seen_keys").select(["seen_key", "event_id"]).where("integration_id", "=", ids.integrationId).execute();
    expect(log).toHaveLength(5);
    expect(seen.map((s) => [s.seen_key, s.event_id]).sort()).toEqual(log.map((e) => [e.seen_key, e.id]).sort());

    await db.deleteFrom("integration_events").where("integration_id", "=", ids.integrationId).execute();
    const a3 = await db.selectFrom("automation_alerts").select("fired_at").where("rule_id", "=", ids.ruleId).where("dedup_key", "=", "a3").executeTakeFirstOrThrow();
    expect(await send([firing("a3", Number(a3.fired_at))])).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/^repeat of an event received at /) }]);
  });

  it("counts the release's firing alert on its open incident, and prunes its recovered ones only past the horizon", async () => {
    const joined = await send([firing("a4", Date.now() - 60_000)]);
    expect(joined).toMatchObject([{ outcome: "joined", reason: expect.stringContaining("(2 alerts firing)") }]);
    expect(await alertKeys()).toEqual(["a1", "a2", "a3", "a4"]);

    // a1 recovered (by its own time) and was recorded longer ago than the horizon.
    const past = Date.now() - REPLAY_HORIZON_MS - 60_000;
    await db.updateTable("automation_alerts").set({ fired_at: past - 60_000, resolved_at: past, updated_at: past }).where("rule_id", "=", ids.ruleId).where("dedup_key", "=", "a1").execute();
    expect(await send([firing("a5", Date.now() - 30_000)])).toMatchObject([{ outcome: "joined", reason: expect.stringContaining("(3 alerts firing)") }]);
    expect(await alertKeys()).toEqual(["a2", "a3", "a4", "a5"]);
  });
});
