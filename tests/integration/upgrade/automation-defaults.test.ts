/**
 * Migrations 009 and 010 on a database written by release 0.1, for the two later automation settings: a rule's
 * openAfterMinutes (0 unless set) and an integration's default target, which opens the incident for an alert
 * no rule matches on a page created after the upgrade.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import { AutomationRule } from "@/lib/automation/schema";
import { CreatedIntegration, IngestAnswer } from "@/lib/integrations/schema";
import type { Db } from "@/lib/db";
import { client } from "../api/client";
import { expectShape } from "../api/fixtures";
import { amAlert, amBody, ingest } from "../integrations/helpers";

const ids = releaseFixtureIds();
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("openAfterMinutes and default targets after the upgrade from release 0.1", () => {
  it("takes a delayed rule and an integration with a default target, which opens an incident for an unmatched alert", async () => {
    const api = client(ids.apiKey);
    const page = (await api.post("/v3/status-pages", { name: "Upgraded", url: "upgraded-defaults" })).body;
    const web = (await api.post(`/v3/status-pages/${page.id}/components`, { name: "Web", displayOrder: 0 })).body;
    const plain = expectShape(await api.post(`/v3/status-pages/${page.id}/automation-rules`, { name: "API", firstUpdate: "a", lastUpdate: "b", tags: ["api"] }), 201, AutomationRule);
    expect(plain.openAfterMinutes).toBe(0);
    const delayed = expectShape(await api.post(`/v3/status-pages/${page.id}/automation-rules`, { name: "DB", firstUpdate: "a", lastUpdate: "b", tags: ["db"], openAfterMinutes: 3 }), 201, AutomationRule);
    expect(delayed.openAfterMinutes).toBe(3);

    const am = expectShape(await api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", statusPageId: page.id, defaultComponents: [{ componentId: web.id, targetImpact: "MAJOR_OUTAGE" }] }), 201, CreatedIntegration);
    const row = await db.selectFrom("integrations").select("default_rule_id").where("id", "=", am.id).executeTakeFirstOrThrow();
    expect(row.default_rule_id).toBe(am.defaultTarget!.ruleId);
    const res = expectShape(await ingest(am.id, amBody([amAlert({ labels: { alertname: "Unmatched" }, fingerprint: "u" })]), { token: am.token }), 202, IngestAnswer);
    expect(res.decisions).toMatchObject([{ outcome: "opened", ruleId: am.defaultTarget!.ruleId }]);
  });
});
