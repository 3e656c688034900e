/**
 * Operating the production server: a port in use, liveness/readiness, Prometheus metrics, and a
 * graceful stop on SIGTERM.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { raw } from "./cache-helpers";
import { ROOT, startServer, type RunningServer } from "./harness";

const TOKEN = "metrics-token-0123456789";
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { HELIOGRAPH_METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await server?.stop();
});

describe("a start on a port in use", () => {
  it("exits non-zero with one line on stderr, and never says ready", async () => {
    const proc = spawn("node", ["scripts/serve.mjs"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(server.port), HOSTNAME: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "info", HELIOGRAPH_SQLITE_PATH: "tests/.tmp/port-in-use.db" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (d) => (stdout += d));
    proc.stderr.on("data", (d) => (stderr += d));
    const code = await new Promise<number | null>((r) => proc.once("exit", (c) => r(c)));
    expect(code).not.toBe(0);
    expect(stderr.trimEnd().split("\n")).toEqual([`heliograph: Cannot listen on 127.0.0.1:${server.port}: address already in use`]);
    expect(stdout).not.toMatch(/ready|API key/);
  });
});

describe("health, readiness and metrics", () => {
  it("/healthz and /readyz answer JSON, never cached, never a page", async () => {
    const live = await raw(server.url, "/healthz");
    expect(live.status).toBe(200);
    expect(JSON.parse(live.text)).toEqual({ status: "ok" });
    expect(live.headers["cache-control"]).toBe("no-store");
    const ready = await raw(server.url, "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: "ready", checks: { app: "ok", database: "ok", migrations: "ok" } });
  });

  it("/metrics: Prometheus text to loopback, with requests by route class, front cache, outbox and refusals", async () => {
    await raw(server.url, "/acme");
    await raw(server.url, "/acme");
    await raw(server.url, "/v1/status-pages", { authorization: "Bearer nope" });
    const m = await raw(server.url, "/metrics");
    expect(m.status).toBe(200);
    expect(m.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(m.text).toMatch(/^heliograph_http_requests_total\{route_class="page",status="2xx"\} [1-9]/m);
    expect(m.text).toMatch(/^heliograph_http_requests_total\{route_class="api",status="4xx"\} [1-9]/m);
    expect(m.text).toMatch(/^heliograph_http_request_duration_seconds_count\{route_class="page"\} [1-9]/m);
    expect(m.text).toMatch(/^heliograph_front_cache_hits_total [1-9]/m);
    expect(m.text).toMatch(/^heliograph_front_cache_render_seconds_count [1-9]/m);
    expect(m.text).toMatch(/^# TYPE heliograph_outbox_depth gauge/m);
    expect(m.text).toMatch(/^# TYPE heliograph_rate_limit_refusals_total counter/m);
  });

  it("/metrics: refused through a proxy on this host or from elsewhere, unless the bearer token is sent", async () => {
    expect((await raw(server.url, "/metrics", { "x-forwarded-for": "203.0.113.9" })).status).toBe(403);
    expect((await raw(server.url, "/metrics", { "x-forwarded-for": "203.0.113.9", authorization: "Bearer wrong-token-000000000" })).status).toBe(403);
    expect((await raw(server.url, "/metrics", { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

describe("SIGTERM", () => {
  it("stops accepting, lets the request in flight finish, then exits 0", async () => {
    const s = await startServer();
    try {
      // A request in flight: the server has taken it (100 Continue) and its body is still to come.
      const sock = net.connect(s.port, "127.0.0.1");
      let answer = "";
      const taken = new Promise<void>((r) => sock.on("data", (d) => ((answer += d), answer.includes("100 Continue") && r())));
      const closed = new Promise<void>((r) => sock.once("close", () => r()));
      sock.write(`POST /acme/access HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n`);
      await taken;
      answer = "";
      const exited = new Promise<number | null>((r) => s.proc.once("exit", (c) => r(c)));
      s.proc.kill("SIGTERM");
      // New connections are refused once the listener is closed.
      await vi.waitFor(
        () =>
          new Promise<void>((resolve, reject) => {
            const probe = net.connect(s.port, "127.0.0.1");
            probe.once("connect", () => (probe.destroy(), reject(new Error("still accepting"))));
            probe.on("error", (err: NodeJS.ErrnoException) => (err.code === "ECONNREFUSED" ? resolve() : reject(err)));
          }),
        { timeout: 10_000, interval: 50 },
      );
      expect(s.proc.exitCode).toBeNull();
      sock.write("5\r\nnext=\r\n0\r\n\r\n");
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 303 /);
      expect(await exited).toBe(0);
    } finally {
      await s.stop();
    }
  });
});
