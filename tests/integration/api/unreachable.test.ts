/**
 * The database vanishing under the API: PostgreSQL behind a real TCP relay that the
 * test cuts while a query is in flight, while the pool is idle, and refuses afterwards. Every answer is
 * 503 with Retry-After in the error envelope, never a 500.
 */
import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, type Db } from "@/lib/db";
import { apiRoute, ok } from "@/lib/http/route";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/runtime/process-state";
import { newAccount, testDb } from "../../setup/db";
import { STORE } from "./fixtures";

/** A relay in front of PostgreSQL whose connections the test can cut, and which can refuse new ones. */
class Relay {
  readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;
  mode: "pipe" | "drop" = "pipe";
  constructor(private readonly upstream: { host: string; port: number }) {
    this.server = net.createServer((down) => {
      if (this.mode === "drop") return void down.destroy();
      const up = net.connect(this.upstream.port, this.upstream.host);
      for (const s of [down, up]) {
        this.sockets.add(s);
        s.on("error", () => {});
        s.on("close", () => (this.sockets.delete(s), down.destroy(), up.destroy()));
      }
      down.pipe(up).pipe(down);
    });
  }
  listen(): Promise<number> {
    return new Promise((r) => this.server.listen(0, "127.0.0.1", () => r((this.server.address() as net.AddressInfo).port)));
  }
  /** Destroys every connection through the relay, as a network cut does. */
  cut(): void {
    for (const s of this.sockets) s.destroy();
  }
  /** Stops listening: new connections are refused. */
  close(): Promise<void> {
    this.cut();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** getReadyDb()'s promise: the wrapper reads the database from it. */
const ready = processSlot<Promise<Db>>("db-ready");

// A route that holds a query open for as long as the test needs (pg_sleep), behind the real wrapper.
const slow = apiRoute({}, async ({ db }) => {
  await sql`select pg_sleep(30)`.execute(db);
  return ok({});
});
const quick = apiRoute({}, async ({ db }) => {
  await sql`select 1`.execute(db);
  return ok({ ok: true });
});

describe.runIf(STORE === "postgres")("an unreachable PostgreSQL answers 503, never 500", () => {
  let relay: Relay;
  let relayDb: Db;
  let apiKey: string;
  let original: Promise<Db> | undefined;

  beforeAll(async () => {
    apiKey = (await newAccount()).apiKey;
    const direct = new URL(process.env.DATABASE_URL!);
    relay = new Relay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const through = new URL(direct);
    through.port = String(await relay.listen());
    relayDb = createDb({ databaseUrl: through.toString(), poolSize: 2 });
    original = ready.get();
    ready.set(Promise.resolve(relayDb));
    vi.spyOn(log, "error").mockImplementation(() => undefined);
  });
  afterAll(async () => {
    ready.set(original);
    await relay?.close().catch(() => {});
    await relayDb?.destroy().catch(() => {});
  });

  const call = (route: typeof slow) => route(new Request("http://localhost/v1/probe", { headers: { authorization: `Bearer ${apiKey}` } }), { params: Promise.resolve({}) });

  async function expect503(res: Response) {
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
  }

  it("a connection cut while a query is in flight", async () => {
    expect((await call(quick)).status).toBe(200);
    const pending = call(slow);
    // Cut once the slow query is really running on the server.
    const db = await testDb();
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(30)%' and state = 'active'`.execute(db);
        expect(rows[0].n).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    relay.cut();
    await expect503(await pending);
  });

  it("connections cut while idle, then every new connection dropped as it opens", async () => {
    // The pool learns of the previous cut as its clients notice; then the relay serves again.
    await vi.waitFor(async () => expect((await call(quick)).status).toBe(200), { timeout: 10_000, interval: 50 });
    relay.mode = "drop";
    relay.cut();
    await expect503(await call(quick));
    await expect503(await call(quick));
  });

  it("connections refused", async () => {
    await relay.close();
    await expect503(await call(quick));
  });

  it("a pool that has been ended", async () => {
    await relayDb.destroy();
    await expect503(await call(quick));
  });
});
