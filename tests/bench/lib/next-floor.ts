/**
 * The memory goal's same-run reference: Next alone, serving the smallest App Router app
 * (tests/bench/next-floor: one dynamic page) from a process run exactly as Heliograph's server is
 * (scripts/server-process.mjs: the same node flags and malloc setting), warmed up like it and left idle
 * as long. What Heliograph's idle RSS adds above this is the app's own; this much is the framework's.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT, freePort } from "../../e2e/harness";
import { serverEnv, serverNodeArgs } from "../../../scripts/server-process.mjs";
import { load } from "./load";

const APP = join(ROOT, "tests/bench/next-floor");
const NEXT_BIN = join(ROOT, "node_modules/next/dist/bin/next");

export interface NextFloor {
  pid: number;
  url: string;
  stop: () => void;
}

/** Builds the floor app (about 10 s) unless built already, starts it, and warms it up as `warmUp` says. */
export async function startNextFloor(): Promise<NextFloor> {
  if (!existsSync(join(APP, ".next", "BUILD_ID"))) {
    const r = spawnSync(process.execPath, [NEXT_BIN, "build", APP], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) throw new Error(`building the Next floor app failed (${r.status}): ${r.stderr || r.stdout}`);
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = serverEnv({ ...process.env, NODE_ENV: "production" as const, NEXT_TELEMETRY_DISABLED: "1" });
  const proc: ChildProcess = spawn(process.execPath, [...serverNodeArgs(env), NEXT_BIN, "start", APP, "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the Next floor app exited (${proc.exitCode})`);
    const ok = await fetch(`${url}/`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error("the Next floor app did not answer within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pid: proc.pid!, url, stop: () => void proc.kill("SIGKILL") };
}

/** The same warm-up load the memory section gives Heliograph's demo page, on the floor app's page. */
export async function warmUpNextFloor(floor: NextFloor, headers: Record<string, string>): Promise<void> {
  await load("warm-up Next floor /", `${floor.url}/`, { connections: 16, durationS: 3, warmupS: 0, headers });
}
