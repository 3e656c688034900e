/**
 * applyAlert end to end on a real store: alerts open, join and resolve the incident of a v3 rule (seen
 * through GET v3 incident), out-of-order and repeated events change nothing, cool-down holds, humans win,
 * the v1 per-check trigger, and two Kysely instances applying the same alert at once open one incident.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { applyAlert } from "@/lib/automation/apply";
import type { AlertEvent } from "@/lib/automation/alert";
import { createDb, type Db } from "@/lib/db";
import { IncidentV3 } from "@/lib/incidents/v3-schema";
import { expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";
import { ROOT } from "../api/client";

const T0 = Date.parse("2026-11-24T12:00:00Z");
const MIN = 60_000;

async function pageWithRule(t: Tenant, rule: Record<string, unknown> = {}) {
  const page = (await t.api.post("/v3/status-pages", { name: "Status", url: slug("auto") })).body as { id: string };
  const comp = async (name: string) => ((await t.api.post(`/v3/status-pages/${page.id}/components`, { name, displayOrder: 0 })).body as { id: string }).id;
  const api = await comp("API");
  const web = await comp("Web");
  const res = await t.api.post(`/v3/status-pages/${page.id}/automation-rules`, {
    name: "API is failing",
    firstUpdate: "We are investigating failures of the API.",
    lastUpdate: "The API has recovered.",
    tags: ["api"],
    components: [
      { componentId: api, targetImpact: "MAJOR_OUTAGE" },
      { componentId: web, targetImpact: "DEGRADED_PERFORMANCE" },
    ],
    ...rule,
  });
  expect(res.status, res.text).toBe(201);
  const ctx = { accountId: t.accountId, integrationId: "test-integration", statusPageId: page.id };
  return { pageId: page.id, api, web, ruleId: (res.body as { id: string }).id, ctx };
}

const ev = (over: Partial<AlertEvent> = {}): AlertEvent => ({ dedupKey: "a", action: "trigger", occurredAt: T0, summary: "API down", tags: ["api"], ...over });

async function incident(t: Tenant, pageId: string, id: string) {
  return expectShape(await t.api.get(`/v3/status-pages/${pageId}/incidents/${id}`), 200, IncidentV3);
}

async function ruleIncidentId(t: Tenant, pageId: string, ruleId: string): Promise<string | null> {
  return ((await t.api.get(`/v3/status-pages/${pageId}/automation-rules/${ruleId}`)).body as { incidentId: string | null }).incidentId;
}

describe("applyAlert", () => {
  it("opens one incident at the rule's impacts, joins a second alert, and resolves when both recovered", async () => {
    const t = await tenant();
    const { pageId, api, web, ruleId, ctx } = await pageWithRule(t);

    const [opened] = await applyAlert(t.db, ctx, ev());
    expect(opened).toMatchObject({ outcome: "opened", ruleId });
    const id = opened.incidentId!;
    const inc = await incident(t, pageId, id);
    expect(inc).toMatchObject({ name: "API is failing", lastUpdateStatus: "INVESTIGATING", incidentUpdates: [{ description: "We are investigating failures of the API.", status: "INVESTIGATING" }] });
    expect(inc.componentImpacts.map((w) => [w.componentId, w.status, w.endedAt])).toEqual(expect.arrayContaining([[api, "MAJOR_OUTAGE", null], [web, "DEGRADED_PERFORMANCE", null]]));
    expect(await ruleIncidentId(t, pageId, ruleId)).toBe(id);
    const updateRow = await t.db.selectFrom("incident_updates").select(["actor_type", "actor_id"]).where("incident_id", "=", id).executeTakeFirstOrThrow();
    expect(updateRow).toEqual({ actor_type: "AUTOMATION", actor_id: ruleId });

    expect(await applyAlert(t.db, ctx, ev())).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/repeat/), incidentId: id }]);
    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "b", occurredAt: T0 + MIN }))).toMatchObject([{ outcome: "joined", incidentId: id }]);
    expect(await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + 2 * MIN }))).toMatchObject([{ outcome: "updated", incidentId: id }]);
    expect((await incident(t, pageId, id)).lastUpdateStatus).toBe("INVESTIGATING");

    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "b", action: "resolve", occurredAt: T0 + 3 * MIN }))).toMatchObject([{ outcome: "resolved", incidentId: id }]);
    const done = await incident(t, pageId, id);
    expect(done).toMatchObject({ lastUpdateStatus: "RESOLVED", incidentUpdates: [{ description: "The API has recovered.", status: "RESOLVED" }, {}] });
    expect(done.componentImpacts.every((w) => w.endedAt !== null)).toBe(true);
    expect(await ruleIncidentId(t, pageId, ruleId)).toBeNull();
    const incidents = await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute();
    expect(incidents).toHaveLength(1);
  });

  it("ignores a recovery older than the failure, and a late failure older than the recovery", async () => {
    const t = await tenant();
    const { pageId, ctx } = await pageWithRule(t);
    const [opened] = await applyAlert(t.db, ctx, ev({ occurredAt: T0 }));
    expect(await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 - MIN }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/out of order/) }]);
    expect((await incident(t, pageId, opened.incidentId!)).lastUpdateStatus).toBe("INVESTIGATING");
    expect(await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + MIN }))).toMatchObject([{ outcome: "resolved" }]);
    // The vendor retries a failure for minutes: one arriving after its recovery opens nothing.
    expect(await applyAlert(t.db, ctx, ev({ occurredAt: T0 + MIN / 2 }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/out of order/) }]);
    expect(await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute()).toHaveLength(1);
  });

  it("a failure delivered only after its recovery (the vendor's retries) opens nothing", async () => {
    const t = await tenant();
    const { ctx } = await pageWithRule(t);
    expect(await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + MIN }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/never fired/) }]);
    expect(await applyAlert(t.db, ctx, ev({ occurredAt: T0 }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/out of order/) }]);
    expect(await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute()).toHaveLength(0);
    // A later failure of the same alert is news again.
    expect(await applyAlert(t.db, ctx, ev({ occurredAt: T0 + 2 * MIN }))).toMatchObject([{ outcome: "opened" }]);
  });

  it("opens nothing during the cool-down after a resolve, and again once it has passed", async () => {
    const t = await tenant();
    const { ruleId, ctx } = await pageWithRule(t, { coolDownWindowMinutes: 10 });
    await applyAlert(t.db, ctx, ev());
    expect(await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + MIN }))).toMatchObject([{ outcome: "resolved" }]);
    expect(await applyAlert(t.db, ctx, ev({ occurredAt: T0 + 2 * MIN }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/cool-down/), incidentId: null }]);
    // The cool-down counts from when the automation resolved: move that back past the window.
    await t.db.updateTable("automation_rules").set({ last_resolved_at: Date.now() - 11 * MIN }).where("id", "=", ruleId).execute();
    expect(await applyAlert(t.db, ctx, ev({ occurredAt: T0 + 2 * MIN }))).toMatchObject([{ outcome: "opened" }]);
  });

  it("leaves an incident to humans once an API key posted on it, and opens anew only after they resolved it", async () => {
    const t = await tenant();
    const { pageId, ruleId, ctx } = await pageWithRule(t);
    const [opened] = await applyAlert(t.db, ctx, ev());
    const id = opened.incidentId!;
    const post = await t.api.post(`/v3/status-pages/${pageId}/incidents/${id}/incident-updates`, { description: "We found the cause.", status: "IDENTIFIED" });
    expect(post.status, post.text).toBe(201);

    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "b", occurredAt: T0 + MIN }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/humans own/) }]);
    expect(await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + 2 * MIN }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/humans own .* not resolved/) }]);
    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "b", action: "resolve", occurredAt: T0 + 2 * MIN }))).toMatchObject([{ outcome: "ignored" }]);
    expect((await incident(t, pageId, id)).lastUpdateStatus).toBe("IDENTIFIED");
    expect(await ruleIncidentId(t, pageId, ruleId)).toBe(id);

    await t.api.post(`/v3/status-pages/${pageId}/incidents/${id}/incident-updates`, { description: "Fixed.", status: "RESOLVED" });
    expect(await ruleIncidentId(t, pageId, ruleId)).toBeNull();
    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "c", occurredAt: T0 + 3 * MIN }))).toMatchObject([{ outcome: "opened" }]);
    expect(await ruleIncidentId(t, pageId, ruleId)).not.toBe(id);
  });

  it("hands the incident to humans after a PUT, and keeps off components an operator's incident covers", async () => {
    const t = await tenant();
    const { pageId, api, web, ctx } = await pageWithRule(t);
    const [opened] = await applyAlert(t.db, ctx, ev());
    const put = await t.api.put(`/v3/status-pages/${pageId}/incidents/${opened.incidentId}`, { name: "API outage" });
    expect(put.status, put.text).toBe(200);
    await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + MIN }));
    expect((await incident(t, pageId, opened.incidentId!)).lastUpdateStatus).toBe("INVESTIGATING");

    const t2 = await tenant();
    const other = await pageWithRule(t2);
    const manual = await t2.api.post(`/v3/status-pages/${other.pageId}/incidents`, { name: "Web slow", componentImpacts: [{ componentId: other.web, status: "PARTIAL_OUTAGE" }], incidentUpdates: [{ description: "Looking", status: "INVESTIGATING" }] });
    expect(manual.status, manual.text).toBe(201);
    const [auto] = await applyAlert(t2.db, other.ctx, ev());
    expect(auto).toMatchObject({ outcome: "opened" });
    expect((await incident(t2, other.pageId, auto.incidentId!)).componentImpacts.map((w) => w.componentId)).toEqual([other.api]);
    expect([api, web]).not.toContain(other.api);
  });

  it("opens a degraded check at degraded performance, and a failure joining it raises the impacts", async () => {
    const t = await tenant();
    const { pageId, api, web, ctx } = await pageWithRule(t);
    const [opened] = await applyAlert(t.db, ctx, ev({ degraded: true }));
    const open = async () => (await incident(t, pageId, opened.incidentId!)).componentImpacts.filter((w) => w.endedAt === null).map((w) => [w.componentId, w.status]);
    expect(await open()).toEqual(expect.arrayContaining([[api, "DEGRADED_PERFORMANCE"], [web, "DEGRADED_PERFORMANCE"]]));
    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "b", occurredAt: T0 + MIN }))).toMatchObject([{ outcome: "joined", reason: expect.stringMatching(/raised/) }]);
    expect((await open()).sort()).toEqual([[api, "MAJOR_OUTAGE"], [web, "DEGRADED_PERFORMANCE"]].sort());
    // The raise was the automation's own: it still resolves the incident.
    await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + 2 * MIN }));
    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "b", action: "resolve", occurredAt: T0 + 2 * MIN }))).toMatchObject([{ outcome: "resolved" }]);
  });

  it("opens nothing on components under an in-progress maintenance that suppresses automatic incidents", async () => {
    const t = await tenant();
    const { pageId, api, web, ctx } = await pageWithRule(t);
    const now = Date.now();
    const window = await t.api.post("/v1/maintenance-windows", {
      name: "Database upgrade",
      startsAt: new Date(now - 10 * MIN).toISOString(),
      endsAt: new Date(now + 60 * MIN).toISOString(),
      repeatUnit: null,
      statusPageVisibility: { statusPageIds: [pageId], componentIds: [api], suppressAutoIncidents: true },
    });
    expect(window.status, window.text).toBe(201);
    const [one] = await applyAlert(t.db, ctx, ev());
    expect(one).toMatchObject({ outcome: "opened", reason: expect.stringMatching(/1 component left alone/) });
    expect((await incident(t, pageId, one.incidentId!)).componentImpacts.map((w) => w.componentId)).toEqual([web]);

    // Every component of a second page's rule under the maintenance: nothing opens.
    const other = await pageWithRule(t, { tags: ["db"] });
    const moved = await t.api.put(`/v1/maintenance-windows/${window.body.id}`, { statusPageVisibility: { statusPageIds: [other.pageId], componentIds: [other.api, other.web], suppressAutoIncidents: true } });
    expect(moved.status, moved.text).toBe(200);
    expect(await applyAlert(t.db, other.ctx, ev({ tags: ["db"] }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/maintenance in progress suppresses/), incidentId: null }]);
  });

  it("notifies the page's subscribers through the outbox as the rule says", async () => {
    const deliveries = async (t: Tenant, pageId: string) =>
      t.db
        .selectFrom("notification_deliveries")
        .innerJoin("subscribers", "subscribers.id", "notification_deliveries.subscriber_id")
        .select("notification_deliveries.event_id")
        .where("subscribers.status_page_id", "=", pageId)
        .where("notification_deliveries.event_type", "=", "incident.update")
        .execute();
    for (const notifySubscribers of [true, false]) {
      const t = await tenant();
      const { pageId, ctx } = await pageWithRule(t, { notifySubscribers });
      const bulk = await t.api.post(`/v3/status-pages/${pageId}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "ops@example.com" } }], autoVerify: true });
      expect(bulk.status, bulk.text).toBe(201);
      await applyAlert(t.db, ctx, ev());
      await applyAlert(t.db, ctx, ev());
      await applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + MIN }));
      // One delivery for the opening update and one for the resolving one; none when the rule says so.
      expect(new Set((await deliveries(t, pageId)).map((d) => d.event_id)).size).toBe(notifySubscribers ? 2 : 0);
    }
  });

  it("answers one ignored decision when nothing matches, and keeps to the integration's page and account", async () => {
    const t = await tenant();
    const { ctx } = await pageWithRule(t);
    expect(await applyAlert(t.db, ctx, ev({ tags: ["db"] }))).toEqual([{ outcome: "ignored", reason: expect.stringMatching(/no automation rule/), ruleId: null, incidentId: null }]);
    const stranger = await tenant();
    expect(await applyAlert(t.db, { ...ctx, accountId: stranger.accountId, statusPageId: null }, ev())).toMatchObject([{ outcome: "ignored", ruleId: null }]);
    expect(await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute()).toEqual([]);
  });

  it("answers ignored, writing nothing, when a rule's component became a group under it", async () => {
    const t = await tenant();
    const { pageId, api, ruleId, ctx } = await pageWithRule(t);
    expect((await t.api.put(`/v3/status-pages/${pageId}/components/${api}`, { type: "GROUP", name: "API", displayOrder: 0 })).status).toBe(200);
    expect(await applyAlert(t.db, ctx, ev())).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/could not apply: .*componentImpacts\.0\.componentId/), incidentId: null }]);
    expect(await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute()).toEqual([]);
    expect(await t.db.selectFrom("automation_alerts").selectAll().where("rule_id", "=", ruleId).execute()).toEqual([]);
  });

  it("opens and resolves a v1 incident through a per-check trigger", async () => {
    const t = await tenant();
    const service = (await t.api.post("/v1/status-pages/services", { name: "Checkout" })).body as { id: string };
    const checks = (await t.api.post("/v1/integrations", { name: "Checks", type: "checkly" })).body as { id: string };
    const put = await t.api.put(`/v1/integrations/${checks.id}/checks/chk-42/trigger-incident`, { serviceId: service.id, name: "Checkout failing", description: "Checkout checks fail.", notifySubscribers: false });
    expect(put.status, put.text).toBe(200);
    const ctx = { accountId: t.accountId, integrationId: "i", statusPageId: null };
    const [opened] = await applyAlert(t.db, ctx, ev({ dedupKey: "chk-42", checkId: "chk-42", tags: [] }));
    expect(opened).toMatchObject({ outcome: "opened" });
    const v1 = (await t.api.get(`/v1/status-pages/incidents/${opened.incidentId}`)).body as { name: string; severity: string; services: { id: string }[]; lastUpdateStatus: string };
    expect(v1).toMatchObject({ name: "Checkout failing", severity: "MAJOR", services: [{ id: service.id }], lastUpdateStatus: "INVESTIGATING" });
    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "chk-42", checkId: "chk-42", tags: [], action: "resolve", occurredAt: T0 + MIN }))).toMatchObject([{ outcome: "resolved" }]);
    expect(((await t.api.get(`/v1/status-pages/incidents/${opened.incidentId}`)).body as { lastUpdateStatus: string }).lastUpdateStatus).toBe("RESOLVED");

    // A v1 PATCH by an API key hands the next one to humans.
    const [again] = await applyAlert(t.db, ctx, ev({ dedupKey: "chk-42", checkId: "chk-42", tags: [], occurredAt: T0 + 2 * MIN }));
    expect(again).toMatchObject({ outcome: "ignored", reason: expect.stringMatching(/cool-down/) });
    await t.db.updateTable("automation_rules").set({ last_resolved_at: 0 }).where("check_id", "=", "chk-42").execute();
    const [third] = await applyAlert(t.db, ctx, ev({ dedupKey: "chk-42", checkId: "chk-42", tags: [], occurredAt: T0 + 2 * MIN }));
    expect(third).toMatchObject({ outcome: "opened" });
    expect((await t.api.patch(`/v1/status-pages/incidents/${third.incidentId}`, { severity: "MINOR" })).status).toBe(200);
    expect(await applyAlert(t.db, ctx, ev({ dedupKey: "chk-42", checkId: "chk-42", tags: [], action: "resolve", occurredAt: T0 + 3 * MIN }))).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/humans own/) }]);
  });

  async function expectOneOpened(t: Tenant, ruleId: string, results: { outcome: string; incidentId?: string | null }[][]) {
    expect(results.map((r) => r[0].outcome).sort()).toEqual([...results.slice(1).map(() => "ignored"), "opened"]);
    const incidents = await t.db.selectFrom("incidents").select("id").where("account_id", "=", t.accountId).execute();
    expect(incidents).toHaveLength(1);
    expect(new Set(results.map((r) => r[0].incidentId))).toEqual(new Set([incidents[0].id]));
    expect((await t.db.selectFrom("automation_rules").select("incident_id").where("id", "=", ruleId).executeTakeFirstOrThrow()).incident_id).toBe(incidents[0].id);
  }

  it("two OS processes applying the same alert at once open exactly one incident", { timeout: 60_000 }, async () => {
    const t = await tenant();
    const { ruleId, ctx } = await pageWithRule(t);
    const run = () =>
      promisify(execFile)(join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", join(import.meta.dirname, "apply-process.ts"), JSON.stringify({ ctx, event: ev() })], { cwd: ROOT, env: process.env }).then(
        ({ stdout }) => JSON.parse(stdout) as { outcome: string; incidentId: string | null }[],
      );
    await expectOneOpened(t, ruleId, await Promise.all([run(), run()]));
  });

  // better-sqlite3 waits for a lock synchronously, so two SQLite clients cannot interleave in one process: processes above.
  it.runIf(STORE === "postgres")("two Kysely instances in one process applying the same alert at once open exactly one incident", async () => {
    const t = await tenant();
    const { ruleId, ctx } = await pageWithRule(t);
    const second: Db = createDb({ databaseUrl: process.env.DATABASE_URL });
    try {
      await expectOneOpened(t, ruleId, await Promise.all([applyAlert(t.db, ctx, ev()), applyAlert(second, ctx, ev()), applyAlert(t.db, ctx, ev()), applyAlert(second, ctx, ev())]));
    } finally {
      await second.destroy();
    }
  });

  // SQLite write transactions are serial (BEGIN IMMEDIATE): the interleaving exists only on PostgreSQL.
  it.runIf(STORE === "postgres")("an operator's update committed while a recovery is being applied wins: automation resolves nothing humans own", async () => {
    const t = await tenant();
    const { pageId, ctx } = await pageWithRule(t);
    const [opened] = await applyAlert(t.db, ctx, ev());
    const id = opened.incidentId!;
    let release!: () => void;
    let marked!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const isMarked = new Promise<void>((r) => (marked = r));
    // An operator's write, open: it holds the incident's row, as addIncidentUpdateV3 does until it commits.
    const operator = t.db.transaction().execute(async (trx) => {
      await trx.updateTable("incidents").set({ humans_since: Date.now() }).where("id", "=", id).execute();
      marked();
      await held;
    });
    await isMarked;
    const applying = applyAlert(t.db, ctx, ev({ action: "resolve", occurredAt: T0 + MIN }));
    // Until the recovery's transaction waits on that row (to read it with the fix, to write it without).
    for (let i = 0; ; i++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%"incidents"%'`.execute(t.db);
      if (rows[0].n > 0) break;
      if (i > 500) throw new Error("the recovery never waited on the incident's row");
      await new Promise((r) => setTimeout(r, 10));
    }
    release();
    await operator;
    expect(await applying).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/humans own .* not resolved/) }]);
    expect((await incident(t, pageId, id)).lastUpdateStatus).toBe("INVESTIGATING");
  });
});
