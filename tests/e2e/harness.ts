/**
 * Starts real Heliograph servers for browser and HTTP tests: the production build, a store of its
 * own per server, a free port. Import from test files; global-setup builds once per run.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { serverEnv, serverNodeArgs } from "../../scripts/server-process.mjs";

export const ROOT = join(import.meta.dirname, "../..");
export const DIST_DIR = process.env.HELIOGRAPH_DIST_DIR ?? ".next";

export async function buildOnce(): Promise<void> {
  if (process.env.HELIOGRAPH_E2E_SKIP_BUILD === "1" && existsSync(join(ROOT, DIST_DIR, "BUILD_ID"))) return;
  // `npm run build` (scripts/build.mjs): Next's build, then Heliograph's bundles, built here once rather than by
  // the first of the servers the tests start.
  const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, HELIOGRAPH_DIST_DIR: DIST_DIR, HELIOGRAPH_HARNESS_BUILD: "1" } });
  if (r.status !== 0) throw new Error("npm run build failed");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  /** everything the server printed (the demo API key is in it) */
  output: () => string;
  apiKey: () => string | undefined;
  stop: () => Promise<void>;
  proc: ChildProcess;
}

/**
 * A server on its own SQLite file (or `env.DATABASE_URL`), with demo data unless HELIOGRAPH_DEMO=false.
 * `command` defaults to the production start script.
 */
export async function startServer(opts: { env?: Record<string, string>; command?: string[] } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dir = join(ROOT, "tests/.tmp");
  mkdirSync(dir, { recursive: true });
  const dbFile = join(dir, `e2e-${randomUUID()}.db`);
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    HELIOGRAPH_PUBLIC_URL: `http://127.0.0.1:${port}`,
    HELIOGRAPH_SQLITE_PATH: dbFile,
    HELIOGRAPH_DIST_DIR: DIST_DIR,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  // By default the process `npm start` runs: the same node flags and environment defaults (scripts/server-process.mjs).
  const env = opts.command ? base : serverEnv(base);
  const command = opts.command ?? ["node", ...serverNodeArgs(env), "scripts/serve.mjs"];
  const proc = spawn(command[0], command.slice(1), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      if (r.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    proc,
    output: () => out,
    apiKey: () => /API key \(shown once\): (\S+)/.exec(out)?.[1],
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await new Promise((r) => proc.once("exit", r));
      }
      for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
    },
  };
}

/** Chromium flags for this sandbox: no sandbox as root, no background network calls. */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const CHROMIUM_PATH = "/usr/bin/chromium";
