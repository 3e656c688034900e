import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

import { runCheck, type RunOptions } from "@/lib/runners";
import { judgePacketLoss } from "@/lib/runners/icmp/run";
import { latencyOf, parsePing } from "@/lib/runners/icmp/parse";

const opts: RunOptions = { allowMetadata: false, timeoutMs: 20_000 };

describe("ping output (LANG=C)", () => {
  it("reads echoes, drops duplicates, and takes the counts from the summary", () => {
    const out = parsePing([
      "PING 10.0.0.1 (10.0.0.1) 56(84) bytes of data.",
      "64 bytes from 10.0.0.1: icmp_seq=1 ttl=63 time=1.50 ms",
      "64 bytes from 10.0.0.1: icmp_seq=1 ttl=63 time=1.90 ms (DUP!)",
      "64 bytes from 10.0.0.1: icmp_seq=3 ttl=63 time=2.50 ms",
      "From 10.0.0.254 icmp_seq=2 Destination Host Unreachable",
      "",
      "--- 10.0.0.1 ping statistics ---",
      "3 packets transmitted, 2 received, +1 duplicates, 33.3333% packet loss, time 402ms",
      "rtt min/avg/max/mdev = 1.500/2.000/2.500/0.500 ms",
    ].join("\n"));
    expect(out).toEqual({ echoes: [{ sequence: 1, ttl: 63, time: 1.5 }, { sequence: 3, ttl: 63, time: 2.5 }], transmitted: 3, received: 2 });
    expect(latencyOf(out.echoes)).toEqual({ avg: 2, min: 1.5, max: 2.5, stdDev: 0.5 });
  });

  it("reads IPv6 replies and named hosts", () => {
    const out = parsePing("64 bytes from ::1: icmp_seq=7 ttl=64 time=0.037 ms\n64 bytes from host.example (192.0.2.9): icmp_seq=8 ttl=50 time=12.3 ms\n2 packets transmitted, 2 received, 0% packet loss");
    expect(out.echoes.map((e) => e.sequence)).toEqual([7, 8]);
    expect(out.received).toBe(2);
  });

  it("has no counts when ping printed no summary", () => {
    expect(parsePing("ping: connect: Network is unreachable")).toEqual({ echoes: [], transmitted: null, received: null });
    expect(latencyOf([])).toBeNull();
  });
});

describe("packet loss thresholds", () => {
  it.each([
    [0, undefined, undefined, null, null],
    [10, undefined, undefined, "packet loss 10%", null],
    [20, undefined, undefined, "packet loss 20%", "packet loss 20% reached the maximum of 20%"],
    [30, 50, 60, null, null],
    [60, 50, 60, "packet loss 60%", "packet loss 60% reached the maximum of 60%"],
    [100, null, null, null, null],
  ] as const)("loss %s%% with degraded %s / max %s", (loss, degraded, max, degradedBy, implicitFailure) => {
    expect(judgePacketLoss(loss, degraded, max)).toEqual({ degradedBy, implicitFailure });
  });
});

describe("ICMP checks through the system's ping", () => {
  it("pings 127.0.0.1 pingCount times and asserts on latency and the JSON result", async () => {
    const out = await runCheck({
      checkType: "ICMP",
      request: {
        hostname: "127.0.0.1",
        pingCount: 3,
        assertions: [
          { source: "LATENCY", property: "avg", comparison: "LESS_THAN", target: "1000" },
          { source: "LATENCY", property: "stdDev", comparison: "NOT_NULL" },
          { source: "JSON_RESPONSE", property: "$.packetLoss", comparison: "EQUALS", target: "0" },
          { source: "JSON_RESPONSE", property: "$.echoes", comparison: "NOT_EMPTY" },
        ],
      },
    }, opts);
    expect(out.error).toBeNull();
    expect(out.icmpCheckResult).toMatchObject({ address: "127.0.0.1", ipFamily: "IPv4", packetsSent: 3, packetsReceived: 3, packetLoss: 0 });
    const latency = out.icmpCheckResult!.latency!;
    expect(latency.min).toBeLessThanOrEqual(latency.avg);
    expect(latency.avg).toBeLessThanOrEqual(latency.max);
    expect(out.responseTime).toBe(latency.avg);
    expect(out.isDegraded).toBe(false);
  });

  it("pings ::1 over IPv6", async () => {
    const out = await runCheck({ checkType: "ICMP", request: { hostname: "::1", ipFamily: "IPv6", pingCount: 2 } }, opts);
    expect(out.error).toBeNull();
    expect(out.icmpCheckResult).toMatchObject({ address: "::1", ipFamily: "IPv6", packetsReceived: 2 });
  });

  it("fails a host that never answers as a network error", async () => {
    const out = await runCheck({ checkType: "ICMP", request: { hostname: "2001:db8::1", ipFamily: "IPv6", pingCount: 1 } }, opts);
    expect(out).toMatchObject({ hasFailures: true, networkError: true, icmpCheckResult: { packetsReceived: 0, latency: null } });
    expect(out.error).toMatch(/2001:db8::1/);
  });

  it("runs as an unprivileged user (ping's cap_net_raw or ping_group_range)", () => {
    const root = process.getuid?.() === 0;
    const script = fileURLToPath(new URL("./fixtures/run-check.ts", import.meta.url));
    const check = JSON.stringify({ checkType: "ICMP", request: { hostname: "127.0.0.1", pingCount: 2 } });
    const node = [process.execPath, "--import", "tsx", script, check];
    // As root, drop to nobody; otherwise this test already runs unprivileged and runs the runner as it is.
    const [cmd, ...args] = root ? ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", ...node] : node;
    const stdout = execFileSync(cmd, args, { cwd: fileURLToPath(new URL("../../..", import.meta.url)), encoding: "utf8", timeout: 60_000 });
    const { uid, outcome } = JSON.parse(stdout.trim().split("\n").pop()!) as { uid: number; outcome: { error: string | null; icmpCheckResult: { packetsReceived: number } } };
    expect(uid).not.toBe(0);
    expect(outcome.error).toBeNull();
    expect(outcome.icmpCheckResult.packetsReceived).toBe(2);
  });
});
