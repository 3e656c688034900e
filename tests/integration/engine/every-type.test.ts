/**
 * Every check type through the whole engine: made through the API, planned and run on a driven clock against loopback
 * peers (HTTPS self-signed, HTTP, TCP, DNS, ICMP, heartbeat pings), read back validated against the vendor's schemas.
 */
import { createServer as createHttpsServer } from "node:https";
import { createServer as createHttpServer, type Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectiveCheck } from "@/lib/checks/effective";
import { onFinalResult } from "@/lib/alerting/final";
import { runCheck } from "@/lib/runners";
import { createPlanner } from "@/lib/scheduling/planner";
import { createRunner } from "@/lib/scheduling/runner";
import { sweepHeartbeats } from "@/lib/heartbeats/service";
import * as pingRoute from "@/app/ping/[token]/route";
import { checksSchemaErrors } from "../../setup/checks-schemas";
import { call } from "../embeds/fixture";
import { tenant, type Tenant } from "../api/fixtures";
import { close, listen, selfSignedCertificate, startDnsServer, type LoopbackDnsServer } from "../../unit/runners/peers";

const vendor = (name: string, body: unknown) => expect(checksSchemaErrors(name, body)).toEqual([]);
const LOCATION = "eu-central-1";

let t: Tenant;
let healthy = true;
let https: Server;
let http: Server;
let tcp: net.Server;
let dns: LoopbackDnsServer;
const ports = { https: 0, http: 0, tcp: 0 };
const ids: Record<string, string> = {};
let clock = Date.now();

function answer(res: import("node:http").ServerResponse) {
  res.writeHead(healthy ? 200 : 503, { "content-type": "application/json" }).end(JSON.stringify({ ok: healthy }));
}

beforeAll(async () => {
  t = await tenant("Every type");
  https = createHttpsServer(selfSignedCertificate(), (_req, res) => answer(res));
  http = createHttpServer((_req, res) => answer(res));
  tcp = net.createServer((s) => s.on("data", () => s.end(healthy ? "PONG\n" : "BUSY\n")));
  [ports.https, ports.http, ports.tcp] = [await listen(https), await listen(http), await listen(tcp)];
  dns = await startDnsServer();
  dns.zone.set("app.test", [{ type: "A", name: "app.test", ttl: 60, data: "127.0.0.1" }]);

  const bodies: Record<string, [string, Record<string, unknown>]> = {
    API: ["api", { request: { method: "GET", url: `https://localhost:${ports.https}/health`, skipSSL: true, assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }, { source: "JSON_BODY", property: "$.ok", comparison: "EQUALS", target: "true" }] } }],
    URL: ["url", { request: { url: `http://127.0.0.1:${ports.http}/` } }],
    TCP: ["tcp", { request: { hostname: "127.0.0.1", port: ports.tcp, data: "PING\n", assertions: [{ source: "RESPONSE_DATA", comparison: "CONTAINS", target: "PONG" }] } }],
    DNS: ["dns", { request: { query: "app.test", recordType: "A", nameServer: "127.0.0.1", port: dns.port, protocol: "UDP", assertions: [{ source: "TEXT_ANSWER", comparison: "CONTAINS", target: "127.0.0.1" }] } }],
    ICMP: ["icmp", { request: { hostname: "127.0.0.1", pingCount: 2 } }],
    HEARTBEAT: ["heartbeat", { heartbeat: { period: 1, periodUnit: "minutes", grace: 1, graceUnit: "minutes" } }],
  };
  for (const [type, [path, body]] of Object.entries(bodies)) {
    const res = await t.api.post(`/v1/checks/${path}`, { name: `${type} check`, frequency: type === "HEARTBEAT" ? 1 : 5, ...body });
    expect(res.status, res.text).toBe(201);
    ids[type] = (res.body as { id: string }).id;
  }
});

afterAll(async () => {
  await Promise.all([close(https), close(http), close(tcp), dns?.close()]);
});

/** One scheduled slot of every check: the planner queues what is due on the driven clock, the runner runs it all. */
async function runOneSlot(): Promise<number> {
  const due = await t.db.selectFrom("checks").select((eb) => eb.fn.max("next_run_at").as("last")).where("account_id", "=", t.accountId).executeTakeFirstOrThrow();
  clock = Number(due.last) + 1;
  const now = () => clock;
  const planner = createPlanner({ db: t.db, now, resolve: effectiveCheck, retentionDays: 30, lookaheadMs: 0 });
  const runner = createRunner({ db: t.db, location: LOCATION, now, concurrency: 8, leaseMs: 60_000, resolve: effectiveCheck, run: runCheck, onFinal: onFinalResult, allowMetadata: false });
  const planned = await planner.tick();
  expect(planned.planned).toBe(5);
  let ran = await runner.tick();
  // A failed run's retries (doubleCheck: one, within seconds) are due on the clock: move it on until none is left.
  for (let more = 1; more > 0; ran += more) {
    clock += 60_000;
    more = await runner.tick();
  }
  return ran;
}

async function finals(type: string) {
  // Results start on the driven clock, ahead of the real one that bounds `to` by default.
  const res = await t.api.get(`/v2/check-results/${ids[type]}?limit=10&resultType=FINAL&from=0&to=${Math.ceil(clock / 1000) + 3600}`);
  expect(res.status, res.text).toBe(200);
  vendor("CheckResultV2Paginated", res.body);
  return (res.body as { entries: { id: string; startedAt: string; hasFailures: boolean; checkId: string; runLocation: string; resultType: string; responseTime: number; apiCheckResult: { response: { status: number } } | null }[] }).entries;
}

describe("every check type through the planner, the runner and the results API", () => {
  it("runs each type against its healthy peer: one passing FINAL result each, statuses passing", async () => {
    expect(await runOneSlot()).toBe(5);
    for (const type of ["API", "URL", "TCP", "DNS", "ICMP"]) {
      const [result, ...rest] = await finals(type);
      expect(rest, type).toHaveLength(0);
      expect(result, type).toMatchObject({ checkId: ids[type], hasFailures: false, runLocation: LOCATION, resultType: "FINAL" });
      const one = await t.api.get(`/v1/check-results/${ids[type]}/${result.id}`);
      expect(one.status).toBe(200);
      vendor("CheckResult", one.body);
    }
    expect((await finals("API"))[0].apiCheckResult?.response.status).toBe(200);
    const statuses = await t.api.get("/v1/check-statuses");
    vendor("CheckStatusList", statuses.body);
    const ran = (statuses.body as { checkId: string; hasFailures: boolean }[]).filter((s) => s.checkId !== ids.HEARTBEAT);
    expect(ran.map((s) => [s.checkId, s.hasFailures]).sort()).toEqual(["API", "URL", "TCP", "DNS", "ICMP"].map((k) => [ids[k], false]).sort());
  });

  it("records a heartbeat's ping, and its missed period as a failing FINAL result", async () => {
    const token = ((await t.api.get(`/v1/checks/${ids.HEARTBEAT}`)).body as { heartbeat: { pingToken: string } }).heartbeat.pingToken;
    expect((await call(pingRoute.GET, `/ping/${token}`, { token })).status).toBe(200);
    const events = await t.api.get(`/v1/checks/heartbeats/${ids.HEARTBEAT}/events`);
    vendor("HeartbeatEventsList", events.body);
    await sweepHeartbeats(t.db, Date.now() + 3 * 60_000);
    const [failed] = await finals("HEARTBEAT");
    expect(failed).toMatchObject({ checkId: ids.HEARTBEAT, hasFailures: true, resultType: "FINAL" });
    const status = await t.api.get(`/v1/check-statuses/${ids.HEARTBEAT}`);
    vendor("CheckStatus", status.body);
    expect(status.body).toMatchObject({ hasFailures: true });
  });

  it("fails each run when its peer fails: 503, the wrong TCP answer, NXDOMAIN", async () => {
    healthy = false;
    dns.zone.clear();
    // the four failing runs are each retried once (doubleCheck), the ICMP one passes
    expect(await runOneSlot()).toBe(9);
    for (const type of ["API", "URL", "TCP", "DNS"]) {
      const [latest] = await finals(type);
      expect(latest.hasFailures, type).toBe(true);
    }
    expect((await finals("URL"))[0].apiCheckResult?.response.status).toBe(503);
    const all = await t.api.get(`/v2/check-results/${ids.API}?limit=10&resultType=ALL&from=0&to=${Math.ceil(clock / 1000) + 3600}`);
    vendor("CheckResultV2Paginated", all.body);
    const latest = (all.body as { entries: { sequenceId: string; resultType: string }[] }).entries.filter((e, _, list) => e.sequenceId === list[0].sequenceId);
    expect(latest.map((e) => e.resultType).sort()).toEqual(["ATTEMPT", "FINAL"]);
    const statuses = (await t.api.get("/v1/check-statuses")).body as { checkId: string; hasFailures: boolean }[];
    expect(statuses.filter((s) => s.hasFailures).map((s) => s.checkId).sort()).toEqual(["API", "URL", "TCP", "DNS", "HEARTBEAT"].map((k) => ids[k]).sort());
  });
});
