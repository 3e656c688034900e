import { describe, expect, it } from "vitest";

import { compare, evaluateAssertions, extract, type Subject } from "@/lib/runners/assertions";
import type { AssertionComparison } from "@/lib/runners";

const obj = { a: 1, b: "two", c: null, list: [1, "x"] };

describe("compare: every comparison of §1.5", () => {
  it.each<[unknown, AssertionComparison, string, boolean]>([
    [200, "EQUALS", "200", true],
    ["200", "EQUALS", "200.0", true],
    ["abc", "EQUALS", "abc", true],
    ["abc", "EQUALS", "ABC", false],
    [true, "EQUALS", "true", true],
    [null, "EQUALS", "null", true],
    [obj.list, "EQUALS", '[1,"x"]', true],
    [404, "NOT_EQUALS", "200", true],
    [200, "NOT_EQUALS", "200", false],
    [obj, "HAS_KEY", "b", true],
    [obj, "HAS_KEY", "z", false],
    ["text", "HAS_KEY", "t", false],
    [obj, "NOT_HAS_KEY", "z", true],
    [obj, "NOT_HAS_KEY", "a", false],
    [obj, "HAS_VALUE", "two", true],
    [obj, "HAS_VALUE", "1", true],
    [obj.list, "HAS_VALUE", "x", true],
    [obj.list, "HAS_VALUE", "y", false],
    [obj, "NOT_HAS_VALUE", "three", true],
    [obj, "NOT_HAS_VALUE", "two", false],
    ["", "IS_EMPTY", "", true],
    [[], "IS_EMPTY", "", true],
    [{}, "IS_EMPTY", "", true],
    [undefined, "IS_EMPTY", "", true],
    ["x", "IS_EMPTY", "", false],
    [0, "IS_EMPTY", "", false],
    ["x", "NOT_EMPTY", "", true],
    [[], "NOT_EMPTY", "", false],
    [12, "GREATER_THAN", "10", true],
    ["12", "GREATER_THAN", "9", true],
    [10, "GREATER_THAN", "10", false],
    ["abc", "GREATER_THAN", "1", false],
    [9, "LESS_THAN", "10", true],
    [1e3, "LESS_THAN", "999.5", false],
    ["hello world", "CONTAINS", "lo w", true],
    [1234, "CONTAINS", "23", true],
    [obj.list, "CONTAINS", "x", true],
    ["hello", "CONTAINS", "bye", false],
    ["hello", "NOT_CONTAINS", "bye", true],
    ["hello", "NOT_CONTAINS", "ell", false],
    [null, "IS_NULL", "", true],
    [undefined, "IS_NULL", "", true],
    ["", "IS_NULL", "", false],
    [0, "NOT_NULL", "", true],
    [null, "NOT_NULL", "", false],
  ])("%j %s %j → %s", (actual, comparison, target, holds) => {
    const error = compare(actual, comparison, target);
    expect(error === null).toBe(holds);
    if (!holds) expect(error).toMatch(/\S/);
  });

  it("says why an ordering cannot hold", () => {
    expect(compare("abc", "GREATER_THAN", "1")).toBe("abc is not a number");
    expect(compare(5, "LESS_THAN", "ten")).toBe('target "ten" is not a number');
  });
});

const http: Subject = { kind: "http", status: 201, headers: { "content-type": "application/json; charset=utf-8", "x-id": "abc-77" }, body: '{"user":{"name":"Ada","roles":["admin","ops"]},"n":3}', responseTime: 42 };
const tcp: Subject = { kind: "tcp", data: "+OK POP3 ready <1896.697170952@dbc.mtview.ca.us>\r\n", responseTime: 3 };
const dns: Subject = { kind: "dns", rcode: "NOERROR", text: "a.test.\t60\tIN\tA\t192.0.2.1", json: { answers: [{ data: "192.0.2.1", ttl: 60 }] }, responseTime: 7 };
const icmp: Subject = { kind: "icmp", latency: { avg: 1.5, min: 1, max: 2, stdDev: 0.5 }, json: { packetLoss: 0, latency: { avg: 1.5 } }, responseTime: 1.5 };

describe("sources: what each assertion reads", () => {
  it.each<[string, Subject, Parameters<typeof extract>[0], unknown]>([
    ["API STATUS_CODE", http, { source: "STATUS_CODE", comparison: "EQUALS" }, 201],
    ["API JSON_BODY path", http, { source: "JSON_BODY", property: "$.user.name", comparison: "EQUALS" }, "Ada"],
    ["API JSON_BODY without $", http, { source: "JSON_BODY", property: "user.roles[1]", comparison: "EQUALS" }, "ops"],
    ["API JSON_BODY several matches", http, { source: "JSON_BODY", property: "$.user.roles[*]", comparison: "EQUALS" }, ["admin", "ops"]],
    ["API JSON_BODY no match", http, { source: "JSON_BODY", property: "$.missing", comparison: "EQUALS" }, undefined],
    ["API JSON_BODY whole", http, { source: "JSON_BODY", property: "", comparison: "EQUALS" }, { user: { name: "Ada", roles: ["admin", "ops"] }, n: 3 }],
    ["API JSON_BODY with regex", http, { source: "JSON_BODY", property: "$.user.name", regex: "^(A)", comparison: "EQUALS" }, "A"],
    ["API HEADERS by name, any case", http, { source: "HEADERS", property: "Content-Type", comparison: "EQUALS" }, "application/json; charset=utf-8"],
    ["API HEADERS with regex group", http, { source: "HEADERS", property: "x-id", regex: "-(\\d+)$", comparison: "EQUALS" }, "77"],
    ["API HEADERS regex without group", http, { source: "HEADERS", property: "x-id", regex: "abc", comparison: "EQUALS" }, "abc"],
    ["API HEADERS all", http, { source: "HEADERS", comparison: "HAS_KEY" }, http.headers],
    ["API HEADERS absent", http, { source: "HEADERS", property: "x-none", comparison: "IS_NULL" }, undefined],
    ["API TEXT_BODY", http, { source: "TEXT_BODY", comparison: "CONTAINS" }, http.body],
    ["API TEXT_BODY pattern in property", http, { source: "TEXT_BODY", property: '"n":(\\d+)', comparison: "EQUALS" }, "3"],
    ["API RESPONSE_TIME", http, { source: "RESPONSE_TIME", comparison: "LESS_THAN" }, 42],
    ["TCP RESPONSE_DATA", tcp, { source: "RESPONSE_DATA", comparison: "CONTAINS" }, tcp.data],
    ["TCP RESPONSE_DATA pattern", tcp, { source: "RESPONSE_DATA", property: "^\\+(OK)", comparison: "EQUALS" }, "OK"],
    ["TCP RESPONSE_TIME", tcp, { source: "RESPONSE_TIME", comparison: "LESS_THAN" }, 3],
    ["DNS RESPONSE_CODE", dns, { source: "RESPONSE_CODE", comparison: "EQUALS" }, "NOERROR"],
    ["DNS TEXT_ANSWER", dns, { source: "TEXT_ANSWER", comparison: "CONTAINS" }, dns.text],
    ["DNS TEXT_ANSWER regex", dns, { source: "TEXT_ANSWER", regex: "IN\\tA\\t(\\S+)", comparison: "EQUALS" }, "192.0.2.1"],
    ["DNS JSON_ANSWER", dns, { source: "JSON_ANSWER", property: "$.answers[0].ttl", comparison: "EQUALS" }, 60],
    ["DNS RESPONSE_TIME", dns, { source: "RESPONSE_TIME", comparison: "LESS_THAN" }, 7],
    ["ICMP LATENCY max", icmp, { source: "LATENCY", property: "max", comparison: "LESS_THAN" }, 2],
    ["ICMP LATENCY default avg", icmp, { source: "LATENCY", comparison: "LESS_THAN" }, 1.5],
    ["ICMP JSON_RESPONSE", icmp, { source: "JSON_RESPONSE", property: "$.latency.avg", comparison: "EQUALS" }, 1.5],
  ])("%s", (_name, subject, assertion, value) => {
    expect(extract(assertion, subject)).toEqual(value);
  });
});

describe("evaluateAssertions", () => {
  it("carries target as text, actual, and error only when failed", () => {
    const out = evaluateAssertions("API", [
      { source: "STATUS_CODE", comparison: "EQUALS", target: 201 },
      { source: "JSON_BODY", property: "$.n", comparison: "GREATER_THAN", target: "5", regex: null },
    ], http);
    expect(out).toEqual([
      { source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "201", regex: null, actual: 201 },
      { source: "JSON_BODY", property: "$.n", comparison: "GREATER_THAN", target: "5", regex: null, actual: 3, error: "3 is not greater than 5" },
    ]);
  });

  it("fails, not throws, on a body that is not JSON, a bad path or pattern, a source of another type, a bad LATENCY property", () => {
    const errors = [
      evaluateAssertions("API", [{ source: "JSON_BODY", property: "$.a", comparison: "EQUALS", target: "1" }], { ...http, body: "<html>" }),
      evaluateAssertions("API", [{ source: "TEXT_BODY", regex: "(", comparison: "EQUALS", target: "1" }], http),
      evaluateAssertions("TCP", [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }], tcp),
      evaluateAssertions("ICMP", [{ source: "LATENCY", property: "p99", comparison: "LESS_THAN", target: "5" }], icmp),
      evaluateAssertions("ICMP", [{ source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "5" }], icmp),
    ].map((r) => r[0].error);
    expect(errors).toEqual([
      "the body is not JSON",
      expect.stringMatching(/^invalid regular expression "\("/),
      "STATUS_CODE is not an assertion source of TCP checks",
      'LATENCY property must be avg, min, max or stdDev, not "p99"',
      "RESPONSE_TIME is not an assertion source of ICMP checks",
    ]);
  });
});
