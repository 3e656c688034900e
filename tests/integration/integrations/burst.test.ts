/**
 * A 1,000-alert body must not hold the server: decided in batches that let the event loop turn, each decision reading
 * its own alert's state, a re-sent group answered from its seen keys, recovered alerts forgotten only after the replay
 * horizon. Work is counted in queries, rows and loop turns, never in milliseconds.
 */
import { describe, expect, it } from "vitest";
import { REPLAY_HORIZON_MS } from "@/lib/automation/alert";
import { DECIDE_BATCH, ingestAlerts } from "@/lib/integrations/ingest";
import { EVENTS_KEPT } from "@/lib/integrations/queries";
import { IngestAnswer } from "@/lib/integrations/schema";
import { expectShape, STORE, tenant, type Tenant } from "../api/fixtures";
import { amAlert, amBody, ingest, openIncidents, pageWithRule } from "./helpers";
import { QueryLog } from "./query-log";

const T0 = Date.parse("2026-11-24T10:00:00.000Z");
const at = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

async function setUp(t: Tenant) {
  const rule = await pageWithRule(t);
  const res = await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", statusPageId: rule.pageId });
  expect(res.status, res.text).toBe(201);
  return { ...rule, am: res.body as { id: string; token: string } };
}

const firing = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => amAlert({ fingerprint: `${prefix}-${i}`, startsAt: at(T0 + i) }));

/** Ingests through a logged handle, noting how many queries completed between two turns of the event loop. */
async function ingestLogged(t: Tenant, am: { id: string; token: string }, alerts: Record<string, unknown>[]) {
  const log = new QueryLog();
  let turns = 0;
  let mark = 0;
  let longest = 0;
  let done = false;
  const turn = () => {
    longest = Math.max(longest, log.queries.length - mark);
    mark = log.queries.length;
    turns++;
    if (!done) setImmediate(turn);
  };
  setImmediate(turn);
  const answer = await ingestAlerts(t.db.withPlugin(log), { integrationId: am.id, tokens: [am.token], rawBody: JSON.stringify(amBody(alerts)), signature: null });
  done = true;
  longest = Math.max(longest, log.queries.length - mark);
  return { answer, log, turns, longest };
}

describe(`a burst of alerts (${STORE})`, () => {
  it("decides a 1,000-alert body in batches, letting the event loop turn between them", async () => {
    const t = await tenant();
    const { am } = await setUp(t);
    const { answer, turns, longest } = await ingestLogged(t, am, firing(1000, "burst"));
    expect(answer.accepted).toBe(1000);
    const outcomes = answer.decisions.map((d) => d.outcome);
    expect(outcomes.filter((o) => o === "opened")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "joined")).toHaveLength(999);
    expect(answer.decisions.at(-1)!.reason).toContain("(1000 alerts firing)");
    // better-sqlite3 answers synchronously: only the batches' setImmediate lets anything else run.
    expect(turns).toBeGreaterThanOrEqual(1000 / DECIDE_BATCH - 1);
    expect(longest).toBeLessThanOrEqual(4 * DECIDE_BATCH);
    // Every event is claimed by its seen key; only those the log keeps are written to it.
    const logged = await t.db.selectFrom("integration_events").select("dedup_key").where("integration_id", "=", am.id).execute();
    expect(logged).toHaveLength(EVENTS_KEPT);
    expect(logged.map((r) => r.dedup_key)).toContain("burst-999");
  });

  it("takes again a claim a dead process left undecided for over a minute; a younger one is a repeat", async () => {
    const t = await tenant();
    const { am } = await setUp(t);
    const body = amBody([amAlert({ fingerprint: "claimed" })]);
    expect(expectShape(await ingest(am.id, body, { token: am.token }), 202, IngestAnswer).decisions).toMatchObject([{ outcome: "opened" }]);
    const undecided = async (ago: number) => t.db.updateTable("integration_seen_keys").set({ decided_at: null, created_at: Date.now() - ago }).where("integration_id", "=", am.id).execute();
    await undecided(10_000);
    expect(expectShape(await ingest(am.id, body, { token: am.token }), 202, IngestAnswer).decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/^repeat of an event received at /) }]);
    await undecided(2 * 60_000);
    // Decided again: the alert's own state knows it fired already.
    expect(expectShape(await ingest(am.id, body, { token: am.token }), 202, IngestAnswer).decisions).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/^repeat: alert already firing/) }]);
    const claim = await t.db.selectFrom("integration_seen_keys").selectAll().where("integration_id", "=", am.id).executeTakeFirstOrThrow();
    expect(claim.decided_at).not.toBeNull();
  });

  it("reads the same few rows of alert state per decision after the rule has seen 3,000 alert keys", async () => {
    const t = await tenant();
    const { am, ruleId } = await setUp(t);
    const [opened] = expectShape(await ingest(am.id, amBody([amAlert({ fingerprint: "first" })]), { token: am.token }), 202, IngestAnswer).decisions;
    const stateReads = async (fp: string) => {
      const { answer, log } = await ingestLogged(t, am, [amAlert({ fingerprint: fp, startsAt: at(T0 + 1000) })]);
      return { decision: answer.decisions[0], rows: log.rowsRead("automation_alerts") };
    };
    const fresh = await stateReads("probe-1");
    expect(fresh.decision).toMatchObject({ outcome: "joined", reason: expect.stringContaining("(2 alerts firing)") });

    // 1,500 alerts still firing on the incident and 1,500 recovered an hour ago (inside the replay horizon).
    const now = Date.now();
    const seen = Array.from({ length: 3000 }, (_, i) => {
      const on = i < 1500;
      return { rule_id: ruleId, dedup_key: `seen-${i}`, incident_id: opened.incidentId, firing: on ? (1 as const) : (0 as const), fired_at: T0, resolved_at: on ? null : T0 + 60_000, updated_at: now - HOUR };
    });
    for (let i = 0; i < seen.length; i += 500) await t.db.insertInto("automation_alerts").values(seen.slice(i, i + 500)).execute();

    const after = await stateReads("probe-2");
    expect(after.decision).toMatchObject({ outcome: "joined", reason: expect.stringContaining("(1503 alerts firing)") });
    expect(after.rows).toBe(fresh.rows);
    expect(after.rows).toBeLessThanOrEqual(2);
  });

  it("answers a re-sent 300-alert group as repeats without deciding any of it, beyond the 100 events the log keeps", async () => {
    const t = await tenant();
    const { am } = await setUp(t);
    const group = firing(300, "group");
    const first = await ingestLogged(t, am, group);
    expect(first.answer.decisions.filter((d) => d.outcome === "joined")).toHaveLength(299);
    const again = await ingestLogged(t, am, group);
    expect(again.answer.decisions).toHaveLength(300);
    for (const d of again.answer.decisions) expect(d).toMatchObject({ outcome: "ignored", reason: expect.stringMatching(/^repeat of an event received at /) });
    expect(again.log.on("automation_rules")).toEqual([]);
    expect(again.log.on("automation_alerts")).toEqual([]);
    expect(await openIncidents(t)).toHaveLength(1);
    // The newest events are still in the log and count their repeat.
    const last = await t.db.selectFrom("integration_events").select("repeats").where("integration_id", "=", am.id).where("dedup_key", "=", "group-299").executeTakeFirstOrThrow();
    expect(Number(last.repeats)).toBe(1);
  });

  it("forgets a rule's alerts recovered longer ago than the replay horizon; a late failure within it is still out of order", async () => {
    const t = await tenant();
    const { am, ruleId } = await setUp(t);
    const send = async (alerts: Record<string, unknown>[]) => expectShape(await ingest(am.id, amBody(alerts), { token: am.token }), 202, IngestAnswer).decisions;
    await send([amAlert({ fingerprint: "old", startsAt: at(T0) }), amAlert({ fingerprint: "recent", startsAt: at(T0 + 1000) })]);
    const recovered = await send([amAlert({ fingerprint: "old", status: "resolved", endsAt: at(T0 + 60_000) }), amAlert({ fingerprint: "recent", status: "resolved", startsAt: at(T0 + 1000), endsAt: at(T0 + 61_000) })]);
    expect(recovered.map((d) => d.outcome)).toEqual(["updated", "resolved"]);
    // Recorded 25 and 23 hours ago: one past the horizon, one within it.
    const recordedAgo = async (key: string, ms: number) => t.db.updateTable("automation_alerts").set({ updated_at: Date.now() - ms }).where("rule_id", "=", ruleId).where("dedup_key", "=", key).execute();
    await recordedAgo("old", REPLAY_HORIZON_MS + HOUR);
    await recordedAgo("recent", REPLAY_HORIZON_MS - HOUR);

    expect(await send([amAlert({ fingerprint: "new", startsAt: at(T0 + 120_000) })])).toMatchObject([{ outcome: "opened" }]);
    const keys = (await t.db.selectFrom("automation_alerts").select("dedup_key").where("rule_id", "=", ruleId).execute()).map((r) => r.dedup_key).sort();
    expect(keys).toEqual(["new", "recent"]);

    // A failure of "recent" between its start and its recovery, delivered only now (the vendor retries): out of order.
    expect(await send([amAlert({ fingerprint: "recent", startsAt: at(T0 + 30_000) })])).toMatchObject([{ outcome: "ignored", reason: expect.stringMatching(/out of order/) }]);
  });
});
