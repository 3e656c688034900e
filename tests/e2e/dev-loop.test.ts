/**
 * `npm run dev` rebuilds and restarts the server on a change under lib/: the status page, which Heliograph's server
 * renders itself, shows an edit of lib/public-page/load.ts at the next request, as Next's incident pages do. Runs on a
 * copy of the sources in the ignored tests/.tmp (node_modules found above it), so the checkout's files are never touched.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, freePort } from "./harness";

const COPIED = ["app", "components", "lib", "public", "scripts", "package.json", "tsconfig.json", "next.config.mjs", "postcss.config.mjs", "proxy.ts", "instrumentation.ts"];
const LOAD = "lib/public-page/load.ts";
const LOADER = "export async function loadRecentSnapshot(";
/** The home page's snapshot loader, wrapped so that every card's name carries `probe`. */
const wrapped = (source: string, probe: string) =>
  `${source.replace(LOADER, "async function loadRecentSnapshotAsBuilt(")}
export async function loadRecentSnapshot(...args: Parameters<typeof loadRecentSnapshotAsBuilt>): Promise<PageSnapshot> {
  const snap = await loadRecentSnapshotAsBuilt(...args);
  return { ...snap, entries: snap.entries.map((e) => ({ ...e, name: \`\${e.name} ${probe}\` })) };
}
`;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number, output: () => string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s. Output:\n${output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("npm run dev", () => {
  let tree: string | undefined;
  let dev: ChildProcess | undefined;

  afterAll(async () => {
    if (dev && dev.exitCode === null) {
      const exited = new Promise((r) => dev!.once("exit", r));
      dev.kill("SIGTERM");
      const killer = setTimeout(() => dev!.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
    if (tree) rmSync(tree, { recursive: true, force: true });
  }, 30_000);

  it("restarts the server with an edit under lib/ and serves the status page from it", async () => {
    mkdirSync(join(ROOT, "tests/.tmp"), { recursive: true });
    tree = mkdtempSync(join(ROOT, "tests/.tmp/dev-loop-"));
    for (const entry of COPIED) cpSync(join(ROOT, entry), join(tree, entry), { recursive: true });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", HELIOGRAPH_PUBLIC_URL: url, HELIOGRAPH_SQLITE_PATH: join(tree, "dev.db"), LOG_LEVEL: "info" };
    for (const name of ["DATABASE_URL", "HELIOGRAPH_DIST_DIR", "NODE_ENV", "REDIS_URL"]) delete env[name];
    dev = spawn(process.execPath, ["scripts/dev.mjs"], { cwd: tree, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    dev.stdout!.on("data", (d) => (out += d));
    dev.stderr!.on("data", (d) => (out += d));
    const output = () => out;
    const listening = () => out.split("\n").filter((l) => l.includes("heliograph listening")).length;
    const page = async () => {
      const res = await fetch(`${url}/acme`, { signal: AbortSignal.timeout(5000) });
      return res.status === 200 ? res.text() : undefined;
    };

    const before = await until("the page was not served", page, 120_000, output);
    expect(before).toContain("Acme Cloud");
    expect(listening()).toBe(1);

    const probe = `probe-${randomUUID()}`;
    const source = readFileSync(join(tree!, LOAD), "utf8");
    expect(source).toContain(LOADER);
    writeFileSync(join(tree!, LOAD), wrapped(source, probe));

    const after = await until("the edit did not show", async () => ((await page())?.includes(probe) ? true : undefined), 120_000, output);
    expect(after).toBe(true);
    // A new server process answered it, not a reload inside the old one.
    expect(listening()).toBe(2);
    expect(out).toContain(`heliograph dev: ${LOAD} changed: rebuilding and restarting`);
  }, 300_000);
});
