/**
 * The production server: Node's http server, the front cache, the status page's own front door and Next behind them,
 * in one process (bundled by scripts/build.mjs, started by scripts/serve.mjs). The generation store is installed before
 * Next loads, so verbs inside Next's route modules bump the store the cache reads (lib/runtime/process-state.ts).
 */
import http from "node:http";
import { join } from "node:path";
import { env } from "../env";
import { log } from "../log";
import { ConfigError } from "../errors/config-error";
import type { RedisGenerationStore } from "../cache/redis-generations";
import { installSharedGenerations } from "../cache/shared-generations";
import { FrontCache } from "./front-cache";
import { CaptureResponse } from "./capture";
import { closeWhenBodyUnread } from "./unread-body";
import { stampClientAddress } from "../access/client-address";
import { answerOps } from "../ops/endpoints";
import { registerProbe, runShutdownHooks } from "../ops/hooks";
import { countAnswered, exposeFrontCache, observeRequest, timeRender } from "../ops/observe";
import { tenancyConfig } from "../tenancy/config";
import { installStaticPages } from "../static-pages/registry";
import { createStaticPages } from "../static-pages/render";
import { readPageAssets } from "../static-pages/assets";
import { serveDevAssets } from "../static-pages/dev-assets";
import { DEV_DIR, DEV_PAGE_ASSETS } from "../static-pages/dev-paths";
import { answerStatusPage } from "../static-pages/answer";
import type { RequestHandler } from "./front-cache";

/** Next loads on the first request it must answer, or this long after the port is bound, whichever is first. */
const NEXT_LOAD_DELAY_MS = 1000;

export interface StartedServer {
  server: http.Server;
  cache: FrontCache;
  close: () => Promise<void>;
}

/** Binds the port first: a port in use is one line and a non-zero exit before anything starts. */
function listen(server: http.Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      const reason = err.code === "EADDRINUSE" ? "address already in use" : err.code === "EACCES" ? "permission denied" : err.message;
      reject(new ConfigError(`Cannot listen on ${env.HOSTNAME}:${env.PORT}: ${reason}`));
    });
    server.listen(env.PORT, env.HOSTNAME, () => resolve());
  });
}

/**
 * dir: the project; distDir: its build folder, relative to it (next.config.mjs distDir); dev: Next in development
 * mode and the status page's assets as scripts/dev.mjs rebuilds them (it restarts this process on every change).
 */
export async function startServer(opts: { dir: string; distDir: string; dev?: boolean }): Promise<StartedServer> {
  // Before anything is answered: the status page is rendered through it, here (lib/static-pages/answer.ts) and by
  // its Next route handler (lib/static-pages/registry.ts).
  installStaticPages(createStaticPages(opts.dev ? DEV_PAGE_ASSETS : readPageAssets(join(opts.dir, opts.distDir))));
  const devAssets = opts.dev ? serveDevAssets(join(opts.dir, opts.distDir, DEV_DIR)) : undefined;
  let cache: FrontCache | undefined;
  let stopping = false;
  const server = http.createServer({ keepAliveTimeout: 65_000 });
  await listen(server);
  log.info({ port: env.PORT, frontCacheMb: env.HELIOGRAPH_FRONT_CACHE_MB, redis: Boolean(env.REDIS_URL) }, "heliograph listening");
  // Migrations, the signing secret, demo data, the in-process worker: ready (/readyz) without waiting for Next,
  // whose instrumentation hook finds this done (lib/startup/boot.ts runs once per process).
  void import("../startup/register-node").then((m) => m.registerNode()).catch((err) => log.error({ err }, "start-up failed"));

  let redis: RedisGenerationStore | undefined;
  let app: { close(): Promise<void> } | undefined;
  /*
   * Next is loaded on demand: its modules take about 700 ms to load and compile, and the status page (the
   * request a new process gets most, and the one that matters during an outage) is answered without it
   * (lib/static-pages/answer.ts). The first request for anything else waits for it.
   */
  let nextHandler: Promise<RequestHandler> | undefined;
  const loadNext = () =>
    (nextHandler ??= (async () => {
      const { default: next } = await import("next");
      // No hostname here: with one, Next builds proxy.ts's request URLs and its rewrite base from different
      // hosts, and a custom-domain rewrite turns into an HTTP request back to ourselves.
      const nextApp = next({ dev: Boolean(opts.dev), dir: opts.dir, port: env.PORT });
      app = nextApp;
      await nextApp.prepare();
      return nextApp.getRequestHandler() as RequestHandler;
    })());
  const nextTimer = setTimeout(() => void loadNext().catch((err) => log.error({ err }, "loading Next failed")), NEXT_LOAD_DELAY_MS);
  nextTimer.unref();
  const tenancy = tenancyConfig();
  const render = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (await answerStatusPage(req, res, { tenancy, direct: !(res instanceof CaptureResponse) })) return;
    await (await loadNext())(req, res);
  };
  const started = (async () => {
    redis = await installSharedGenerations("server");
    if (redis) {
      const store = redis;
      registerProbe("redis", async () => {
        if (!store.healthy()) throw new Error("not subscribed or not in sync");
      });
    }
    const c = new FrontCache({
      handler: (req, res) => (res instanceof CaptureResponse ? timeRender(render(req, res)) : render(req, res)),
      // Off in development: an edited page must show at the next reload.
      maxBytes: opts.dev ? 0 : env.HELIOGRAPH_FRONT_CACHE_MB * 1024 * 1024,
      trustProxy: env.HELIOGRAPH_TRUST_PROXY,
      tenancy,
      ttlMs: env.HELIOGRAPH_FRONT_CACHE_TTL_SECONDS * 1000,
      staleMs: env.HELIOGRAPH_FRONT_CACHE_TTL_SECONDS * 1000,
      statsPath: env.HELIOGRAPH_FRONT_CACHE_STATS ? "/_heliograph/front-cache" : undefined,
      onError: (err, where) => log.error({ err, where }, "front cache: render failed"),
    });
    exposeFrontCache(c);
    cache = c;
    return c;
  })();
  started.catch(() => {});
  // Read once: env is a validating Proxy, and every request would ask it.
  const trustProxy = env.HELIOGRAPH_TRUST_PROXY;
  const opsOptions = { metricsToken: env.HELIOGRAPH_METRICS_TOKEN, trustProxy };
  // Attached in the same tick as listening resumed here, so no request can arrive before it.
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const start = process.hrtime.bigint();
    closeWhenBodyUnread(req, res);
    // A fresh hit first, counted once sent (no listener). Ops paths never have an entry: only handle stores, after answerOps.
    const hit = stopping ? undefined : cache?.answerHit(req, res);
    if (hit) return countAnswered(req, res, start, hit.cacheControl);
    stampClientAddress(req, trustProxy);
    observeRequest(req, res, start);
    if (stopping) res.setHeader("Connection", "close");
    if (answerOps(req, res, opsOptions)) return;
    if (devAssets?.(req, res)) return;
    if (cache) return cache.handle(req, res);
    // Requests that arrive while the app loads wait for it.
    started.then(
      (c) => c.handle(req, res),
      () => res.writeHead(503, { "Retry-After": "5" }).end(),
    );
  });

  /** Stops accepting, lets requests in flight and claimed deliveries finish within the bound, then closes. */
  const close = async (graceMs = 0) => {
    stopping = true;
    const closed = new Promise<void>((r) => server.close(() => r()));
    // Keep-alive connections with nothing in flight would hold the server open: close them as they go idle.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), graceMs)));
    const outcome = await Promise.race([Promise.all([closed, runShutdownHooks()]), bound]);
    clearTimeout(timer);
    clearInterval(idle);
    if (outcome === "timeout") {
      log.warn({ graceMs }, "shutdown: work still in flight at the bound; closing anyway");
      server.closeAllConnections();
    }
    clearTimeout(nextTimer);
    await app?.close();
    await redis?.close();
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      log.info({ signal: sig }, "heliograph stopping");
      close(env.HELIOGRAPH_SHUTDOWN_TIMEOUT_SECONDS * 1000).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return { server, cache: await started, close: () => close(0) };
}
