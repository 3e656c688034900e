import dgram from "node:dgram";
import dns from "node:dns";
import type { Answer } from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCheck, type DnsRequest, type RunOptions } from "@/lib/runners";

import { startDnsServer, type LoopbackDnsServer } from "./peers";

const opts: RunOptions = { allowMetadata: false, timeoutMs: 5000 };

/** RFC 9460 rdata: priority 1, target ".", alpn=h2,h3, port=8443, ipv4hint=192.0.2.1, ipv6hint=2001:db8::1 */
const httpsRdata = Buffer.concat([
  Buffer.from([0, 1, 0]),
  Buffer.from([0, 1, 0, 6, 2, ...Buffer.from("h2"), 2, ...Buffer.from("h3")]),
  Buffer.from([0, 3, 0, 2, 0x20, 0xfb]),
  Buffer.from([0, 4, 0, 4, 192, 0, 2, 1]),
  Buffer.from([0, 6, 0, 16, 0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), 1]),
]);

const ZONE: [string, Answer[]][] = [
  ["example.test", [
    { name: "example.test", type: "A", ttl: 300, data: "192.0.2.10" },
    { name: "example.test", type: "A", ttl: 300, data: "192.0.2.11" },
    { name: "example.test", type: "AAAA", ttl: 300, data: "2001:db8::10" },
    { name: "example.test", type: "MX", ttl: 600, data: { preference: 10, exchange: "mail.example.test" } },
    { name: "example.test", type: "TXT", ttl: 60, data: ["v=spf1 -all", 'say "hi"'] },
    { name: "example.test", type: "NS", ttl: 3600, data: "ns1.example.test" },
    { name: "example.test", type: "SOA", ttl: 3600, data: { mname: "ns1.example.test", rname: "hostmaster.example.test", serial: 2026112801, refresh: 7200, retry: 900, expire: 1209600, minimum: 300 } },
    { name: "example.test", type: "UNKNOWN_65", ttl: 300, data: httpsRdata } as unknown as Answer,
  ]],
  ["www.example.test", [{ name: "www.example.test", type: "CNAME", ttl: 120, data: "example.test" }]],
];

let server: LoopbackDnsServer;
const check = (request: Partial<DnsRequest>, more: object = {}) => runCheck({
  checkType: "DNS",
  request: { query: "example.test", recordType: "A", nameServer: server.host, port: server.port, ...request },
  ...more,
}, opts);

beforeAll(async () => {
  server = await startDnsServer();
  for (const [name, records] of ZONE) server.zone.set(name, records);
});
afterAll(() => server.close());

describe("DNS checks", () => {
  it.each([
    ["A", ["example.test.\t300\tIN\tA\t192.0.2.10", "example.test.\t300\tIN\tA\t192.0.2.11"]],
    ["AAAA", ["example.test.\t300\tIN\tAAAA\t2001:db8::10"]],
    ["MX", ["example.test.\t600\tIN\tMX\t10 mail.example.test."]],
    ["TXT", ['example.test.\t60\tIN\tTXT\t"v=spf1 -all" "say \\"hi\\""']],
    ["NS", ["example.test.\t3600\tIN\tNS\tns1.example.test."]],
    ["SOA", ["example.test.\t3600\tIN\tSOA\tns1.example.test. hostmaster.example.test. 2026112801 7200 900 1209600 300"]],
    ["HTTPS", ['example.test.\t300\tIN\tHTTPS\t1 . alpn="h2,h3" port=8443 ipv4hint=192.0.2.1 ipv6hint=2001:db8::1']],
  ] as const)("%s records as dig prints them", async (recordType, lines) => {
    const out = await check({ recordType, assertions: [{ source: "TEXT_ANSWER", comparison: "EQUALS", target: lines.join("\n") }] });
    expect(out.error).toBeNull();
    expect(out.dnsCheckResult!.text).toBe(lines.join("\n"));
    expect(out.dnsCheckResult).toMatchObject({ rcode: "NOERROR", protocol: "UDP", recordType });
  });

  it("CNAME", async () => {
    const out = await check({ query: "www.example.test", recordType: "CNAME" });
    expect(out.dnsCheckResult!.answers).toEqual([{ name: "www.example.test.", type: "CNAME", class: "IN", ttl: 120, data: "example.test." }]);
  });

  it("asserts on the JSON answer, the text answer with a pattern, the response code and time", async () => {
    const out = await check({
      recordType: "A",
      assertions: [
        { source: "JSON_ANSWER", property: "$.answers[0].data", comparison: "EQUALS", target: "192.0.2.10" },
        { source: "JSON_ANSWER", property: "$.answers[*].data", comparison: "HAS_VALUE", target: "192.0.2.11" },
        { source: "JSON_ANSWER", property: "$.answers", comparison: "NOT_EMPTY" },
        { source: "JSON_ANSWER", property: "$.flags", comparison: "HAS_KEY", target: "aa" },
        { source: "TEXT_ANSWER", property: "A\\t(192\\.0\\.2\\.\\d+)", comparison: "EQUALS", target: "192.0.2.10" },
        { source: "RESPONSE_CODE", comparison: "EQUALS", target: "NOERROR" },
        { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "5000" },
      ],
    });
    expect(out.error).toBeNull();
    expect(out.dnsCheckResult!.assertions.every((a) => a.error === undefined)).toBe(true);
  });

  it("fails NXDOMAIN and REFUSED unless a RESPONSE_CODE assertion expects them", async () => {
    const missing = await check({ query: "missing.test" });
    expect(missing).toMatchObject({ hasFailures: true, networkError: false, error: "the name server answered NXDOMAIN" });
    expect(missing.dnsCheckResult!.rcode).toBe("NXDOMAIN");
    const expected = await check({ query: "missing.test", assertions: [{ source: "RESPONSE_CODE", comparison: "EQUALS", target: "NXDOMAIN" }] });
    expect(expected.error).toBeNull();
    const refused = await check({ query: "refuse.test" });
    expect(refused.error).toBe("the name server answered REFUSED");
  });

  it("asks over TCP when the protocol says so", async () => {
    const out = await check({ protocol: "TCP" });
    expect(out.error).toBeNull();
    expect(server.seen.at(-1)).toMatchObject({ name: "example.test", transport: "tcp" });
  });

  it("retries over TCP when the UDP answer is truncated", async () => {
    server.truncateUdp = true;
    try {
      const out = await check({});
      expect(out.dnsCheckResult).toMatchObject({ protocol: "TCP", answers: [expect.anything(), expect.anything()] });
      expect(server.seen.slice(-2).map((s) => s.transport)).toEqual(["udp", "tcp"]);
    } finally {
      server.truncateUdp = false;
    }
  });

  it("measures the resolution time: degraded and over the maximum", async () => {
    server.udpDelayMs = 200;
    try {
      const out = await check({}, { degradedResponseTime: 100, maxResponseTime: 150 });
      expect(out.responseTime).toBeGreaterThanOrEqual(200);
      expect(out).toMatchObject({ isDegraded: true, overMaxResponseTime: true, hasFailures: true });
    } finally {
      server.udpDelayMs = 0;
    }
  });

  it("a silent name server is a network error at the run's timeout", async () => {
    const silent = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    try {
      const out = await runCheck({ checkType: "DNS", request: { query: "example.test", recordType: "A", nameServer: `127.0.0.1:${silent.address().port}` } }, { ...opts, timeoutMs: 300 });
      expect(out).toMatchObject({ hasFailures: true, networkError: true, error: "timed out after 300 ms", dnsCheckResult: { rcode: null } });
    } finally {
      silent.close();
    }
  });

  it("asks an IPv6 name server written as [::1]:port", async () => {
    const v6 = await startDnsServer("::1");
    v6.zone.set("six.test", [{ name: "six.test", type: "AAAA", ttl: 5, data: "::1" }]);
    try {
      const out = await runCheck({ checkType: "DNS", request: { query: "six.test", recordType: "AAAA", nameServer: `[::1]:${v6.port}` } }, opts);
      expect(out.error).toBeNull();
      expect(out.dnsCheckResult).toMatchObject({ nameServer: "::1", port: v6.port, answers: [{ data: "::1" }] });
    } finally {
      await v6.close();
    }
  });

  it("asks the system's first resolver when the check names none", async () => {
    const before = dns.getServers();
    dns.setServers([`127.0.0.1:${server.port}`]);
    try {
      const out = await runCheck({ checkType: "DNS", request: { query: "example.test", recordType: "MX" } }, opts);
      expect(out.error).toBeNull();
      expect(out.dnsCheckResult).toMatchObject({ nameServer: "127.0.0.1", port: server.port });
    } finally {
      dns.setServers(before);
    }
  });
});
