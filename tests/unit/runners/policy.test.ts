import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { refusedAddress, refusedHostname, runCheck, type RunOptions } from "@/lib/runners";

import { close, fixedLookup, listen } from "./peers";

describe("outbound policy: addresses and names", () => {
  it.each([
    ["169.254.169.254", true],
    ["169.254.170.2", true],
    ["100.100.100.200", true],
    ["fd00:ec2::254", true],
    ["FD00:EC2:0:0:0:0:0:254", true],
    ["[fd00:ec2::254]", true],
    ["::ffff:169.254.169.254", true],
    ["::ffff:a9fe:a9fe", true],
    ["64:ff9b::a9fe:a9fe", true],
    ["127.0.0.1", false],
    ["10.0.0.5", false],
    ["192.168.1.1", false],
    ["::1", false],
    ["169.254.169.253", false],
    ["8.8.8.8", false],
  ])("%s refused: %s", (address, refused) => {
    expect(refusedAddress(address, false) !== null).toBe(refused);
    expect(refusedAddress(address, true)).toBeNull();
  });

  it.each([
    ["metadata.google.internal", true],
    ["METADATA.GOOGLE.INTERNAL.", true],
    ["metadata.goog", true],
    ["169.254.169.254", true],
    ["internal.example.com", false],
    ["localhost", false],
  ])("host %s refused: %s", (host, refused) => {
    expect(refusedHostname(host, false) !== null).toBe(refused);
    expect(refusedHostname(host, true)).toBeNull();
  });

  it("names the switch in its reason", () => {
    expect(refusedAddress("169.254.169.254", false)).toMatch(/HELIOGRAPH_CHECKS_ALLOW_METADATA/);
  });
});

describe("outbound policy in the runners", () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];
  const opts: RunOptions = { allowMetadata: false, timeoutMs: 5000 };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url!);
      if (req.url === "/to-metadata") return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      res.end("ok");
    });
    port = await listen(server);
  });
  afterAll(() => close(server));

  it("reaches loopback and private addresses", async () => {
    const out = await runCheck({ checkType: "API", request: { method: "GET", url: `http://127.0.0.1:${port}/` } }, opts);
    expect(out.error).toBeNull();
  });

  it("refuses a metadata address, a metadata name, and a name resolving to a metadata address, without connecting", async () => {
    const direct = await runCheck({ checkType: "URL", request: { url: "http://169.254.169.254/latest/meta-data/" } }, opts);
    expect(direct).toMatchObject({ hasFailures: true, networkError: false, error: expect.stringMatching(/169\.254\.169\.254 is a cloud metadata address/) });
    const lookup = fixedLookup([{ address: "169.254.169.254", family: 4 }]);
    const named = await runCheck({ checkType: "URL", request: { url: "http://metadata.google.internal/" } }, { ...opts, lookup });
    expect(named.error).toMatch(/metadata\.google\.internal is a cloud metadata host/);
    expect(lookup.asked).toEqual([]);
    const rebound = await runCheck({ checkType: "URL", request: { url: `http://innocent.test:${port}/` } }, { ...opts, lookup });
    expect(rebound.error).toMatch(/innocent\.test resolves to 169\.254\.169\.254 is a cloud metadata address/);
    expect(lookup.asked).toEqual(["innocent.test"]);
  });

  it("refuses a redirect to a metadata address", async () => {
    const out = await runCheck({ checkType: "URL", request: { url: `http://127.0.0.1:${port}/to-metadata` } }, opts);
    expect(out.error).toMatch(/169\.254\.169\.254 is a cloud metadata address/);
    expect(hits).toContain("/to-metadata");
  });

  it("shouldFail does not turn a refusal into a pass", async () => {
    const out = await runCheck({ checkType: "URL", request: { url: "http://169.254.169.254/" }, shouldFail: true }, opts);
    expect(out.hasFailures).toBe(true);
  });

  it("refuses TCP, ICMP and DNS name servers alike", async () => {
    const tcp = await runCheck({ checkType: "TCP", request: { hostname: "fd00:ec2::254", port: 80 } }, opts);
    expect(tcp.error).toMatch(/fd00:ec2::254 is a cloud metadata address/);
    const icmp = await runCheck({ checkType: "ICMP", request: { hostname: "metadata.goog", pingCount: 1 } }, opts);
    expect(icmp.error).toMatch(/metadata\.goog is a cloud metadata host/);
    const dns = await runCheck({ checkType: "DNS", request: { query: "example.com", recordType: "A", nameServer: "100.100.100.200" } }, opts);
    expect(dns.error).toMatch(/100\.100\.100\.200 is a cloud metadata address/);
  });

  it("lets everything through with allowMetadata", async () => {
    const lookup = fixedLookup([{ address: "127.0.0.1", family: 4 }]);
    const out = await runCheck({ checkType: "URL", request: { url: `http://metadata.google.internal:${port}/` } }, { ...opts, allowMetadata: true, lookup });
    expect(out.error).toBeNull();
    expect(lookup.asked).toEqual(["metadata.google.internal"]);
  });
});
