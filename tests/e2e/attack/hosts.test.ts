/**
 * Request targets and Host headers no HTTP client library would send, byte for byte over a socket to a production
 * server: an absolute-form target's authority is the host (unknown: 404, never reflected in a Location), odd Host
 * forms answer 4xx or the page they name, never 5xx, and never multiply the front cache's keys.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../harness";
import { rawExchange, requestText } from "./raw-socket";

let server: RunningServer;
let own: string;

beforeAll(async () => {
  server = await startServer();
  own = `127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.stop();
});

const send = (target: string, headers: [string, string][], method = "GET") => rawExchange(server.port, requestText(target, headers, method));

describe("absolute-form request targets", () => {
  it.each([
    ["http://evil.example/acme"],
    ["https://evil.example/acme"],
    ["http://evil.example:8080/acme?x=1"],
    ["HTTP://EVIL.EXAMPLE/acme"],
    [`http://evil.example/${"acme"}/history`],
  ])("%s with our Host: the target's host counts, unknown → 404, nothing reflected", async (target) => {
    const r = await send(target, [["Host", "127.0.0.1"]]);
    expect(r.status).toBe(404);
    expect(r.headers.location).toBeUndefined();
    expect(r.raw.toLowerCase()).not.toContain("evil.example");
  });

  it("naming this server, it serves the page", async () => {
    const r = await send(`http://${own}/acme`, [["Host", "evil.example"]]);
    expect(r.status).toBe(200);
    expect(r.body).toContain("Acme Cloud");
  });

  it.each([["ftp://evil.example/acme"], ["http://user:pw@127.0.0.1/acme"], ["*"], ["evil.example:443"], ["acme"]])("%s: 400", async (target) => {
    const r = await send(target, [["Host", own]]);
    expect(r.status).toBe(400);
    expect(r.headers.location).toBeUndefined();
  });
});

describe("odd Host headers", () => {
  it("no Host on HTTP/1.1: 400; on HTTP/1.0: the unknown-host 404", async () => {
    expect((await send("/acme", [])).status).toBe(400);
    const old = await rawExchange(server.port, "GET /acme HTTP/1.0\r\n\r\n");
    expect(old.status).toBe(404);
  });

  it("two Host headers: 400, whichever comes first", async () => {
    expect((await send("/acme", [["Host", own], ["Host", "evil.example"]])).status).toBe(400);
    expect((await send("/acme", [["Host", "evil.example"], ["Host", own]])).status).toBe(400);
  });

  it.each([
    ["userinfo", "evil.example@127.0.0.1:{port}", 404],
    ["userinfo (ours first)", "127.0.0.1:{port}@evil.example", 404],
    ["IPv6 loopback literal", "[::1]:{port}", 200],
    ["trailing dot", "localhost.:{port}", 200],
    ["upper case", "LOCALHOST:{port}", 200],
    ["very long", `${"a".repeat(63)}.`.repeat(150), 404],
    ["bad port", "127.0.0.1:99999", 404],
    ["bare IPv6", "::1", 404],
    ["backslash", "127.0.0.1\\evil.example", 404],
  ] as const)("%s: %s → %i, never 5xx", async (_name, host, status) => {
    const r = await send("/acme", [["Host", host.replace("{port}", String(server.port))]]);
    expect(r.status).toBe(status);
    expect(r.headers.location ?? "").not.toContain("evil");
  });

  it("a host too long for the server's header limit: 431, not 5xx", async () => {
    const r = await send("/acme", [["Host", "a".repeat(20_000)]]);
    expect(r.status).toBe(431);
  });

  it("another port or a trailing dot on our host is the same cache entry, not a fresh render", async () => {
    expect((await send("/acme", [["Host", own]])).status).toBe(200);
    for (const host of ["127.0.0.1:1", "127.0.0.1:2", "127.0.0.1.", "127.0.0.1.:3"]) {
      const r = await send("/acme", [["Host", host]]);
      expect(r.status, host).toBe(200);
      expect(r.headers["x-heliograph-cache"], host).toMatch(/^HIT/);
    }
  });
});
