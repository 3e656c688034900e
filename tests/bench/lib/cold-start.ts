/**
 * The start goal: how long a new server process takes to answer 200 on a page, on a database that already
 * exists. Each start is a fresh process; the clock runs from spawning it.
 */
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { performance } from "node:perf_hooks";
import { DIST_DIR, ROOT, freePort } from "../../e2e/harness";
import { raw } from "../../e2e/cache-helpers";
import { sleep } from "./pool";

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const sock = connect(port, "127.0.0.1");
    sock.once("connect", () => (sock.destroy(), resolve(true)));
    sock.once("error", () => resolve(false));
  });

export interface ColdStart {
  /** first moment the port accepted a connection */
  listenMs: number;
  /** first 200 on the path */
  firstOkMs: number;
}

/** One cold start of `node scripts/serve.mjs` on `env` (which names the database); polls `path` every 5 ms. */
export async function coldStart(env: Record<string, string>, path: string): Promise<ColdStart> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const proc = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", HELIOGRAPH_PUBLIC_URL: url, HELIOGRAPH_DIST_DIR: DIST_DIR, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout.on("data", (d) => (out += d));
  proc.stderr.on("data", (d) => (out += d));
  const alive = () => {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (performance.now() - t0 > 60_000) throw new Error(`no 200 on ${path} within 60 s:\n${out}`);
  };
  try {
    while (!(await accepts(port))) {
      alive();
      await sleep(5);
    }
    const listenMs = performance.now() - t0;
    for (;;) {
      alive();
      const r = await raw(url, path, { "accept-encoding": "br, gzip" }).catch(() => undefined);
      if (r?.status === 200) return { listenMs, firstOkMs: performance.now() - t0 };
      await sleep(5);
    }
  } finally {
    if (proc.exitCode === null) {
      proc.kill("SIGTERM");
      await new Promise((r) => proc.once("exit", r));
    }
  }
}
