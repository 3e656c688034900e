/**
 * An alert fired through a real Prometheus Alertmanager (Debian's, installed by scripts/test.mjs) with a webhook
 * receiver pointing at a running Heliograph opens the automation rule's incident on the demo v3 page (HTML and
 * summary.json), and its resolution resolves it: on SQLite and on PostgreSQL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServer, type RunningServer } from "./harness";
import { freshSchema } from "./cache-pg";
import { incidentsOfRule, pageHtml, setUpAutomation, summaryIncidentNames, waitFor, type AutomationSetup } from "./automation-helpers";

const ALERTMANAGER = "/usr/bin/prometheus-alertmanager";

interface RunningAlertmanager {
  url: string;
  stop: () => Promise<void>;
}

/** Alertmanager with one receiver: Heliograph's ingest URL, bearer token, resolved alerts sent, short waits. */
async function startAlertmanager(setup: AutomationSetup): Promise<RunningAlertmanager> {
  if (!existsSync(ALERTMANAGER)) throw new Error(`${ALERTMANAGER} is missing: run \`npm test\` (it installs prometheus-alertmanager) or apt-get install prometheus-alertmanager`);
  const dir = mkdtempSync(join(tmpdir(), "hg-am-"));
  const config = `
route:
  receiver: heliograph
  group_by: ["alertname", "component"]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
receivers:
  - name: heliograph
    webhook_configs:
      - url: "${setup.integration.ingestUrl}"
        send_resolved: true
        http_config:
          authorization:
            type: Bearer
            credentials: "${setup.integration.token}"
`;
  writeFileSync(join(dir, "alertmanager.yml"), config);
  const port = await freePort();
  const proc: ChildProcess = spawn(ALERTMANAGER, [`--config.file=${join(dir, "alertmanager.yml")}`, `--storage.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--cluster.listen-address=", "--log.level=warn"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`Alertmanager to listen:\n${out}`, async () => {
    if (proc.exitCode !== null) throw new Error(`alertmanager exited:\n${out}`);
    return fetch(`${url}/-/ready`).then((r) => r.ok, () => false);
  });
  return {
    url,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await new Promise((r) => proc.once("exit", r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Posts the alert to Alertmanager's own API, as Prometheus does; endsAt in the past resolves it. */
async function postAlert(am: RunningAlertmanager, tag: string, startsAt: string, endsAt?: string): Promise<void> {
  const alert = { labels: { alertname: "CheckoutErrors", component: tag, severity: "critical" }, annotations: { summary: "Checkout 5xx above 5%" }, startsAt, ...(endsAt ? { endsAt } : {}) };
  const res = await fetch(`${am.url}/api/v2/alerts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([alert]) });
  expect(res.status, await res.text()).toBe(200);
}

async function fireAndResolve(server: RunningServer): Promise<void> {
  const key = server.apiKey()!;
  const setup = await setUpAutomation(server.url, key);
  const am = await startAlertmanager(setup);
  try {
    expect(await summaryIncidentNames(server.url)).not.toContain(setup.ruleName);
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    await postAlert(am, setup.tag, startsAt);
    await waitFor("the incident on summary.json", async () => (await summaryIncidentNames(server.url)).includes(setup.ruleName));
    expect(await pageHtml(server.url)).toContain(setup.ruleName);
    const [incident, ...more] = await incidentsOfRule(server.url, key, setup.pageId, setup.ruleName);
    expect(more).toEqual([]);
    expect(incident.lastUpdateStatus).not.toBe("RESOLVED");

    await postAlert(am, setup.tag, startsAt, new Date(Date.now() - 1000).toISOString());
    await waitFor("the incident to leave summary.json", async () => !(await summaryIncidentNames(server.url)).includes(setup.ruleName));
    expect((await incidentsOfRule(server.url, key, setup.pageId, setup.ruleName)).map((i) => [i.id, i.lastUpdateStatus])).toEqual([[incident.id, "RESOLVED"]]);

    // The integration's log shows what Alertmanager sent and what was decided.
    const events = await (await fetch(`${server.url}/v1/integrations/${setup.integration.id}/events`, { headers: { authorization: `Bearer ${key}` } })).json();
    const outcomes = events.entries.map((e: { action: string; decisions: { outcome: string }[] }) => `${e.action}:${e.decisions[0].outcome}`);
    expect(outcomes).toContain("trigger:opened");
    expect(outcomes).toContain("resolve:resolved");
  } finally {
    await am.stop();
  }
}

describe("a real Alertmanager drives the demo page", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it("on SQLite: fire opens the incident on /acme-payments, resolve resolves it", async () => {
    const server = await startServer();
    cleanup.push(server.stop);
    await fireAndResolve(server);
  }, 180_000);

  it("on PostgreSQL: fire opens the incident on /acme-payments, resolve resolves it", async () => {
    const schema = await freshSchema();
    cleanup.push(schema.drop);
    const server = await startServer({ env: { DATABASE_URL: schema.url() } });
    cleanup.push(server.stop);
    await fireAndResolve(server);
  }, 180_000);
});
