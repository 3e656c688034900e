import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_TCP_RESPONSE_BYTES, runCheck, type RunOptions } from "@/lib/runners";

import { close, fixedLookup, listen } from "./peers";

const opts: RunOptions = { allowMetadata: false, timeoutMs: 5000 };

describe("TCP checks", () => {
  let echo: net.Server;
  let banner: net.Server;
  let flood: net.Server;
  const ports = { echo: 0, banner: 0, flood: 0 };
  beforeAll(async () => {
    // answers what it is sent, upper-cased, then closes
    echo = net.createServer((s) => s.on("error", () => undefined).once("data", (d) => s.end(d.toString().toUpperCase())));
    // greets and keeps the connection open: the runner stops reading after its idle time
    banner = net.createServer((s) => s.on("error", () => undefined).write("220 mail.example ESMTP ready\r\n"));
    flood = net.createServer((s) => s.on("error", () => undefined).end(Buffer.alloc(200 * 1024, "y")));
    ports.echo = await listen(echo);
    ports.banner = await listen(banner);
    ports.flood = await listen(flood);
  });
  afterAll(async () => {
    for (const s of [echo, banner, flood]) s.unref();
    await Promise.all([close(echo), close(flood)]);
  });

  it("sends data and asserts on what the peer answers until it closes", async () => {
    const out = await runCheck({
      checkType: "TCP",
      request: {
        hostname: "127.0.0.1",
        port: ports.echo,
        data: "ping 42\n",
        assertions: [
          { source: "RESPONSE_DATA", comparison: "CONTAINS", target: "PING" },
          { source: "RESPONSE_DATA", property: "PING (\\d+)", comparison: "EQUALS", target: "42" },
          { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "5000" },
        ],
      },
    }, opts);
    expect(out.error).toBeNull();
    expect(out.tcpCheckResult).toMatchObject({ response: "PING 42\n", address: "127.0.0.1", port: ports.echo });
    expect(out.tcpCheckResult!.assertions.map((a) => a.actual)).toEqual(["PING 42\n", "42", out.responseTime]);
    expect(out.responseTime).toBe(Math.round(out.tcpCheckResult!.connectionTime!));
  });

  it("reads a banner from a peer that keeps the connection open, stopping when it falls silent", async () => {
    const out = await runCheck({ checkType: "TCP", request: { hostname: "127.0.0.1", port: ports.banner, assertions: [{ source: "RESPONSE_DATA", comparison: "NOT_EMPTY" }, { source: "RESPONSE_DATA", comparison: "NOT_CONTAINS", target: "554" }] } }, opts);
    expect(out.error).toBeNull();
    expect(out.tcpCheckResult!.response).toBe("220 mail.example ESMTP ready\r\n");
  });

  it("keeps at most 64 KiB of what the peer sends", async () => {
    const out = await runCheck({ checkType: "TCP", request: { hostname: "127.0.0.1", port: ports.flood, assertions: [{ source: "RESPONSE_DATA", comparison: "IS_EMPTY" }] } }, opts);
    expect(out.tcpCheckResult!.response.length).toBe(MAX_TCP_RESPONSE_BYTES);
    expect(out.hasFailures).toBe(true);
    expect(out.tcpCheckResult!.assertions[0].error).toMatch(/expected empty/);
  });

  it("connects only, when nothing is sent or asserted on the data", async () => {
    const out = await runCheck({ checkType: "TCP", request: { hostname: "127.0.0.1", port: ports.banner } }, opts);
    expect(out).toMatchObject({ hasFailures: false, tcpCheckResult: { response: "", totalTime: null } });
  });

  it("fails a refused connection as a network error; shouldFail makes that the pass", async () => {
    const spare = net.createServer();
    const port = await listen(spare);
    await close(spare);
    const out = await runCheck({ checkType: "TCP", request: { hostname: "127.0.0.1", port } }, opts);
    expect(out).toMatchObject({ hasFailures: true, networkError: true, error: expect.stringMatching(/connection refused \(ECONNREFUSED\)/) });
    const inverted = await runCheck({ checkType: "TCP", request: { hostname: "127.0.0.1", port }, shouldFail: true }, opts);
    expect(inverted).toMatchObject({ hasFailures: false, networkError: true, error: null });
  });

  it("resolves the hostname in its ipFamily and reaches ::1", async () => {
    const v6 = net.createServer((s) => s.on("error", () => undefined).end("six"));
    const port = await listen(v6, "::1");
    try {
      const lookup = fixedLookup([{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }]);
      const out = await runCheck({ checkType: "TCP", request: { hostname: "dual.test", port, ipFamily: "IPv6", assertions: [{ source: "RESPONSE_DATA", comparison: "EQUALS", target: "six" }] } }, { ...opts, lookup });
      expect(out.error).toBeNull();
      expect(out.tcpCheckResult!.address).toBe("::1");
    } finally {
      await close(v6);
    }
  });

  it("marks degraded and over the maximum from the connection time", async () => {
    const out = await runCheck({ checkType: "TCP", request: { hostname: "127.0.0.1", port: ports.echo }, degradedResponseTime: 0, maxResponseTime: 5000 }, opts);
    expect(out.overMaxResponseTime).toBe(false);
    expect(out.isDegraded).toBe(out.responseTime > 0);
  });
});
