/**
 * Heartbeat checks end to end: the ping route (GET/POST, crawlers, source, dead keys), the period-and-grace machine
 * driven by a clock (GRACE, FAILING opening the trigger's incident, LATE, EARLY, recovery), and the events APIs.
 */
import { describe, expect, it } from "vitest";
import { recordPing, sweepCheck, sweepHeartbeats } from "@/lib/heartbeats/service";
import { putCheckTrigger } from "@/lib/automation/service";
import { SpSummaryResponse } from "@/lib/statuspage-compat/schema";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import * as pingRoute from "@/app/ping/[token]/route";
import { checksSchemaErrors } from "../../setup/checks-schemas";
import { planRequest } from "@/lib/tenancy/route";
import { call } from "../embeds/fixture";
import { expectError, slug, tenant, type Tenant } from "../api/fixtures";

const SEC = 1000;
const MIN = 60 * SEC;
const vendor = (name: string, body: unknown) => expect(checksSchemaErrors(name, body)).toEqual([]);

/** A heartbeat check made through the API: a ping every 2 minutes with 1 minute of grace. */
async function heartbeat(t: Tenant, name = "Nightly backup") {
  const res = await t.api.post("/v1/checks/heartbeat", { name, activated: true, heartbeat: { period: 2, periodUnit: "minutes", grace: 1, graceUnit: "minutes" } });
  expect(res.status, res.text).toBe(201);
  const body = res.body as { id: string; heartbeat: { pingToken: string; pingUrl: string } };
  const row = await t.db.selectFrom("checks").select(["created_at", "updated_at"]).where("id", "=", body.id).executeTakeFirstOrThrow();
  return { id: body.id, token: body.heartbeat.pingToken, pingUrl: body.heartbeat.pingUrl, start: Math.max(Number(row.created_at), Number(row.updated_at)) };
}

/** Sweeps this check alone (other tests' checks share the store); sweepHeartbeats is tested once, on its own check's events. */
async function sweep(t: Tenant, checkId: string, at: number) {
  return sweepCheck(t.db, await t.db.selectFrom("checks").selectAll().where("id", "=", checkId).executeTakeFirstOrThrow(), at);
}

/** Creating a page slugged "ping" is refused. */
async function t0() {
  const t = await tenant();
  return t.api.post("/v1/status-pages", { name: "Ping", url: "ping", cards: [] });
}

const ping = (token: string, init: RequestInit = {}) => call(pingRoute.GET, `/ping/${token}`, { token }, init);
const events = (t: Tenant, checkId: string) => t.db.selectFrom("heartbeat_events").select(["state", "at", "source", "user_agent"]).where("check_id", "=", checkId).orderBy("at").orderBy("id").execute();

describe("the ping route", () => {
  it("records GET and POST pings with their source and user agent; crawlers are answered but not counted", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    expect(hb.pingUrl).toMatch(new RegExp(`/ping/${hb.token}$`));
    const res = await ping(hb.token, { headers: { "user-agent": "curl/8.5.0", origin: "https://jobs.example.com" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "OK", recorded: true });
    const post = await call(pingRoute.POST, `/ping/${hb.token}`, { token: hb.token }, { method: "POST", body: "done", headers: { referer: "https://ci.example.com/run/7" } });
    expect(post.status).toBe(200);
    const bot = await ping(hb.token, { headers: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" } });
    expect(await bot.json()).toEqual({ message: "OK", recorded: false });
    expect((await events(t, hb.id)).map((e) => [e.state, e.source, e.user_agent])).toEqual([
      ["RECEIVED", "https://jobs.example.com", "curl/8.5.0"],
      ["EARLY", "https://ci.example.com/run/7", null],
    ]);
    const results = await t.db.selectFrom("check_results").select(["result_type", "has_failures"]).where("check_id", "=", hb.id).execute();
    expect(results).toEqual([{ result_type: "FINAL", has_failures: 0 }, { result_type: "FINAL", has_failures: 0 }]);
  });

  it("answers 404 for an unknown or malformed token and once the creating API key is revoked; 405 for PUT", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    expect((await ping(crypto.randomUUID())).status).toBe(404);
    expect((await ping("not-a-token")).status).toBe(404);
    expect((await call(pingRoute.PUT, `/ping/${hb.token}`, { token: hb.token }, { method: "PUT" })).status).toBe(405);
    await t.db.updateTable("api_keys").set({ revoked_at: Date.now() }).where("account_id", "=", t.accountId).execute();
    const dead = await ping(hb.token);
    expect(dead.status).toBe(404);
    expect(await dead.json()).toMatchObject({ statusCode: 404 });
    expect(await events(t, hb.id)).toEqual([]);
  });

  it("the public door passes /ping/<token> to its route on the server's own host; ping is a reserved slug", async () => {
    const cfg = { publicOrigin: "http://localhost:3000", trustProxy: false, rootRedirect: null };
    expect(planRequest({ host: "localhost:3000", forwardedHost: null, pathname: `/ping/${crypto.randomUUID()}`, search: "" }, cfg)).toEqual({ action: "pass" });
    expectError(await t0(), 400, "url");
  });

  it("answers a ping on a custom domain's host with 404", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    const res = await pingRoute.GET(new Request(`http://status.acme.example/ping/${hb.token}`, { headers: { host: "status.acme.example" } }), { params: Promise.resolve({ token: hb.token }) });
    expect(res.status).toBe(404);
  });
});

describe("the period-and-grace machine", () => {
  it("GRACE after the period, FAILING after the grace opens the trigger's incident; a ping resolves it", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    const service = (await t.api.post("/v1/status-pages/services", { name: "Backups" })).body as { id: string };
    const site = slug("hb");
    expect((await t.api.post("/v1/status-pages", { name: "Status", url: site, cards: [{ name: "Jobs", services: [{ id: service.id }] }] })).status).toBe(201);
    await putCheckTrigger(t.db, t.accountId, hb.id, { serviceId: service.id, name: "Backups are late", description: "The nightly backup did not report." });
    const page = async () => SpSummaryResponse.parse(await (await call(summary.GET, `/${site}/api/v2/summary.json`, { site })).json());

    expect(await sweep(t, hb.id, hb.start + 2 * MIN - 1)).toBe(0);
    await sweepHeartbeats(t.db, hb.start + 2 * MIN);
    expect((await events(t, hb.id)).map((e) => e.state)).toEqual(["GRACE"]);
    expect((await page()).incidents).toEqual([]);

    // Two instances sweeping the same moment write each transition once.
    expect((await Promise.all([sweep(t, hb.id, hb.start + 3 * MIN), sweep(t, hb.id, hb.start + 3 * MIN)])).sort()).toEqual([0, 1]);
    expect((await events(t, hb.id)).map((e) => [e.state, e.at])).toEqual([["GRACE", hb.start + 2 * MIN], ["FAILING", hb.start + 3 * MIN]]);
    expect((await page()).incidents).toMatchObject([{ name: "Backups are late" }]);
    const failing = await t.db.selectFrom("check_results").select(["has_failures", "started_at"]).where("check_id", "=", hb.id).execute();
    expect(failing).toEqual([{ has_failures: 1, started_at: hb.start + 3 * MIN }]);

    // The next window starts at the miss: a ping 30 s in is on time, and it recovers the check.
    expect(await recordPing(t.db, hb.token, { userAgent: "cron", origin: null, referer: null }, hb.start + 3 * MIN + 30 * SEC)).toEqual({ recorded: "RECEIVED" });
    expect((await page()).incidents).toEqual([]);
    expect((await t.db.selectFrom("check_statuses").select("alert_state").where("check_id", "=", hb.id).executeTakeFirstOrThrow()).alert_state).toBe("PASSING");
  });

  it("a ping inside the grace is LATE and fails nothing; one far too soon is EARLY; a ping after a missed sweep records the miss first", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    const at = (ms: number) => recordPing(t.db, hb.token, { userAgent: null, origin: null, referer: null }, hb.start + ms);
    expect(await at(2 * MIN + 10 * SEC)).toEqual({ recorded: "LATE" });
    expect(await at(2 * MIN + 20 * SEC)).toEqual({ recorded: "EARLY" });
    // No sweep ran for 10 minutes: the ping finds the window ended at 2:20 + 3 missed, then counts as on time.
    expect(await at(6 * MIN)).toEqual({ recorded: "RECEIVED" });
    expect((await events(t, hb.id)).map((e) => [e.state, e.at - hb.start])).toEqual([
      ["GRACE", 2 * MIN],
      ["LATE", 2 * MIN + 10 * SEC],
      ["EARLY", 2 * MIN + 20 * SEC],
      ["GRACE", 4 * MIN + 20 * SEC],
      ["FAILING", 5 * MIN + 20 * SEC],
      ["RECEIVED", 6 * MIN],
    ]);
  });

  it("a deactivated heartbeat is neither swept nor counted", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    expect((await t.api.put(`/v1/checks/heartbeat/${hb.id}`, { activated: false })).status).toBe(200);
    expect(await sweep(t, hb.id, hb.start + 60 * MIN)).toBe(0);
    expect(await recordPing(t.db, hb.token, { userAgent: null, origin: null, referer: null }, hb.start + MIN)).toEqual({ recorded: null });
    expect(await events(t, hb.id)).toEqual([]);
  });
});

describe("heartbeat events and availability", () => {
  it("lists events newest first with stats, gets one, and measures availability, all in the vendor's shapes", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    await recordPing(t.db, hb.token, { userAgent: "cron", origin: null, referer: null }, hb.start + 10 * SEC);
    await sweep(t, hb.id, hb.start + 10 * SEC + 3 * MIN);
    const list = await t.api.get(`/v1/checks/heartbeats/${hb.id}/events?startTime=${Math.floor((hb.start - MIN) / 1000)}&endTime=${new Date(hb.start + 60 * MIN).toISOString()}`);
    expect(list.status, list.text).toBe(200);
    vendor("HeartbeatEventsList", list.body);
    const [{ events: got, stats }] = list.body as [{ events: { id: string; state: string }[]; stats: { last24Hours: { totalEntitiesCurrentPeriod: number; successRatio: { currentPeriod: number } } } }];
    expect(got.map((e) => e.state)).toEqual(["FAILING", "GRACE", "RECEIVED"]);
    expect(stats.last24Hours.successRatio.currentPeriod).toBeGreaterThanOrEqual(0);
    const limited = await t.api.get(`/v1/checks/heartbeats/${hb.id}/events?limit=1&endTime=${new Date(hb.start + 60 * MIN).toISOString()}`);
    expect((limited.body as [{ events: unknown[] }])[0].events).toHaveLength(1);

    const one = await t.api.get(`/v1/checks/heartbeats/${hb.id}/events/${got[0].id}`);
    vendor("HeartbeatEvent", one.body);
    expect(one.body).toMatchObject({ event: { id: got[0].id, state: "FAILING" } });

    const avail = await t.api.get(`/v1/checks/heartbeats/${hb.id}/availability?startTime=${new Date(hb.start).toISOString()}&endTime=${new Date(hb.start + 60 * MIN).toISOString()}`);
    vendor("HeartbeatAvailability", avail.body);
    expect(avail.body).toEqual({ successRatio: { previousPeriod: 100, currentPeriod: 50 }, totalEntitiesCurrentPeriod: 2 });
  });

  it("answers 400 for bad ranges and limits, 404 for another account's or a non-heartbeat check", async () => {
    const t = await tenant();
    const hb = await heartbeat(t);
    expectError(await t.api.get(`/v1/checks/heartbeats/${hb.id}/events?limit=11`), 400, "limit");
    expectError(await t.api.get(`/v1/checks/heartbeats/${hb.id}/events?startTime=soon`), 400, "startTime");
    expectError(await t.api.get(`/v1/checks/heartbeats/${hb.id}/availability?startTime=200&endTime=100`), 400, "startTime");
    expectError(await t.api.get(`/v1/checks/heartbeats/${hb.id}/events/${crypto.randomUUID()}`), 404);
    const other = await tenant("Other");
    expectError(await other.api.get(`/v1/checks/heartbeats/${hb.id}/events`), 404);
    const api = await t.api.post("/v1/checks/api", { name: "API", request: { method: "GET", url: "http://127.0.0.1:9/" } });
    expect(api.status, api.text).toBe(201);
    expectError(await t.api.get(`/v1/checks/heartbeats/${(api.body as { id: string }).id}/availability`), 404);
  });
});
