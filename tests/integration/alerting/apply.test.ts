/**
 * FINAL results drive the page through the one automation path: the trigger's v1 incident, v3 rules by tags (degraded
 * capped), muted notifying nobody, retiring resolving unless humans took over; read back from the page's summary.json.
 */
import { describe, expect, it } from "vitest";
import { onFinalResult } from "@/lib/alerting/final";
import { retireCheck } from "@/lib/alerting/retire";
import { DEFAULT_ALERT_SETTINGS } from "@/lib/alerting/state";
import { putCheckTrigger } from "@/lib/automation/service";
import type { Severity } from "@/lib/db/types";
import { SpSummaryResponse } from "@/lib/statuspage-compat/schema";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import { call } from "../embeds/fixture";
import { slug, tenant, type Tenant } from "../api/fixtures";
import { insertCheck, insertResult, type CheckSpec } from "./fixture";

const MIN = 60_000;
const T0 = Date.now() - 60 * MIN;

async function pageJson(site: string) {
  return SpSummaryResponse.parse(await (await call(summary.GET, `/${site}/api/v2/summary.json`, { site })).json());
}

/** A v1 page showing one service, and a check whose trigger opens incidents on it. */
async function v1World(t: Tenant, spec: CheckSpec = {}, notifySubscribers = true, severity?: Severity) {
  const service = (await t.api.post("/v1/status-pages/services", { name: "Checkout" })).body as { id: string };
  const site = slug("chk");
  const page = await t.api.post("/v1/status-pages", { name: "Status", url: site, cards: [{ name: "Core", services: [{ id: service.id }] }] });
  expect(page.status, page.text).toBe(201);
  const check = await insertCheck(t.db, t.accountId, spec);
  await putCheckTrigger(t.db, t.accountId, check.row.id, { serviceId: service.id, name: "Checkout is failing", description: "Our checkout check fails.", notifySubscribers, severity });
  return { service, site, check };
}

/** A v3 page with one component and a rule matching the tag `payments`. */
async function v3World(t: Tenant) {
  const site = slug("v3");
  const page = (await t.api.post("/v3/status-pages", { name: "Status", url: site })).body as { id: string };
  const component = ((await t.api.post(`/v3/status-pages/${page.id}/components`, { name: "Payments", displayOrder: 0 })).body as { id: string }).id;
  const rule = await t.api.post(`/v3/status-pages/${page.id}/automation-rules`, {
    name: "Payments checks failing",
    firstUpdate: "Payment checks fail.",
    lastUpdate: "Payment checks pass again.",
    tags: ["payments"],
    components: [{ componentId: component, targetImpact: "MAJOR_OUTAGE" }],
  });
  expect(rule.status, rule.text).toBe(201);
  return { site, pageId: page.id, component };
}

const statusRow = (t: Tenant, checkId: string) => t.db.selectFrom("check_statuses").selectAll().where("check_id", "=", checkId).executeTakeFirstOrThrow();

describe("alerting from FINAL results", () => {
  it("a failing FINAL opens the trigger's incident on the v1 page; a passing one resolves it", async () => {
    const t = await tenant();
    const { site, check, service } = await v1World(t);
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 }))).toEqual([]);
    expect((await pageJson(site)).incidents).toEqual([]);

    const opened = await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 + MIN, failed: true, location: "us-east-1", responseTime: 900 }));
    expect(opened).toMatchObject([{ outcome: "opened" }]);
    expect((await t.db.selectFrom("incidents").select("severity").where("id", "=", opened[0].incidentId!).executeTakeFirstOrThrow()).severity).toBe("MAJOR");
    const json = await pageJson(site);
    expect(json.incidents).toMatchObject([{ name: "Checkout is failing", status: "investigating", incident_updates: [{ body: expect.stringContaining("Our checkout check fails.") }] }]);
    expect(json.components.find((c) => c.id === service.id)?.status).toBe("major_outage");
    expect(await statusRow(t, check.row.id)).toMatchObject({ alert_state: "FAILING", has_failures: 1, has_errors: 0, is_degraded: 0, longest_run: 900, shortest_run: 120, last_run_location: "us-east-1", failing_runs: 1 });

    // Still failing: the state holds, nothing more is said.
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 + 2 * MIN, failed: true }))).toEqual([]);
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 + 3 * MIN }))).toMatchObject([{ outcome: "resolved" }]);
    expect((await pageJson(site)).incidents).toEqual([]);
    expect(await statusRow(t, check.row.id)).toMatchObject({ alert_state: "PASSING", has_failures: 0, failing_runs: 0 });
  });

  it("the trigger's severity is the incident's, and the service shows what it maps to; a degraded check caps it at MINOR", async () => {
    const t = await tenant();
    const shown = { CRITICAL: "major_outage", MAJOR: "major_outage", MEDIUM: "partial_outage", MINOR: "degraded_performance" } as const;
    for (const severity of ["MINOR", "MEDIUM", "CRITICAL"] as const) {
      const { site, check, service } = await v1World(t, { name: severity }, true, severity);
      const [opened] = await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0, failed: true }));
      expect(opened).toMatchObject({ outcome: "opened" });
      const incident = await t.db.selectFrom("incidents").select("severity").where("id", "=", opened.incidentId!).executeTakeFirstOrThrow();
      expect(incident.severity).toBe(severity);
      expect((await pageJson(site)).components.find((c) => c.id === service.id)?.status).toBe(shown[severity]);
    }
    const { check } = await v1World(t, { name: "Degraded" }, true, "CRITICAL");
    const [opened] = await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0, degraded: true }));
    const severityOf = async () => (await t.db.selectFrom("incidents").select("severity").where("id", "=", opened.incidentId!).executeTakeFirstOrThrow()).severity;
    expect(await severityOf()).toBe("MINOR");
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 + MIN, failed: true }))).toMatchObject([{ outcome: "joined" }]);
    expect(await severityOf()).toBe("CRITICAL");

    // A check's triggerIncident carries its severity into the rule; leaving it out of a trigger is MAJOR.
    const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body as { id: string };
    const triggerIncident = { serviceId: service.id, severity: "MINOR", name: "API slow", description: "The API check fails.", notifySubscribers: false };
    const created = await t.api.post("/v1/checks/api", { name: "Via API", request: { method: "GET", url: "http://127.0.0.1:9/health" }, triggerIncident });
    expect(created.status, created.text).toBe(201);
    const rule = await t.db.selectFrom("automation_rules").select("severity").where("check_id", "=", created.body.id).executeTakeFirstOrThrow();
    expect(rule.severity).toBe("MINOR");
    await putCheckTrigger(t.db, t.accountId, created.body.id, { serviceId: service.id, name: "API down", description: "Down." });
    expect((await t.db.selectFrom("automation_rules").select("severity").where("check_id", "=", created.body.id).executeTakeFirstOrThrow()).severity).toBeNull();

    // An outside tool's trigger takes one too, and answers MAJOR when it names none.
    const integration = (await t.api.post("/v1/integrations", { name: "Outside checks", type: "checkly" })).body as { id: string };
    const path = `/v1/integrations/${integration.id}/checks/outside-1/trigger-incident`;
    const outside = { serviceId: service.id, name: "Outside failing", description: "An outside check fails." };
    expect((await t.api.put(path, { ...outside, severity: "MEDIUM" })).body).toMatchObject({ severity: "MEDIUM" });
    expect((await t.api.get(path)).body).toMatchObject({ severity: "MEDIUM" });
    expect((await t.api.put(path, outside)).body).toMatchObject({ severity: "MAJOR" });
    expect((await t.api.put(path, { ...outside, severity: "HUGE" })).status).toBe(400);
  });

  it("run-based escalation: two failed FINAL runs before the incident; an older FINAL arriving late changes nothing", async () => {
    const t = await tenant();
    const settings = { ...DEFAULT_ALERT_SETTINGS, runBasedEscalation: { failedRunThreshold: 2 } };
    const { site, check } = await v1World(t, { alertSettings: settings });
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 + MIN, failed: true }))).toEqual([]);
    expect((await pageJson(site)).incidents).toEqual([]);
    // A run of another location that started earlier but finished later.
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0, failed: true }))).toEqual([]);
    expect((await statusRow(t, check.row.id)).failing_runs).toBe(1);
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 + 2 * MIN, errored: true }))).toMatchObject([{ outcome: "opened" }]);
    expect((await pageJson(site)).incidents).toHaveLength(1);
    expect(await statusRow(t, check.row.id)).toMatchObject({ has_errors: 1, alert_state: "FAILING" });
  });

  it("tags drive v3 rules: degraded opens at degraded performance, a failure raises it, recovery resolves", async () => {
    const t = await tenant();
    const { site, component } = await v3World(t);
    const check = await insertCheck(t.db, t.accountId, { tags: ["Payments", "eu"] });
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0, degraded: true }))).toMatchObject([{ outcome: "opened" }]);
    let json = await pageJson(site);
    expect(json.incidents).toMatchObject([{ name: "Payments checks failing" }]);
    expect(json.components.find((c) => c.id === component)?.status).toBe("degraded_performance");
    expect(await statusRow(t, check.row.id)).toMatchObject({ alert_state: "DEGRADED", is_degraded: 1 });

    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0 + MIN, failed: true }))).toMatchObject([{ outcome: "joined" }]);
    json = await pageJson(site);
    expect(json.components.find((c) => c.id === component)?.status).toBe("major_outage");

    // The check's tags change while it fails: its recovery still reaches the rule it fired on.
    await t.db.deleteFrom("check_tags").where("check_id", "=", check.row.id).execute();
    const untagged = { ...check, tags: [] };
    expect(await onFinalResult(t.db, untagged, await insertResult(t.db, check, { at: T0 + 2 * MIN }))).toMatchObject([{ outcome: "resolved" }]);
    json = await pageJson(site);
    expect(json.incidents).toEqual([]);
    expect(json.components.find((c) => c.id === component)?.status).toBe("operational");
  });

  it("a check matching no trigger or rule keeps its state and opens nothing", async () => {
    const t = await tenant();
    const check = await insertCheck(t.db, t.accountId, { tags: ["nobody"] });
    expect(await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0, failed: true }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/no automation rule/) }]);
    expect((await statusRow(t, check.row.id)).alert_state).toBe("FAILING");
    expect(await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute()).toEqual([]);
  });

  it("muted: the page shows the incident, but its updates notify no subscriber", async () => {
    const t = await tenant();
    const loud = await v1World(t);
    const quiet = await v1World(t, { muted: true, name: "Quiet" });
    for (const w of [loud, quiet]) {
      await onFinalResult(t.db, w.check, await insertResult(t.db, w.check, { at: T0, failed: true }));
      expect((await pageJson(w.site)).incidents).toHaveLength(1);
      await onFinalResult(t.db, w.check, await insertResult(t.db, w.check, { at: T0 + MIN }));
      expect((await pageJson(w.site)).incidents).toEqual([]);
    }
    const notified = async (checkId: string) => {
      const rule = await t.db.selectFrom("automation_rules").select("id").where("check_id", "=", checkId).executeTakeFirstOrThrow();
      const rows = await t.db.selectFrom("incident_updates").select(["notify_subscribers", "status"]).where("actor_id", "=", rule.id).orderBy("created_at").execute();
      return rows.map((r) => [r.status, Number(r.notify_subscribers)]);
    };
    expect(await notified(loud.check.row.id)).toEqual([["INVESTIGATING", 1], ["RESOLVED", 1]]);
    expect(await notified(quiet.check.row.id)).toEqual([["INVESTIGATING", 0], ["RESOLVED", 0]]);
  });

  it("retiring a check resolves the incident it opened, and starts its alert state afresh", async () => {
    const t = await tenant();
    const { site, check } = await v1World(t);
    await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0, failed: true }));
    expect((await pageJson(site)).incidents).toHaveLength(1);
    await retireCheck(t.db, t.accountId, check.row.id, "deactivated");
    expect((await pageJson(site)).incidents).toEqual([]);
    expect(await statusRow(t, check.row.id)).toMatchObject({ alert_state: "PASSING", failing_runs: 0, streak_since: null });
    // Retiring a check that opened nothing changes nothing.
    await retireCheck(t.db, t.accountId, check.row.id, "deleted");
    expect(await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute()).toHaveLength(1);
  });

  it("retiring a check whose incident humans took over only records it: the incident stays open", async () => {
    const t = await tenant();
    const { site, check } = await v1World(t);
    const [opened] = await onFinalResult(t.db, check, await insertResult(t.db, check, { at: T0, failed: true }));
    const upd = await t.api.post(`/v1/status-pages/incidents/${opened.incidentId}/incident-updates`, { description: "We are on it.", status: "IDENTIFIED" });
    expect(upd.status, upd.text).toBe(200);
    await retireCheck(t.db, t.accountId, check.row.id, "deleted");
    expect((await pageJson(site)).incidents).toMatchObject([{ id: opened.incidentId, status: "identified" }]);
    const alert = await t.db.selectFrom("automation_alerts").select("firing").where("dedup_key", "=", check.row.id).executeTakeFirstOrThrow();
    expect(Number(alert.firing)).toBe(0);
  });
});
