/** PostgreSQL and Redis fixtures for the front-cache e2e tests and the benchmark: a fresh schema, a cuttable link. */
import net from "node:net";
import { randomUUID } from "node:crypto";
import pg from "pg";

export const PG_BASE_URL = process.env.HELIOGRAPH_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.HELIOGRAPH_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Fails with a clear message when the test Redis is not running (the multi-instance tests do not skip silently). */
export async function requireRedis(url = REDIS_URL): Promise<void> {
  const u = new URL(url);
  const ok = await new Promise<boolean>((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379), timeout: 2000 });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
    s.once("timeout", () => (s.destroy(), resolve(false)));
  });
  if (!ok) throw new Error(`Redis is not reachable at ${u.host} (set HELIOGRAPH_TEST_REDIS_URL or start redis-server): the multi-instance tests need it.`);
}

/** A schema of its own in the test database; `url(host, port)` points a server at it. */
export async function freshSchema(): Promise<{ schema: string; url: (port?: number) => string; drop: () => Promise<void> }> {
  const schema = `fc_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const c = new pg.Client({ connectionString: PG_BASE_URL });
  await c.connect();
  await c.query(`create schema ${schema}`);
  await c.end();
  const base = new URL(PG_BASE_URL);
  return {
    schema,
    url: (port?: number) => {
      const u = new URL(base);
      if (port) u.port = String(port);
      u.searchParams.set("options", `-c search_path=${schema}`);
      return u.toString();
    },
    drop: async () => {
      const d = new pg.Client({ connectionString: PG_BASE_URL });
      await d.connect();
      await d.query(`drop schema if exists ${schema} cascade`);
      await d.end();
    },
  };
}

/** A TCP relay in front of PostgreSQL that a test can cut (connections refused, open ones reset) and restore. */
export class CuttableLink {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target = { host: new URL(PG_BASE_URL).hostname, port: Number(new URL(PG_BASE_URL).port || 5432) }) {}

  async open(): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this.port;
  }

  async cut(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    for (const sock of this.sockets) sock.destroy();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }
}
