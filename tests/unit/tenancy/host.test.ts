import { describe, expect, it } from "vitest";
import { parseHost, requestHost } from "@/lib/tenancy/host";

describe("parseHost", () => {
  it.each([
    ["status.acme.com", "status.acme.com", null],
    ["Status.ACME.com", "status.acme.com", null],
    ["status.acme.com.", "status.acme.com", null],
    ["status.acme.com:8080", "status.acme.com", 8080],
    ["STATUS.acme.com.:443", "status.acme.com", 443],
    ["localhost:3000", "localhost", 3000],
    ["127.0.0.1:3000", "127.0.0.1", 3000],
    ["[::1]:3000", "[::1]", 3000],
    ["[::1]", "[::1]", null],
    ["[0:0:0:0:0:0:0:1]", "[::1]", null],
    ["[2001:DB8::1]:8443", "[2001:db8::1]", 8443],
    ["bücher.de", "xn--bcher-kva.de", null],
    ["BÜCHER.de:80", "xn--bcher-kva.de", 80],
    ["xn--bcher-kva.de", "xn--bcher-kva.de", null],
    ["www.status.acme.com", "www.status.acme.com", null],
    ["  status.acme.com  ", "status.acme.com", null],
    ["status.acme.com:", "status.acme.com", null],
  ])("%j → %j port %j", (raw, hostname, port) => {
    expect(parseHost(raw)).toEqual({ hostname, port });
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["   "],
    ["."],
    ["a..b"],
    ["-bad.com"],
    ["bad-.com"],
    ["under_score.com"],
    ["evil.com@good.com"],
    ["good.com/evil"],
    ["good.com\\evil"],
    ["good.com?x"],
    ["good.com#x"],
    ["host:abc"],
    ["host:0"],
    ["host:65536"],
    ["host:99999999"],
    ["::1"],
    ["[::1"],
    ["[::1]x"],
    ["[zz::1]"],
    ["[127.0.0.1]"],
    ["999.1.1.1"],
    ["a b.com"],
    ["tab\t.com"],
    ["nul\u0000.com"],
    ["a".repeat(64) + ".com"],
    [("a".repeat(60) + ".").repeat(5) + "com"],
    ["x".repeat(400)],
    ["\u{1F4A9}\u0000.com"],
    ["xn--.com"],
  ])("rejects %j without throwing", (raw) => {
    expect(parseHost(raw as string)).toBeNull();
  });

  it("never throws on arbitrary input", () => {
    const samples = ["[", "]", ":", "[]", "[:]:", "%41.com", "\uFFFF", "\uD800", "é.", "..", "a.-b", "[::ffff:1.2.3.4]:1"];
    for (const s of samples) expect(() => parseHost(s)).not.toThrow();
    expect(parseHost("[::ffff:1.2.3.4]:1")).toEqual({ hostname: "[::ffff:102:304]", port: 1 });
  });
});

describe("requestHost", () => {
  const headers = { host: "internal:3000", forwardedHost: "Status.Acme.com, proxy.local" };
  it("ignores X-Forwarded-Host unless the proxy is trusted", () => {
    expect(requestHost(headers, false)?.hostname).toBe("internal");
    expect(requestHost(headers, true)?.hostname).toBe("status.acme.com");
  });
  it("falls back to Host when a trusted proxy sends none", () => {
    expect(requestHost({ host: "a.example", forwardedHost: null }, true)?.hostname).toBe("a.example");
  });
});
