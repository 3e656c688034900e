import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createGuard, OutboundRefusedError, postChecked, refusedAddress, type Resolver } from "@/lib/outbound";
import { normalizeTarget } from "@/lib/subscriptions/targets";
import { TargetError } from "@/lib/notifications/channels/address";
import { postJson } from "@/lib/notifications/channels/webhook";
import { CHANNELS, type ChannelDeps } from "@/lib/notifications/channels";

/** Every channel whose address is a URL, from the registry: a new chat channel is covered without a line here. */
const URL_CHANNELS = CHANNELS.filter((c) => c.form.inputType === "url").map((c) => c.type);

/** Names resolve through this table, so hostile DNS answers need no real DNS. */
const DNS: Record<string, string[]> = {
  "rebind.evil.test": ["10.0.0.5"],
  "meta.evil.test": ["169.254.169.254"],
  "mixed.evil.test": ["93.184.216.34", "127.0.0.1"],
  "v6.evil.test": ["fd00::1"],
  "mapped.evil.test": ["::ffff:10.0.0.1"],
  "cgnat.evil.test": ["100.100.100.100"],
  "zero.evil.test": ["0.0.0.0"],
  "nat64.evil.test": ["64:ff9b::a9fe:a9fe"],
  "hooks.example.com": ["93.184.216.34"],
  "v6ok.example.com": ["2606:4700:4700::1111"],
};
const resolver: Resolver = async (host) => {
  const a = DNS[host];
  if (!a) throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
  return a.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

const HOSTILE = [
  "http://127.0.0.1/hook",
  "http://localhost/hook",
  "http://LOCALHOST./hook",
  "http://api.localhost/hook",
  "http://0/hook",
  "http://0.0.0.0:8080/",
  "http://127.1/",
  "http://0177.0.0.1/",
  "http://0x7f000001/",
  "http://0x7f.0x0.0x0.0x1/",
  "http://2130706433/",
  "http://017700000001/",
  "http://127.000.000.001/",
  "http://[::1]/",
  "http://[::]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
  "http://[2002:7f00:1::]/",
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  "http://[fe80::1]/",
  "http://[fc00::1]/",
  "http://[ff02::1]/",
  "http://10.0.0.1/",
  "http://172.16.5.4/",
  "http://192.168.1.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://100.64.0.1/",
  "http://224.0.0.1/",
  "http://255.255.255.255/",
  "http://198.18.0.1/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://printer.local/",
  "http://intranet/",
  "http://router.home.arpa/",
  "ftp://hooks.example.com/",
  "file:///etc/passwd",
  "gopher://hooks.example.com/",
  "http://user:pass@hooks.example.com/",
  "http://rebind.evil.test/",
  "http://meta.evil.test/",
  "http://mixed.evil.test/",
  "https://v6.evil.test/",
  "http://mapped.evil.test/",
  "http://cgnat.evil.test/",
  "http://zero.evil.test/",
  "http://nat64.evil.test/",
];

const guard = createGuard({ resolver });

describe("SSRF guard", () => {
  it(`has a table of ${HOSTILE.length} hostile URLs`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)("refuses %s at sign-up", async (url) => {
    await expect(guard.check(url)).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(URL_CHANNELS.length).toBeGreaterThanOrEqual(2);
    for (const type of URL_CHANNELS) await expect(normalizeTarget(type, url, guard)).rejects.toBeInstanceOf(TargetError);
  });

  it.each(HOSTILE)("refuses %s at send time, before any connection", async (url) => {
    const deps: ChannelDeps = { guard, mailer: null, sms: null, secretOf: () => null, timeoutMs: 1000 };
    const r = await postJson(deps, url, "{}", {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^refused: /);
  });

  it("accepts public addresses, and names resolving only to them", async () => {
    expect((await guard.check("https://hooks.example.com/x?y=1")).address).toBe("93.184.216.34");
    expect((await guard.check("https://v6ok.example.com/")).family).toBe(6);
    expect((await guard.check("http://93.184.216.34:8080/")).address).toBe("93.184.216.34");
    expect(refusedAddress("8.8.8.8")).toBeNull();
    expect(refusedAddress("2001:4860:4860::8888")).toBeNull();
  });

  it("an unresolvable name is refused as such (a retry may help), not as hostile", async () => {
    await expect(guard.check("https://nowhere.example.org/")).rejects.toThrow(/cannot be resolved/);
  });

  it("the allow-list opens exactly what it names", async () => {
    const g = createGuard({ resolver, allow: "127.0.0.1, 10.1.0.0/16, receiver.internal" });
    await expect(g.check("http://127.0.0.1:9000/")).resolves.toMatchObject({ address: "127.0.0.1", allowListed: true });
    await expect(g.check("http://10.1.2.3/")).resolves.toMatchObject({ allowListed: true });
    await expect(g.check("http://10.2.0.1/")).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(g.check("http://127.0.0.2/")).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(createGuard({ allow: "receiver.internal", resolver: async () => [{ address: "10.9.9.9", family: 4 }] }).check("http://receiver.internal/")).resolves.toMatchObject({ allowListed: true });
  });

  it("keeps each allow-list's verdicts apart, and the same verdict on every check of an address", async () => {
    const open = createGuard({ resolver, allow: "10.1.0.0/16" });
    const closed = createGuard({ resolver });
    for (let i = 0; i < 3; i++) {
      await expect(open.check("http://10.1.2.3/")).resolves.toMatchObject({ allowListed: true });
      await expect(closed.check("http://10.1.2.3/")).rejects.toThrow(/private or reserved/);
      expect(refusedAddress("10.1.2.3")).toMatch(/not a public address/);
      expect(refusedAddress("8.8.8.8")).toBeNull();
    }
  });

  it("pins the socket to the checked address: the connection never looks the name up again", async () => {
    const server = createServer((req, res) => res.writeHead(200).end(req.headers.host));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    // "pinned.example" exists only in this resolver; the system resolver would fail.
    const g = createGuard({ allow: "127.0.0.1", resolver: async () => [{ address: "127.0.0.1", family: 4 }] });
    const checked = await g.check(`http://pinned.example:${port}/`);
    const res = await postChecked(g, checked, "{}");
    expect(res).toMatchObject({ status: 200, snippet: `pinned.example:${port}` });
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("does not follow redirects", async () => {
    const server = createServer((_req, res) => res.writeHead(302, { location: "http://169.254.169.254/" }).end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const deps: ChannelDeps = { guard: createGuard({ allow: "127.0.0.1" }), mailer: null, sms: null, secretOf: () => null, timeoutMs: 2000 };
    const r = await postJson(deps, `http://127.0.0.1:${port}/`, "{}", {});
    expect(r).toMatchObject({ ok: false, code: 302, error: "HTTP 302: redirect not followed" });
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
});
