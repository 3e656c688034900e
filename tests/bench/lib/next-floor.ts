/**
 * The memory goal's same-run reference: Next alone serving the smallest App Router app, run exactly as Heliograph's
 * server is (scripts/server-process.mjs), warmed up and idle as long: above this, idle RSS is the app's own. Built
 * outside the repository, where Turbopack would compile Heliograph's proxy.ts and instrumentation.ts into it (README).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, freePort } from "../../e2e/harness";
import { serverEnv, serverNodeArgs } from "../../../scripts/server-process.mjs";
import { load } from "./load";

const SOURCE = join(ROOT, "tests/bench/next-floor");
const versionOf = (pkg: string): string => (JSON.parse(readFileSync(join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;
const VERSIONS = { next: versionOf("next"), react: versionOf("react"), "react-dom": versionOf("react-dom") };
/** Its folder is named after what it is built from (versions and the app's files), so a change builds it anew. */
const SOURCE_FILES = readdirSync(SOURCE, { recursive: true, encoding: "utf8" })
  .filter((f) => !f.startsWith(".next") && statSync(join(SOURCE, f)).isFile())
  .sort();
const FINGERPRINT = createHash("sha256")
  .update(JSON.stringify(VERSIONS))
  .update(JSON.stringify(SOURCE_FILES.map((f) => [f, readFileSync(join(SOURCE, f), "utf8")])))
  .digest("hex")
  .slice(0, 12);
const APP = join(tmpdir(), `heliograph-next-floor-${FINGERPRINT}`);
const NEXT_BIN = join(APP, "node_modules/next/dist/bin/next");

export interface NextFloor {
  pid: number;
  url: string;
  stop: () => void;
}

function run(command: string, args: string[], what: string): void {
  const r = spawnSync(command, args, { cwd: APP, encoding: "utf8", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" } });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${(r.stderr || r.stdout).slice(-2000)}`);
}

/** The floor app, built once per version of next and react (npm install and build: about 30 s), then started. */
export async function startNextFloor(): Promise<NextFloor> {
  if (!existsSync(join(APP, ".next", "BUILD_ID"))) {
    rmSync(APP, { recursive: true, force: true });
    mkdirSync(APP, { recursive: true });
    cpSync(SOURCE, APP, { recursive: true, filter: (src) => !src.includes("/.next") });
    writeFileSync(join(APP, "package.json"), `${JSON.stringify({ name: "heliograph-next-floor", private: true, dependencies: VERSIONS }, null, 1)}\n`);
    run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], "installing next for the floor app");
    run(process.execPath, [NEXT_BIN, "build", APP], "building the floor app");
  }
  if (existsSync(join(APP, ".next", "server", "instrumentation.js")) || existsSync(join(APP, ".next", "server", "middleware.js"))) {
    throw new Error(`the floor app in ${APP} was built with an instrumentation hook or proxy: it must be Next alone`);
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = serverEnv({ ...process.env, NODE_ENV: "production" as const, NEXT_TELEMETRY_DISABLED: "1" });
  // Its output is not read (stdout ignored, so a chatty server never blocks on a full pipe); the last of stderr is
  // kept for the error when it does not come up.
  const proc: ChildProcess = spawn(process.execPath, [...serverNodeArgs(env), NEXT_BIN, "start", APP, "-p", String(port), "-H", "127.0.0.1"], { cwd: APP, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  let spawnError: Error | undefined;
  proc.once("error", (err) => (spawnError = err));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (spawnError || proc.exitCode !== null) throw new Error(`the Next floor app exited (${spawnError?.message ?? proc.exitCode}): ${stderr}`);
    const ok = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`the Next floor app did not answer within 30 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pid: proc.pid!, url, stop: () => void proc.kill("SIGKILL") };
}

/** The same warm-up load the memory section gives Heliograph's demo page, on the floor app's page. */
export async function warmUpNextFloor(floor: NextFloor, headers: Record<string, string>): Promise<void> {
  await load("warm-up Next floor /", `${floor.url}/`, { connections: 16, durationS: 3, warmupS: 0, headers });
}
