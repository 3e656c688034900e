/**
 * Two Heliograph OS processes on one PostgreSQL receive the same alerts at the same moment and open exactly one
 * incident; the recovery, sent to both, resolves it once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./harness";
import { freshSchema } from "./cache-pg";
import { incidentsOfRule, setUpAutomation, type AutomationSetup } from "./automation-helpers";

let a: RunningServer;
let b: RunningServer;
let db: Awaited<ReturnType<typeof freshSchema>>;

beforeAll(async () => {
  db = await freshSchema();
  a = await startServer({ env: { DATABASE_URL: db.url() } });
  b = await startServer({ env: { DATABASE_URL: db.url() } });
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const alert = (setup: AutomationSetup, fingerprint: string, status: "firing" | "resolved", startsAt: string, endsAt = "0001-01-01T00:00:00Z") => ({
  version: "4",
  status,
  receiver: "heliograph",
  groupKey: fingerprint,
  alerts: [{ status, labels: { alertname: "CheckoutErrors", component: setup.tag, instance: fingerprint }, annotations: { summary: "Checkout failing" }, startsAt, endsAt, fingerprint }],
});

/** The same body POSTed to both processes' own ingest URLs (each server's own host), `n` times each, all at once. */
async function toBoth(setup: AutomationSetup, body: unknown, n: number) {
  const post = (server: RunningServer) =>
    fetch(`${server.url}/ingest/${setup.integration.id}`, { method: "POST", headers: { authorization: `Bearer ${setup.integration.token}`, "content-type": "application/json" }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  return Promise.all(Array.from({ length: n }, (_, i) => post(i % 2 === 0 ? a : b)));
}

describe("two processes on one PostgreSQL", () => {
  it("the same alert arriving at both at once opens one incident, and so do two alerts of one rule", async () => {
    const key = a.apiKey()!;
    const setup = await setUpAutomation(a.url, key);
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const fired = await toBoth(setup, alert(setup, "fp-a", "firing", startsAt), 20);
    expect(fired.map((r) => r.status)).toEqual(Array(20).fill(202));
    const outcomes = fired.map((r) => r.body.decisions[0].outcome as string);
    expect(outcomes.filter((o) => o === "opened")).toHaveLength(1);
    // A second alert of the same rule, at both at once, joins the incident rather than opening another.
    const second = await toBoth(setup, alert(setup, "fp-b", "firing", startsAt), 10);
    expect(second.map((r) => r.body.decisions[0].outcome).filter((o: string) => o === "opened")).toEqual([]);
    const open = await incidentsOfRule(b.url, key, setup.pageId, setup.ruleName);
    expect(open).toHaveLength(1);
    expect(open[0].lastUpdateStatus).not.toBe("RESOLVED");

    const endsAt = new Date().toISOString();
    await toBoth(setup, alert(setup, "fp-a", "resolved", startsAt, endsAt), 10);
    expect((await incidentsOfRule(a.url, key, setup.pageId, setup.ruleName))[0].lastUpdateStatus).not.toBe("RESOLVED");
    const last = await toBoth(setup, alert(setup, "fp-b", "resolved", startsAt, endsAt), 10);
    expect(last.map((r) => r.body.decisions[0].outcome).filter((o: string) => o === "resolved")).toHaveLength(1);
    expect((await incidentsOfRule(a.url, key, setup.pageId, setup.ruleName)).map((i) => [i.id, i.lastUpdateStatus])).toEqual([[open[0].id, "RESOLVED"]]);
  }, 120_000);
});
