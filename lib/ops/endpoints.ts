/**
 * /healthz, /readyz and /metrics, answered by the server layer before the front cache and Next: they
 * never render, never cache, and answer while the app is still starting or its database is gone.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual, createHash } from "node:crypto";
import { metrics } from "../metrics/registry";
import { isBooted, probes } from "./hooks";

const PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
const PROBE_TIMEOUT_MS = 2_000;

export interface OpsOptions {
  /** bearer token that opens /metrics to non-loopback clients; unset = loopback only */
  metricsToken?: string;
  /** behind a trusted proxy every request may be relayed through loopback: only the token opens /metrics */
  trustProxy?: boolean;
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...extra });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, "application/json; charset=utf-8", JSON.stringify(body));

/**
 * Loopback and not relayed by a proxy on this host (a proxy's own address is loopback too). With a trusted
 * proxy configured nothing counts as direct: a bare proxy_pass adds no forwarding header to tell.
 */
function isDirectLoopback(req: IncomingMessage, trustProxy: boolean): boolean {
  if (trustProxy) return false;
  const a = req.socket.remoteAddress ?? "";
  const loopback = a === "127.0.0.1" || a === "::1" || a === "::ffff:127.0.0.1";
  return loopback && req.headers["x-forwarded-for"] === undefined && req.headers.forwarded === undefined && req.headers["x-real-ip"] === undefined;
}

function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

async function withTimeout(p: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS)));
  try {
    await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every check by name: "ok", or what failed. */
export async function readiness(booted = isBooted()): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const checks: Record<string, string> = { app: booted ? "ok" : "starting" };
  await Promise.all(
    [...probes()].map(async ([name, probe]) => {
      try {
        await withTimeout(probe());
        checks[name] = "ok";
      } catch (err) {
        checks[name] = String((err as Error)?.message ?? err).split("\n")[0].slice(0, 200);
      }
    }),
  );
  return { ready: Object.values(checks).every((v) => v === "ok"), checks };
}

/** Answers an ops path and returns true; returns false for every other request. */
export function answerOps(req: IncomingMessage, res: ServerResponse, opts: OpsOptions): boolean {
  const path = (req.url ?? "").split("?")[0];
  if (!PATHS.has(path)) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    send(res, 405, "text/plain; charset=utf-8", "Method Not Allowed\n", { Allow: "GET, HEAD" });
    return true;
  }
  if (path === "/healthz") {
    json(res, 200, { status: "ok" });
    return true;
  }
  const operator = isDirectLoopback(req, opts.trustProxy ?? false) || tokenMatches(req.headers.authorization, opts.metricsToken);
  if (path === "/readyz") {
    // Anyone may ask whether the server is ready; only an operator reads why not (driver errors name hosts).
    const shown = (checks: Record<string, string>) => (operator ? checks : Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, v === "ok" ? "ok" : "failing"])));
    void readiness().then(
      ({ ready, checks }) => json(res, ready ? 200 : 503, { status: ready ? "ready" : "unavailable", checks: shown(checks) }),
      () => json(res, 503, { status: "unavailable", checks: {} }),
    );
    return true;
  }
  if (!operator) {
    send(res, 403, "text/plain; charset=utf-8", "Metrics are served to loopback clients, or with the bearer token of HELIOGRAPH_METRICS_TOKEN.\n");
    return true;
  }
  const { registry } = metrics();
  void registry.metrics().then(
    (text) => send(res, 200, registry.contentType, text),
    () => send(res, 500, "text/plain; charset=utf-8", "metrics failed\n"),
  );
  return true;
}
