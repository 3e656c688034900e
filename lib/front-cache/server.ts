/**
 * The production server: Node's http server, the front cache, and Next's request handler behind it,
 * in one process. Bundled by scripts/build-server.mjs (no TypeScript at run time); started by
 * scripts/serve.mjs. The generation store is installed before Next loads, so the domain verbs running
 * inside Next's route modules bump the same store the cache reads (shared through globalThis).
 */
import http from "node:http";
import next from "next";
import { env } from "../env";
import { log } from "../log";
import { setGenerations } from "../cache/generations";
import { RedisGenerationStore } from "../cache/redis-generations";
import { FrontCache } from "./front-cache";
import { stampClientAddress } from "../access/client-address";

export interface StartedServer {
  server: http.Server;
  cache: FrontCache;
  close: () => Promise<void>;
}

export async function startServer(opts: { dir: string }): Promise<StartedServer> {
  let redis: RedisGenerationStore | undefined;
  if (env.REDIS_URL) {
    redis = await RedisGenerationStore.create({
      url: env.REDIS_URL,
      prefix: env.HELIOGRAPH_REDIS_PREFIX,
      onError: (err, where) => log.warn({ err: (err as Error)?.message, where }, "front cache: redis problem"),
    });
    setGenerations(redis);
    if (!(await redis.ready(5000))) log.warn("front cache: Redis not reachable yet; cached pages expire within a second until it is");
  }

  // No hostname here: with one, Next builds proxy.ts's request URLs and its rewrite base from different
  // hosts, and a custom-domain rewrite turns into an HTTP request back to ourselves (issue 3).
  const app = next({ dev: false, dir: opts.dir, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const cache = new FrontCache({
    handler: (req, res) => handle(req, res),
    maxBytes: env.HELIOGRAPH_FRONT_CACHE_MB * 1024 * 1024,
    trustProxy: env.HELIOGRAPH_TRUST_PROXY,
    ttlMs: env.HELIOGRAPH_FRONT_CACHE_TTL_SECONDS * 1000,
    staleMs: env.HELIOGRAPH_FRONT_CACHE_TTL_SECONDS * 1000,
    statsPath: env.HELIOGRAPH_FRONT_CACHE_STATS ? "/_heliograph/front-cache" : undefined,
    onError: (err, where) => log.error({ err, where }, "front cache: render failed"),
  });

  const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    stampClientAddress(req, env.HELIOGRAPH_TRUST_PROXY);
    return cache.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOSTNAME, () => resolve());
  });
  log.info({ port: env.PORT, frontCacheMb: env.HELIOGRAPH_FRONT_CACHE_MB, redis: Boolean(redis) }, "heliograph listening");

  const close = async () => {
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
    await app.close();
    await redis?.close();
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return { server, cache, close };
}
