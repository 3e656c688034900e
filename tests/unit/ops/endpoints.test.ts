import { afterEach, describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerOps, type OpsOptions } from "@/lib/ops/endpoints";
import { markBooted, probes, registerProbe } from "@/lib/ops/hooks";

afterEach(() => (probes() as Map<string, unknown>).clear());

/** Calls answerOps with a request from `address` and resolves with what it wrote. */
function ask(path: string, opts: OpsOptions, init: { address?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    const req = { method: "GET", url: path, headers: init.headers ?? {}, socket: { remoteAddress: init.address ?? "127.0.0.1" } } as unknown as IncomingMessage;
    let status = 0;
    const res = {
      req,
      writeHead: (s: number) => (status = s),
      end: (body?: string) => resolve({ status, body: body ?? "" }),
    } as unknown as ServerResponse;
    expect(answerOps(req, res, opts)).toBe(true);
  });
}

describe("ops endpoints", () => {
  it("open /metrics to a direct loopback client, but not behind a trusted proxy without the token", async () => {
    expect((await ask("/metrics", {})).status).toBe(200);
    // A bare proxy_pass on this host adds no forwarding header: with a trusted proxy configured, loopback proves nothing.
    expect((await ask("/metrics", { trustProxy: true })).status).toBe(403);
    expect((await ask("/metrics", { trustProxy: true, metricsToken: "s3cret" }, { headers: { authorization: "Bearer s3cret" } })).status).toBe(200);
    expect((await ask("/metrics", {}, { address: "203.0.113.9" })).status).toBe(403);
  });

  it("tell anyone whether the server is ready, but only an operator why not", async () => {
    registerProbe("database", async () => {
      throw new Error("connect ECONNREFUSED 10.1.2.3:5432");
    });
    markBooted();
    const stranger = await ask("/readyz", {}, { address: "203.0.113.9" });
    expect(stranger.status).toBe(503);
    expect(JSON.parse(stranger.body)).toEqual({ status: "unavailable", checks: { app: "ok", database: "failing" } });
    expect(stranger.body).not.toContain("10.1.2.3");
    const operator = await ask("/readyz", {});
    expect(JSON.parse(operator.body).checks.database).toBe("connect ECONNREFUSED 10.1.2.3:5432");
  });
});
