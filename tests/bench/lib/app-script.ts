/**
 * Runs one of the benchmarks' scripts that write through the app's own code (tests/bench/lib/bench-*.ts) against the
 * database `env` points lib/env at, under tsx with the react-server condition (the lib code is server-only).
 * Returns its stdout; fails with its stderr.
 */
import { spawnSync } from "node:child_process";
import { ROOT } from "../../e2e/harness";

export function runAppScript(script: string, args: string[], env: Record<string, string>, input?: string): string {
  const r = spawnSync("npx", ["tsx", "--conditions=react-server", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    input,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${script} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}
