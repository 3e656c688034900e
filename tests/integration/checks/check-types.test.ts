import { describe, expect, it } from "vitest";
import { checksSchemaErrors } from "../../setup/checks-schemas";
import { expectError, STORE, tenant } from "../api/fixtures";
import { env } from "@/lib/env";

function valid(shape: string, body: unknown) {
  expect(checksSchemaErrors(shape, body), JSON.stringify(body)).toEqual([]);
}

const TYPES = [
  { path: "url", shape: "CheckUrlMonitor", body: { name: "Site", request: { url: "http://127.0.0.1:9/", assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: 200 }] } }, times: [3000, 5000] },
  { path: "tcp", shape: "CheckTcp", body: { name: "Port", request: { hostname: "127.0.0.1", port: 9, data: "PING\n" } }, times: [3000, 5000] },
  { path: "dns", shape: "CheckDns", body: { name: "Zone", request: { query: "example.test", recordType: "A", nameServer: "127.0.0.1", port: 5353 } }, times: [500, 1000] },
  { path: "icmp", shape: "CheckIcmp", body: { name: "Ping", request: { hostname: "127.0.0.1", pingCount: 3 } }, times: [10000, 20000] },
] as const;

describe(`the other check types, runtimes and locations (${STORE})`, () => {
  it.each(TYPES)("creates, updates and reads a $path check in the vendor's shape with its type's defaults", async ({ path, shape, body, times }) => {
    const t = await tenant();
    const res = await t.api.post(`/v1/checks/${path}`, body);
    expect(res.status, res.text).toBe(201);
    valid(shape, res.body);
    valid("Check", res.body);
    expect(res.body).toMatchObject({ checkType: path.toUpperCase(), degradedResponseTime: times[0], maxResponseTime: times[1] });
    const up = await t.api.put(`/v1/checks/${path}/${res.body.id}`, { tags: ["x"], muted: true });
    expect(up.status, up.text).toBe(200);
    valid(shape, up.body);
    expect(up.body).toMatchObject({ tags: ["x"], muted: true, request: res.body.request });
    valid("CheckV3", (await t.api.get(`/v3/checks/${res.body.id}`)).body);
    const sub = await t.api.post(`/v1/checks/${path}`, { ...body, frequency: 0, frequencyOffset: 10 });
    if (path === "tcp") expect(sub.status, sub.text).toBe(201);
    else expectError(sub, 400, "frequency");
  });

  it("keeps type rules: TCP port, DNS limits, ICMP packet loss, URL GET only", async () => {
    const t = await tenant();
    expectError(await t.api.post("/v1/checks/tcp", { name: "x", request: { hostname: "h", port: 70000 } }), 400, "request.port");
    expectError(await t.api.post("/v1/checks/dns", { name: "x", request: { query: "a.test", recordType: "A" }, maxResponseTime: 6000 }), 400, "maxResponseTime");
    expectError(await t.api.post("/v1/checks/dns", { name: "x", request: { query: "a.test", recordType: "PTR" } }), 400, "request.recordType");
    expectError(await t.api.post("/v1/checks/icmp", { name: "x", request: { hostname: "h" }, degradedPacketLossThreshold: 50, maxPacketLossThreshold: 20 }), 400, "maxPacketLossThreshold");
    expectError(await t.api.post("/v1/checks/icmp", { name: "x", request: { hostname: "h" }, maxPacketLossThreshold: 0 }), 400, "maxPacketLossThreshold");
    expectError(await t.api.post("/v1/checks/url", { name: "x", request: { url: "http://h/", method: "POST" } }), 400, "request.method");
    const icmp = (await t.api.post("/v1/checks/icmp", { name: "x", request: { hostname: "h" } })).body;
    expect(icmp).toMatchObject({ degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20, request: { pingCount: 10, ipFamily: "IPv4" } });
  });

  it("makes a heartbeat's ping token and URL, records the key that made it, and runs no schedule for it", async () => {
    const t = await tenant();
    const res = await t.api.post("/v1/checks/heartbeat", { name: "Nightly backup", heartbeat: { period: 1, periodUnit: "days", grace: 2, graceUnit: "hours", pingToken: "00000000-0000-4000-8000-000000000000" } });
    expect(res.status, res.text).toBe(201);
    valid("CheckHeartbeatMutation", res.body);
    valid("CheckHeartbeat", res.body);
    const token = res.body.heartbeat.pingToken as string;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(token).not.toBe("00000000-0000-4000-8000-000000000000");
    expect(res.body.heartbeat).toMatchObject({ period: 1, periodUnit: "days", grace: 2, graceUnit: "hours", pingUrl: `${env.HELIOGRAPH_PUBLIC_URL.replace(/\/$/, "")}/ping/${token}` });
    expect(res.body).not.toHaveProperty("doubleCheck");
    const row = await t.db.selectFrom("checks").selectAll().where("id", "=", res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ping_token: token, next_run_at: null });
    const key = await t.db.selectFrom("api_keys").select("id").where("account_id", "=", t.accountId).executeTakeFirstOrThrow();
    expect(row.created_by_key_id).toBe(key.id);
    const up = await t.api.put(`/v1/checks/heartbeat/${res.body.id}`, { heartbeat: { period: 2, periodUnit: "hours", grace: 10, graceUnit: "minutes" } });
    expect(up.body.heartbeat).toMatchObject({ period: 2, pingToken: token });
    expect((await t.api.get(`/v1/checks/${res.body.id}`)).body.heartbeat.pingUrl).toContain(token);
    expectError(await t.api.post("/v1/checks/heartbeat", { name: "x" }), 400, "heartbeat");
  });

  it("lists the seven runtimes honestly and only the location this server serves", async () => {
    const t = await tenant();
    const list = await t.api.get("/v1/runtimes");
    valid("RuntimesList", list.body);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(["2026.04", "2025.04", "2024.09", "2024.02", "2023.09", "2023.02", "2022.10"]);
    for (const r of list.body) expect(r).toMatchObject({ nodeJsVersion: process.version, dependencies: {} });
    const current = list.body.filter((r: { stage: string }) => r.stage === "CURRENT").map((r: { name: string }) => r.name);
    expect(current).toEqual(["2026.04"]);
    // The vendor CLI gives every check the account's runtimeId: it must be the current runtime listed here.
    for (const path of ["/v1/accounts/me", "/v1/accounts"]) {
      const answer = (await t.api.get(path)).body;
      expect([answer].flat()[0].runtimeId, path).toBe(current[0]);
    }
    const one = await t.api.get("/v1/runtimes/2025.04");
    valid("Runtime", one.body);
    expectError(await t.api.get("/v1/runtimes/2019.01"), 404);
    const locations = await t.api.get("/v1/locations");
    valid("LocationsList", locations.body);
    expect(locations.body).toEqual([{ region: env.HELIOGRAPH_LOCATION, name: "Frankfurt" }]);
    const ent = (await t.api.get("/v1/accounts/me/entitlements")).body;
    expect(ent.locations.all).toEqual([{ id: env.HELIOGRAPH_LOCATION, name: "Frankfurt", available: true }]);
  });
});
